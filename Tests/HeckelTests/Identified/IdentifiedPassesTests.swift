import Foundation
import Heckel
import Testing

/// The identity pass (identities gathered into one scratch buffer, matched as
/// a plain diff of them) and the updates pass (pairs written after the diff's
/// offsets, then in a storage of their own): every identity type against the
/// general path on the same lists, updates past the diff's free room,
/// collections that are not contiguous, and identities released on every exit.
@Suite struct IdentifiedPassesTests {
    /// A record with an identity of type `ID` and a content that makes
    /// updates.
    struct Record<ID: Hashable>: Equatable {
        var id: ID
        var content: Int
    }

    /// Records for `values`: identities `makeID(value)`, content from
    /// `content(offset, value)`.
    static func records<ID>(_ values: [Int], _ makeID: (Int) -> ID, content: (Int, Int) -> Int) -> [Record<ID>] {
        values.enumerated().map { Record(id: makeID($1), content: content($0, $1)) }
    }

    /// The diff by `\.id` equals the closure form and the general path's
    /// (`Opaque` identities: hash values and `==`), and holds against the
    /// lists: in-order pairing by identity, exactly the unequal matched
    /// pairs as updates, the script rebuilding `new`.
    func check<ID: Hashable>(
        _ old: [Record<ID>], _ new: [Record<ID>], _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let byKeyPath = ListDiff(from: old, to: new, identifiedBy: \.id)
        let byClosure = ListDiff(from: old, to: new, identifiedBy: { $0.id })
        let general = ListDiff(from: old, to: new, identifiedBy: { Opaque($0.id) })
        #expect(byKeyPath == general, "\(context)", sourceLocation: sourceLocation)
        #expect(byClosure == general, "\(context)", sourceLocation: sourceLocation)
        checkInvariants(byKeyPath, old: old, new: new, identity: \.id, same: ==, updatesExpected: true, context,
                        sourceLocation: sourceLocation)
    }

    /// Integer identities of every width, `UUID`, `Double` and `String`
    /// (a closure result, so not read in place), with repeated identities:
    /// the same diff as the general path.
    @Test func everyIdentityTypeAgreesWithTheGeneralPath() {
        var random = RandomListPairs(seed: 1101)
        for round in 0..<240 {
            let (oldValues, newValues) = random.pair(distinct: round % 3 == 0 ? 7 : 5_000, largest: 1_500)
            let content = { (offset: Int, value: Int) in (value + offset) % 3 }
            let context = "round \(round)"
            switch round % 6 {
            case 0: check(Self.records(oldValues, { $0 }, content: { _, v in v % 3 }),
                          Self.records(newValues, { $0 }, content: content), context)
            case 1: check(Self.records(oldValues, { Int32($0) }, content: { _, v in v % 3 }),
                          Self.records(newValues, { Int32($0) }, content: content), context)
            case 2: check(Self.records(oldValues, { UInt8(truncatingIfNeeded: $0) }, content: { _, v in v % 3 }),
                          Self.records(newValues, { UInt8(truncatingIfNeeded: $0) }, content: content), context)
            case 3: check(Self.records(oldValues, Self.uuid, content: { _, v in v % 3 }),
                          Self.records(newValues, Self.uuid, content: content), context)
            case 4: check(Self.records(oldValues, { Double($0) / 4 }, content: { _, v in v % 3 }),
                          Self.records(newValues, { Double($0) / 4 }, content: content), context)
            default:
                let old = Self.records(oldValues, { $0 }, content: { _, v in v % 3 })
                let new = Self.records(newValues, { $0 }, content: content)
                let byString = ListDiff(from: old, to: new, identifiedBy: { "id \($0.id)" })
                #expect(byString == ListDiff(from: old, to: new, identifiedBy: { Opaque("id \($0.id)") }), "\(context)")
                checkInvariants(byString, old: old, new: new, identity: \.id, same: ==, updatesExpected: true, context)
            }
        }
    }

