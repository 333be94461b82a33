import Foundation
import Heckel
import Testing

/// The updates pass walks the new offsets in the mapping's three runs (the
/// trimmed prefix, the window, the trimmed suffix), each its own loop, in
/// chunks of `CancelFlag.pollInterval`: updates in every run, runs that
/// cross a chunk's end, repeated identities in the window, for `Int`, `UUID`
/// and stored `String` identities, against the general path (`Opaque`
/// identities) and against the lists.
@Suite struct IdentifiedUpdatesTests {
    struct Record<ID: Hashable>: Equatable {
        var id: ID
        var content: Int
    }

    /// Old and new records sharing `prefix` leading and `suffix` trailing
    /// identities around a window of `window` identities drawn from a few
    /// values (repeats), shuffled on the new side; about one matched pair in
    /// `every` has a different content, wherever it lies.
    static func lists(prefix: Int, window: Int, suffix: Int, every: Int, seed: UInt64)
        -> (old: [(Int, Int)], new: [(Int, Int)]) {
        var random = SeededGenerator(seed: seed)
        let head = (0..<prefix).map { 1_000_000 + $0 }, tail = (0..<suffix).map { 2_000_000 + $0 }
        let oldMiddle = (0..<window).map { _ in Int.random(in: 0..<max(1, window / 3), using: &random) }
        var newMiddle = oldMiddle.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
        newMiddle += (0..<(window / 5)).map { _ in Int.random(in: 0..<max(1, window / 2), using: &random) }
        newMiddle.shuffle(using: &random)
        let oldIDs = head + oldMiddle + tail, newIDs = head + newMiddle + tail
        let old = oldIDs.map { ($0, 0) }
        let new = newIDs.map { ($0, Int.random(in: 0..<every, using: &random) == 0 ? 1 : 0) }
        return (old, new)
    }

    func check<ID: Hashable>(_ old: [Record<ID>], _ new: [Record<ID>], _ context: String) {
        let byKeyPath = ListDiff(from: old, to: new, identifiedBy: \.id)
        let byClosure = ListDiff(from: old, to: new, identifiedBy: { $0.id })
        let general = ListDiff(from: old, to: new, identifiedBy: { Opaque($0.id) })
        #expect(byKeyPath == general, "\(context)")
        #expect(byClosure == general, "\(context)")
        checkInvariants(byKeyPath, old: old, new: new, identity: \.id, same: ==, updatesExpected: true, context)
        // The updates are exactly the matched pairs with unequal records,
        // counted here over each run separately.
        let updated = Set(byKeyPath.updates.map(\.new))
        for j in new.indices {
            guard let i = byKeyPath.oldOffset(forNew: j) else { continue }
            #expect(updated.contains(j) == (old[i] != new[j]), "\(context): new offset \(j)")
        }
    }

    func checkEveryIdentityType(prefix: Int, window: Int, suffix: Int, every: Int, seed: UInt64) {
        let (old, new) = Self.lists(prefix: prefix, window: window, suffix: suffix, every: every, seed: seed)
        let context = "prefix \(prefix), window \(window), suffix \(suffix), seed \(seed)"
        func records<ID>(_ pairs: [(Int, Int)], _ id: (Int) -> ID) -> [Record<ID>] {
            pairs.map { Record(id: id($0.0), content: $0.1) }
        }
        check(records(old, { $0 }), records(new, { $0 }), "Int, " + context)
        check(records(old, IdentifiedPassesTests.uuid), records(new, IdentifiedPassesTests.uuid), "UUID, " + context)
        // 21-byte native strings: stored identities read in place.
        let name = { (value: Int) in "identity-\(String(value, radix: 16).leftPadded(to: 12))" }
        check(records(old, name), records(new, name), "String, " + context)
    }

    /// Updates in the prefix, window and suffix of small lists (the core's
    /// direct path) and of lists whose runs cross a polling chunk's end.
    @Test func updatesInEveryRunOfTheMapping() {
        let shapes: [(prefix: Int, window: Int, suffix: Int)] = [
            (0, 0, 5), (5, 0, 0), (3, 1, 4), (7, 40, 9), (0, 60, 0), (1, 200, 1),
            (4_100, 30, 10), (10, 5_000, 4_200), (4_095, 2, 4_097), (9_000, 700, 0),
        ]
        for (round, shape) in shapes.enumerated() {
            for every in [1, 3, 50] {
                checkEveryIdentityType(prefix: shape.prefix, window: shape.window, suffix: shape.suffix,
                                       every: every, seed: UInt64(round * 10 + every))
            }
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
