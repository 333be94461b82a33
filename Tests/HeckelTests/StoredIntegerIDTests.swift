@testable import Heckel
import Testing

/// Integer identities read where they lie in the elements
/// (`ListDiff.storedIntegerIdentities`, taken by `init(from:to:identifiedBy:)`
/// with a key path) against the closure form and the general path, on the
/// same lists, for every width.
@Suite struct StoredIntegerIDTests {
    struct Record<ID: FixedWidthInteger>: Equatable {
        var flag: UInt8
        var id: ID
        var revision: Int
    }

    struct Nested: Equatable {
        var name: String
        var inner: Record<Int64>
    }

    func check<Element: Equatable, ID: Hashable>(
        _ old: [Element], _ new: [Element], _ path: KeyPath<Element, ID>, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let stored = ListDiff(from: old, to: new, identifiedBy: path)
        #expect(stored == ListDiff(from: old, to: new, identifiedBy: { $0[keyPath: path] }), "\(context)",
                sourceLocation: sourceLocation)
        #expect(stored == ListDiff(from: old, to: new, identifiedBy: { Opaque($0[keyPath: path]) }), "\(context)",
                sourceLocation: sourceLocation)
        checkInvariants(stored, old: old, new: new, identity: { $0[keyPath: path] }, same: ==, updatesExpected: true,
                        context, sourceLocation: sourceLocation)
    }

    func records<ID: FixedWidthInteger>(_ values: [Int], _: ID.Type, changed: Bool) -> [Record<ID>] {
        values.map { Record(flag: 1, id: ID(truncatingIfNeeded: $0 &* -7919), revision: changed && $0 % 5 == 0 ? 9 : $0 % 3) }
    }

    @Test func storedIntegersAgree() {
        var random = RandomListPairs(seed: 48)
        for round in 0..<80 {
            let (old, new) = random.pair(distinct: 300, largest: 600)
            check(records(old, Int.self, changed: false), records(new, Int.self, changed: true), \.id, "Int, round \(round)")
            check(records(old, Int32.self, changed: false), records(new, Int32.self, changed: true), \.id, "Int32, round \(round)")
            check(records(old, UInt16.self, changed: false), records(new, UInt16.self, changed: true), \.id, "UInt16, round \(round)")
            check(records(old, UInt8.self, changed: false), records(new, UInt8.self, changed: true), \.id, "UInt8, round \(round)")
            check(records(old, Int64.self, changed: false).map { Nested(name: "n", inner: $0) },
                  records(new, Int64.self, changed: true).map { Nested(name: "n", inner: $0) }, \.inner.id, "nested, round \(round)")
        }
    }

    /// The pass itself: taken for contiguous lists (so the test above runs
    /// it), declined for others.
    @Test func inPlacePassTakesWhatItShould() throws {
        let offset = try #require(MemoryLayout<Record<Int32>>.offset(of: \Record<Int32>.id))
        let old = records(Array(0..<50), Int32.self, changed: false), new = records(Array((0..<50).reversed()), Int32.self, changed: true)
        let taken = ListDiff.storedIntegerIdentities(old, new, offset: offset, width: 4, options: .init(), cancel: nil)
        #expect(try taken?.get() == ListDiff(from: old, to: new, identifiedBy: { $0.id }))
        #expect(try taken?.get().updates.count == 10)
        #expect(ListDiff.storedIntegerIdentities(old.lazy.filter { _ in true }, new, offset: offset, width: 4,
                                                 options: .init(), cancel: nil) == nil)
    }
}