    /// A `UUID` made from `value` (distinct values, distinct UUIDs).
    static func uuid(_ value: Int) -> UUID {
        let bits = UInt64(bitPattern: Int64(value))
        return UUID(uuid: (0x5A, 0, 0, 0, 0, 0, 0, 0x11,
                           UInt8(truncatingIfNeeded: bits >> 56), UInt8(truncatingIfNeeded: bits >> 48),
                           UInt8(truncatingIfNeeded: bits >> 40), UInt8(truncatingIfNeeded: bits >> 32),
                           UInt8(truncatingIfNeeded: bits >> 24), UInt8(truncatingIfNeeded: bits >> 16),
                           UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits)))
    }

    /// Every matched pair an update: more pairs than a diff's free room
    /// holds (about min(old, new) entries, two per pair), so the pairs move
    /// to a storage of their own and it grows; with the moves of a reversed
    /// list the diff's storage keeps only a few spare entries, so the pairs
    /// move out after the first few updates.
    @Test func updatesBeyondTheDiffsRoom() {
        for count in [1, 2, 3, 7, 8, 31, 32, 33, 100, 1_000, 40_000] {
            let ids = Array(0..<count)
            let old = Self.records(ids, { $0 }, content: { _, _ in 0 })
            let new = Self.records(ids, { $0 }, content: { _, _ in 1 })
            check(old, new, "all updated, \(count)")
            let reversed = Array(new.reversed())
            check(old, reversed, "all updated and reversed, \(count)")
            let diff = ListDiff(from: old, to: reversed, identifiedBy: \.id)
            #expect(diff.updates.count == count && diff.updates.last == ListDiff.Pair(old: 0, new: count - 1))
            // Every other pair: updates interleaved with equal pairs.
            let alternating = Self.records(ids, { $0 }, content: { offset, _ in offset % 2 })
            check(old, alternating, "every other updated, \(count)")
        }
        // A random share of updates, on lists with deletions and insertions.
        var random = RandomListPairs(seed: 1102)
        for round in 0..<200 {
            let (oldValues, newValues) = random.pair(distinct: 100_000, largest: 3_000)
            let share = round % 5
            check(Self.records(oldValues, { $0 }, content: { _, _ in 0 }),
                  Self.records(newValues, { $0 }, content: { offset, _ in offset % 5 < share ? 1 : 0 }),
                  "share \(share)/5, round \(round)")
        }
    }

    /// Lists that are not contiguous (a lazy map, a set's elements in an
    /// order of their own) take the element-by-element gathering and the
    /// copying comparison: the same diff as arrays of the same records.
    @Test func collectionsThatAreNotContiguous() {
        var random = RandomListPairs(seed: 1103)
        for round in 0..<150 {
            let (oldValues, newValues) = random.pair(distinct: round % 2 == 0 ? 9 : 10_000, largest: 800)
            let old = Self.records(oldValues, { $0 }, content: { _, v in v % 2 })
            let new = Self.records(newValues, { $0 }, content: { offset, v in (v + offset) % 2 })
            let lazyOld = oldValues.indices.lazy.map { old[$0] }, lazyNew = newValues.indices.lazy.map { new[$0] }
            #expect(lazyOld.withContiguousStorageIfAvailable { _ in () } == nil)
            let expected = ListDiff(from: old, to: new, identifiedBy: \.id)
            #expect(ListDiff(from: lazyOld, to: lazyNew, identifiedBy: \.id) == expected, "round \(round)")
            #expect(ListDiff(from: lazyOld, to: new, identifiedBy: { $0.id }) == expected, "round \(round)")
            #expect(ListDiff(from: old, to: lazyNew, identifiedBy: { "\($0.id)" }) == expected, "round \(round)")
        }
    }

    /// Live instances of `TrackedID`.
    final class LiveCount: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.withLock { value } }
        func add(_ delta: Int) { lock.withLock { value += delta } }
    }

    /// An identity that is a reference: each one made counts as live until
    /// released, so an identity the pass keeps or releases twice shows.
    final class TrackedID: Hashable, @unchecked Sendable {
        let value: Int
        let live: LiveCount
        init(_ value: Int, _ live: LiveCount) {
            (self.value, self.live) = (value, live)
            live.add(1)
        }
        deinit { live.add(-1) }
        static func == (lhs: TrackedID, rhs: TrackedID) -> Bool { lhs.value == rhs.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    struct IdentityFailure: Error {}

    /// Identities made by the closure are all released: after a diff, after
    /// `id` throws in the old list or halfway through the new one, and after
    /// a cancelled `async` diff; and the diff agrees with integer identities.
    @Test func identitiesAreReleasedOnEveryExit() async throws {
        let live = LiveCount()
        let old = Self.records(Array(0..<300), { $0 }, content: { _, _ in 0 })
        let new = Self.records(Array((0..<300).reversed()) + [7, 7], { $0 }, content: { offset, _ in offset % 3 })
        do {
            let diff = ListDiff(from: old, to: new, identifiedBy: { TrackedID($0.id, live) })
            #expect(diff == ListDiff(from: old, to: new, identifiedBy: \.id))
        }
        #expect(live.count == 0)
        for failing in [0, 150, 301] {
            var calls = 0
            #expect(throws: IdentityFailure.self) {
                try ListDiff(from: old, to: new, identifiedBy: { (record: Record<Int>) throws -> TrackedID in
                    calls += 1
                    if calls > failing { throw IdentityFailure() }
                    return TrackedID(record.id, live)
                })
            }
            #expect(calls == failing + 1)
            #expect(live.count == 0, "id thrown after \(failing) identities")
        }
        let many = Self.records(Array(0..<50_000), { $0 }, content: { _, _ in 0 })
        let task = Task {
            try await ListDiff.computed(from: many, to: many, identifiedBy: { @Sendable (record: Record<Int>) -> TrackedID in
                if record.id == 10 { withUnsafeCurrentTask { $0?.cancel() } }
                return TrackedID(record.id, live)
            })
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(live.count == 0)
    }

    /// The `async` forms (closure and key path) give the synchronous diff for
    /// integer, `UUID` and `String` identities.
    @Test func asyncFormsAgree() async throws {
        var random = RandomListPairs(seed: 1104)
        for round in 0..<60 {
            let (oldValues, newValues) = random.pair(distinct: round % 2 == 0 ? 11 : 4_000, largest: 2_000)
            let old = Self.records(oldValues, Self.uuid, content: { _, v in v % 2 })
            let new = Self.records(newValues, Self.uuid, content: { offset, v in (v + offset) % 2 })
            let expected = ListDiff(from: old, to: new, identifiedBy: \.id)
            #expect(try await ListDiff.computed(from: old, to: new, identifiedBy: \.id) == expected)
            #expect(try await ListDiff.computed(from: old, to: new, identifiedBy: { $0.id }) == expected)
            #expect(try await ListDiff.computed(from: old, to: new, identifiedBy: { $0.id.uuidString }) == expected)
            let oldInts = old.map { Record(id: $0.id.hashValue, content: $0.content) }
            let newInts = new.map { Record(id: $0.id.hashValue, content: $0.content) }
            #expect(try await ListDiff.computed(from: oldInts, to: newInts, identifiedBy: \.id)
                    == ListDiff(from: oldInts, to: newInts, identifiedBy: { Opaque($0.id) }), "round \(round)")
        }
    }
}
