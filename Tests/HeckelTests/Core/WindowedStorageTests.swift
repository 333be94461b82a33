import CHeckel
@testable import Heckel
import Testing

/// A diff stores only the mapping's window (the core's window output: the
/// pairs between the common prefix and suffix it trimmed) and answers the
/// trimmed pairs arithmetically. Every reader must give what the full
/// mapping gives: here a diff over a storage of the core's full output
/// (prefix and suffix 0) is the reference, on random lists with long common
/// prefixes and suffixes, duplicates, and suffixes the core must match again.
@Suite struct WindowedStorageTests {
    /// The core's full output for plain keys (no window asked).
    static func fullOutput(_ old: [Int], _ new: [Int]) -> (oldToNew: [UInt32], newToOld: [UInt32], moves: [UInt32], matches: Int) {
        var oldToNew = [UInt32](repeating: 0, count: old.count), newToOld = [UInt32](repeating: 0, count: new.count)
        var moves = [UInt32](repeating: 0, count: min(old.count, new.count))
        let oldKeys = old.map { UInt64(bitPattern: Int64($0)) }, newKeys = new.map { UInt64(bitPattern: Int64($0)) }
        var result = heckel_result()
        let status = oldToNew.withUnsafeMutableBufferPointer { oldToNew in
            newToOld.withUnsafeMutableBufferPointer { newToOld in
                moves.withUnsafeMutableBufferPointer { moves in
                    result = heckel_result(old_to_new: oldToNew.baseAddress, new_to_old: newToOld.baseAddress,
                                           moves: moves.baseAddress, match_count: 0, move_count: 0)
                    var options = heckel_options()
                    options.threads = 1
                    return heckel_match_keys(oldKeys, oldKeys.count, newKeys, newKeys.count, nil, nil, &options, &result)
                }
            }
        }
        precondition(status == HECKEL_OK)
        return (oldToNew, newToOld, Array(moves.prefix(result.move_count)), result.match_count)
    }

    /// A diff over a storage holding the full output: the layout as it was
    /// before windows, the reference every windowed diff must equal.
    static func fullDiff(_ old: [Int], _ new: [Int], updates: [ListDiff.Pair] = []) -> ListDiff {
        if old.isEmpty || new.isEmpty {
            return ListDiff(mapping: .allUnmatched(oldCount: old.count, newCount: new.count), updates: updates)
        }
        let full = fullOutput(old, new)
        let room = min(old.count, new.count)
        let storage = DiffStorage.forDiff(oldCount: old.count, newCount: new.count, room: room)
        let entries = storage.entries
        entries.initialize(from: full.oldToNew, count: old.count)
        (entries + old.count).initialize(from: full.newToOld, count: new.count)
        (entries + old.count + new.count).initialize(from: full.moves, count: full.moves.count)
        let finished = storage.finished(matchCount: full.matches, moveCount: full.moves.count, room: room, prefix: 0, suffix: 0)
        return ListDiff(mapping: Mapping(storage: finished), updates: updates)
    }

    /// Lists sharing a prefix and a suffix (lengths up to `largest`) around
    /// an edited middle, values below `distinct`.
    static func framedPair(_ random: inout RandomListPairs, distinct: Int, largest: Int) -> (old: [Int], new: [Int]) {
        let draw = { (random: inout RandomListPairs) in Int.random(in: 0..<distinct, using: &random.generator) }
        let prefix = (0..<Int.random(in: 0...largest, using: &random.generator)).map { _ in draw(&random) }
        let suffix = (0..<Int.random(in: 0...largest, using: &random.generator)).map { _ in draw(&random) }
        let (old, new) = random.pair(distinct: distinct, largest: 300)
        return (prefix + old + suffix, prefix + new + suffix)
    }

