import Heckel
import Testing

/// The `async` key-path forms read a stored identity at its offset in the
/// element (`fieldReader`) and project any other key path at run time: every
/// layout (a field after padding, a field of a nested struct, a `String`
/// field, a computed property, a class's property, which has no inline
/// offset) gives the diff of the synchronous closure form, and holds against
/// the lists.
@Suite struct AsyncKeyPathTests {
    struct Padded: Equatable, Sendable { var flag: UInt8; var id: Int; var content: Int }
    struct Inner: Equatable, Sendable { var tag: Bool; var id: Int32; var name: String }
    struct Nested: Equatable, Sendable { var content: Int; var inner: Inner }
    struct Computed: Equatable, Sendable {
        var raw: Int
        var content: Int
        var id: Int { raw / 2 }
    }
    final class Object: Equatable, Sendable {
        let id: Int
        let content: Int
        init(id: Int, content: Int) { (self.id, self.content) = (id, content) }
        static func == (a: Object, b: Object) -> Bool { a.id == b.id && a.content == b.content }
    }

    /// Ids for an old and a new list with deletions, insertions, moves and
    /// duplicates (the values repeat).
    static func idPairs(_ count: Int, seed: UInt64) -> ([Int], [Int]) {
        var rng = SeededGenerator(seed: seed)
        let old = (0..<count).map { _ in Int(rng.next() % UInt64(count / 2 + 1)) }
        var new = old.filter { _ in rng.next() % 5 != 0 }
        for _ in 0..<(count / 5) { new.insert(Int(rng.next() % UInt64(count)), at: Int(rng.next() % UInt64(new.count + 1))) }
        return (old, new)
    }

    func expectSame<Element: Equatable & Sendable, ID: Hashable & Sendable>(
        _ old: [Element], _ new: [Element], _ path: KeyPath<Element, ID> & Sendable, _ id: (Element) -> ID,
        _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let expected = ListDiff(from: old, to: new, identifiedBy: id)
        let byKeyPath = try await ListDiff.computed(from: old, to: new, identifiedBy: path)
        #expect(byKeyPath == expected, "\(context)", sourceLocation: sourceLocation)
        checkInvariants(byKeyPath, old: old, new: new, identity: id, same: ==, updatesExpected: true, context,
                        sourceLocation: sourceLocation)
        let sectioned = try await SectionedDiff.computed(
            from: [ListSection(id: 0, items: old)], to: [ListSection(id: 0, items: new)], identifiedBy: { $0[keyPath: path] })
        #expect(try sectioned == SectionedDiff(from: [ListSection(id: 0, items: old)],
                                               to: [ListSection(id: 0, items: new)], identifiedBy: id),
                "sectioned \(context)", sourceLocation: sourceLocation)
    }

    @Test func everyLayoutAgreesWithTheClosureForm() async throws {
        for (count, seed) in [(0, 1), (1, 2), (40, 3), (300, 4), (3_000, 5)] as [(Int, UInt64)] {
            let (oldIDs, newIDs) = Self.idPairs(count, seed: seed)
            // Contents differ for some equal ids, so there are updates.
            func content(_ id: Int, _ side: Int) -> Int { id % 7 == 0 ? side : 0 }
            try await expectSame(oldIDs.map { Padded(flag: 1, id: $0, content: content($0, 0)) },
                                 newIDs.map { Padded(flag: 2, id: $0, content: content($0, 1)) },
                                 \.id, { $0.id }, "padded, \(count)")
            func nested(_ id: Int, _ side: Int) -> Nested {
                Nested(content: content(id, side), inner: Inner(tag: side == 0, id: Int32(id), name: "row \(id)"))
            }
            try await expectSame(oldIDs.map { nested($0, 0) }, newIDs.map { nested($0, 1) },
                                 \.inner.id, { $0.inner.id }, "nested Int32, \(count)")
            try await expectSame(oldIDs.map { nested($0, 0) }, newIDs.map { nested($0, 1) },
                                 \.inner.name, { $0.inner.name }, "nested String, \(count)")
            try await expectSame(oldIDs.map { Computed(raw: 2 * $0, content: content($0, 0)) },
                                 newIDs.map { Computed(raw: 2 * $0 + 1, content: content($0, 1)) },
                                 \.id, { $0.id }, "computed, \(count)")
            try await expectSame(oldIDs.map { Object(id: $0, content: content($0, 0)) },
                                 newIDs.map { Object(id: $0, content: content($0, 1)) },
                                 \.id, { $0.id }, "class, \(count)")
        }
    }
}