    /// Every reader of `diff` against `reference` (the full mapping's diff)
    /// and against the lists.
    static func expectSame(_ diff: ListDiff, _ reference: ListDiff, old: [Int], new: [Int], _ note: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(diff == reference && reference == diff, "\(note)", sourceLocation: sourceLocation)
        let full = old.isEmpty || new.isEmpty ? nil : fullOutput(old, new)
        for i in old.indices {
            let expected = full.map { $0.oldToNew[i] == HECKEL_UNMATCHED ? nil : Int($0.oldToNew[i]) } ?? nil
            if diff.newOffset(forOld: i) != expected {
                Issue.record("\(note): newOffset(forOld: \(i))", sourceLocation: sourceLocation)
                return
            }
        }
        for j in new.indices {
            let expected = full.map { $0.newToOld[j] == HECKEL_UNMATCHED ? nil : Int($0.newToOld[j]) } ?? nil
            if diff.oldOffset(forNew: j) != expected {
                Issue.record("\(note): oldOffset(forNew: \(j))", sourceLocation: sourceLocation)
                return
            }
        }
        #expect(diff.oldToNew.array == reference.oldToNew.array && diff.newToOld.array == reference.newToOld.array,
                "\(note)", sourceLocation: sourceLocation)
        #expect(Array(diff.deletions) == Array(reference.deletions) && Array(diff.insertions) == Array(reference.insertions)
                && Array(diff.moves) == Array(reference.moves) && diff.matchCount == reference.matchCount,
                "\(note)", sourceLocation: sourceLocation)
        #expect(diff.description == reference.description, "\(note)", sourceLocation: sourceLocation)
        #expect(diff.collectionDifference(from: old, to: new) == reference.collectionDifference(from: old, to: new),
                "\(note)", sourceLocation: sourceLocation)
        #expect(rebuild(old, applying: diff, insertedFrom: new) == new, "\(note)", sourceLocation: sourceLocation)
        checkInvariants(diff, old: old, new: new, note, sourceLocation: sourceLocation)
    }

    /// The trimmed pairs of a diff's storage.
    static func trimmed(_ diff: ListDiff) -> Int { diff.storage.counts.prefix + diff.storage.counts.suffix }

    @Test func randomFramedListsMatchTheFullMapping() {
        var random = RandomListPairs(seed: 41)
        var windowed = 0, rounds = 0
        for round in 0..<200 {
            // Up to 6,000 on each side: suffixes past the core's 4,096 get
            // trimmed too (on the general path), shorter ones stay in the window.
            let largest = round % 4 == 0 ? 6000 : 40
            let distinct = [3, 40, 1 << 20][round % 3]
            let (old, new) = Self.framedPair(&random, distinct: distinct, largest: largest)
            let diff = ListDiff(from: old, to: new)
            Self.expectSame(diff, Self.fullDiff(old, new), old: old, new: new, "round \(round)")
            windowed += Self.trimmed(diff) > 0 ? 1 : 0
            rounds += 1
        }
        #expect(windowed > rounds / 2)
    }

    @Test func suffixTrimmedOnTheGeneralPath() {
        // 100,000 equal elements around one change: prefix and suffix both
        // trimmed, a handful of entries stored.
        var old = Array(0..<100_000), new = old
        new[50_000] = -1
        let diff = ListDiff(from: old, to: new)
        #expect(diff.storage.counts.prefix == 50_000 && diff.storage.counts.suffix == 49_999)
        Self.expectSame(diff, Self.fullDiff(old, new), old: old, new: new, "one change")
        // A move to the front and an insertion at the back.
        old = Array(0..<70_000)
        new = [69_000] + old.filter { $0 != 69_000 } + [-5]
        Self.expectSame(ListDiff(from: old, to: new), Self.fullDiff(old, new), old: old, new: new, "move and append")
        // Duplicates across the suffix's edge: old [x 1 S], new [y S], S = 1 2 1 2 ...
        let s = (0..<20_000).map { $0 % 2 + 1 }
        old = [1000, 1] + s
        new = [2000] + s
        Self.expectSame(ListDiff(from: old, to: new), Self.fullDiff(old, new), old: old, new: new, "suffix matched again")
    }

    @Test func edgeShapes() {
        let cases: [([Int], [Int])] = [
            ([], []), ([1, 2], []), ([], [1, 2]), ([1, 2, 3], [1, 2, 3]), ([1, 2, 3], [1, 2]),
            ([1, 2, 3], [2, 3]), ([2, 3], [1, 2, 3]), ([1, 1, 1], [1, 1]), ([1, 2, 1], [2, 1]),
            (Array(0..<10_000), Array(0..<10_000)), (Array(0..<10_000), Array(0..<5_000)),
            (Array(5_000..<10_000), Array(0..<10_000)), (Array(0..<10_000), Array(1..<10_000) + [0]),
        ]
        for (old, new) in cases {
            Self.expectSame(ListDiff(from: old, to: new), Self.fullDiff(old, new), old: old, new: new,
                            "old \(old.count), new \(new.count)")
        }
        // Equal lists store no mapping entry at all.
        let equal = ListDiff(from: Array(0..<10_000), to: Array(0..<10_000))
        #expect(equal.storage.counts.oldWindowCount == 0 && equal.storage.counts.newWindowCount == 0)
    }

    /// Identified elements: updates are found over the trimmed pairs too.
    @Test func identifiedUpdatesAcrossTheTrimmedPairs() {
        struct Row: Equatable { var id: Int; var value: Int }
        var random = RandomListPairs(seed: 42)
        for round in 0..<60 {
            let (oldIDs, newIDs) = Self.framedPair(&random, distinct: round % 2 == 0 ? 5 : 1 << 20, largest: 300)
            let old = oldIDs.map { Row(id: $0, value: 0) }
            let new = newIDs.enumerated().map { Row(id: $1, value: $0 % 7 == 0 ? 1 : 0) }
            let diff = ListDiff(from: old, to: new, identifiedBy: \.id)
            let full = oldIDs.isEmpty || newIDs.isEmpty ? nil : Self.fullOutput(oldIDs, newIDs)
            let updates = new.indices.compactMap { j -> ListDiff.Pair? in
                guard let i = full?.newToOld[j], i != HECKEL_UNMATCHED, old[Int(i)] != new[j] else { return nil }
                return ListDiff.Pair(old: Int(i), new: j)
            }
            let reference = Self.fullDiff(oldIDs, newIDs, updates: updates)
            #expect(diff == reference, "round \(round)")
            #expect(rebuild(old, applying: diff, insertedFrom: new) == new, "round \(round)")
        }
    }
}
