import Heckel
import Testing

/// `ListDiff.Offsets`, `.Moves` and `.Updates`: the views of a diff's one
/// block of storage, checked against the lists and the diff's mapping.
@Suite struct ResultCollectionTests {
    /// The deletions, insertions and moves as read from the mapping alone.
    static func expected(_ diff: ListDiff) -> (deletions: [Int], insertions: [Int], movedTargets: [Int]) {
        let deletions = (0..<diff.oldCount).filter { diff.newOffset(forOld: $0) == nil }
        let insertions = (0..<diff.newCount).filter { diff.oldOffset(forNew: $0) == nil }
        return (deletions, insertions, diff.moves.map(\.new))
    }

    @Test func indicesAndSubscriptsAgreeWithTheMapping() {
        let old = Array(0..<40), new = [39] + Array(3..<20) + [100, 101] + Array(25..<39)
        let diff = ListDiff(from: old, to: new)
        checkInvariants(diff, old: old, new: new)
        let (deletions, insertions, _) = Self.expected(diff)
        #expect(diff.deletions.startIndex == 0 && diff.deletions.endIndex == deletions.count)
        #expect(Array(diff.deletions.indices) == Array(0..<deletions.count))
        #expect(diff.deletions.indices.map { diff.deletions[$0] } == deletions)
        #expect(diff.insertions.indices.map { diff.insertions[$0] } == insertions)
        #expect(diff.deletions.count == 8 && diff.insertions == [18, 19])
        #expect(diff.moves == [ListDiff.Pair(old: 39, new: 0)])
        for move in diff.moves { #expect(diff.newOffset(forOld: move.old) == move.new) }
        // Random access from either end, and distances.
        #expect(diff.deletions.last == deletions.last && diff.deletions.first == deletions.first)
        #expect(diff.deletions.index(diff.deletions.startIndex, offsetBy: 3) == 3)
        #expect(diff.deletions.distance(from: 2, to: 6) == 4)
        #expect(Array(diff.deletions.reversed()) == deletions.reversed())
    }

    @Test func slicesReadTheSameOffsets() {
        let old = Array(0..<50), new = Array((0..<50).filter { $0 % 3 != 0 }.reversed())
        let diff = ListDiff(from: old, to: new)
        checkInvariants(diff, old: old, new: new)
        let deletions = Array(diff.deletions)
        let slice = diff.deletions[4..<9]
        #expect(slice.startIndex == 4 && slice.endIndex == 9)
        #expect(Array(slice) == Array(deletions[4..<9]))
        #expect(Array(diff.deletions.dropFirst(2).prefix(3)) == Array(deletions.dropFirst(2).prefix(3)))
        let moves = Array(diff.moves)
        #expect(Array(diff.moves[1..<4]) == Array(moves[1..<4]))
        #expect(Array(diff.moves.suffix(2)) == Array(moves.suffix(2)))
    }

    @Test func equalityWithLiteralsAndAcrossStorages() {
        let diff = ListDiff(from: ["a", "b", "c", "d"], to: ["d", "a", "e"])
        checkInvariants(diff, old: ["a", "b", "c", "d"], new: ["d", "a", "e"])
        #expect(diff.deletions == [1, 2] && diff.insertions == [2])
        #expect(diff.deletions != [1] && diff.deletions != [2, 1] && diff.insertions != [])
        #expect(diff.moves == [ListDiff.Pair(old: 3, new: 0)])
        #expect(diff.updates == [] && diff.updates.isEmpty)
        // The same results from another element type: equal, other storage.
        let other = ListDiff(from: [1, 2, 3, 4], to: [4, 1, 5])
        #expect(other.deletions == diff.deletions && other.insertions == diff.insertions && other.moves == diff.moves)
        #expect(other == diff)
        // Deletions and insertions of one diff are equal when they hold the same offsets.
        let swapped = ListDiff(from: [1, 2, 3], to: [1, 4, 3])
        #expect(swapped.deletions == swapped.insertions)
        #expect(ListDiff.Offsets([5, 7]) == [5, 7] && ListDiff.Pairs([]) == [])
        #expect(ListDiff.Pairs([ListDiff.Pair(old: 1, new: 2)]) == [ListDiff.Pair(old: 1, new: 2)])
    }

    @Test func hashingFollowsEquality() {
        let first = ListDiff(from: [1, 2, 3, 4, 5], to: [5, 2, 9])
        let second = ListDiff(from: Array("abcde"), to: Array("ebz"))
        #expect(first.deletions == second.deletions)
        #expect(first.deletions.hashValue == second.deletions.hashValue)
        #expect(first.moves.hashValue == second.moves.hashValue)
        let set: Set<ListDiff.Offsets> = [first.deletions, second.deletions, first.insertions, [0, 2, 3]]
        #expect(set.count == 2)
    }

    @Test func descriptionsPrintLikeArrays() {
        let diff = ListDiff(from: ["a", "b", "c"], to: ["c", "a", "d"])
        #expect(diff.deletions.description == "[1]" && diff.insertions.description == [2].description)
        #expect(diff.moves.description == [ListDiff.Pair(old: 2, new: 0)].description)
        #expect(ListDiff.Offsets([]).description == "[]")
        #expect("\(ListDiff.Pairs([ListDiff.Pair(old: 0, new: 3)]))" == [ListDiff.Pair(old: 0, new: 3)].description)
    }

    @Test func emptyResults() {
        for (old, new) in [([Int](), [Int]()), ([1, 2, 3], [1, 2, 3]), ([], [4]), ([4], [])] {
            let diff = ListDiff(from: old, to: new)
            checkInvariants(diff, old: old, new: new)
            #expect(diff.moves.isEmpty && diff.moves.startIndex == diff.moves.endIndex && Array(diff.moves) == [])
            #expect(diff.deletions.count == old.count - diff.matchCount)
            #expect(Array(diff.deletions) == Self.expected(diff).deletions)
            #expect(Array(diff.insertions) == Self.expected(diff).insertions)
        }
    }

    /// Every size around the 8-entry blocks of the unmatched scan, with the
    /// unmatched entries at every position, alone and in runs.
    @Test func unmatchedAtEveryPositionOfABlock() {
        for count in 0...40 {
            let old = Array(0..<count)
            for gone in 0..<count {
                for length in [1, 3, 9] where gone + length <= count {
                    var new = old
                    new.removeSubrange(gone..<(gone + length))
                    new.insert(contentsOf: (1000..<(1000 + length)), at: (gone * 7) % (new.count + 1))
                    let diff = ListDiff(from: old, to: new)
                    #expect(Array(diff.deletions) == Array(gone..<(gone + length)), "\(count) \(gone) \(length)")
                    #expect(Array(diff.insertions) == Self.expected(diff).insertions, "\(count) \(gone) \(length)")
                }
            }
            let everything = ListDiff(from: old, to: old.map { $0 + 1000 })
            #expect(Array(everything.deletions) == old && Array(everything.insertions) == old)
        }
    }

    @Test func largeResults() {
        var lists = RandomListPairs(seed: 11)
        let old = (0..<100_000).map { _ in Int.random(in: 0..<1_000_000, using: &lists.generator) }
        let new = lists.edited(old, distinct: 1_000_000).shuffledBlocks(using: &lists.generator)
        let diff = ListDiff(from: old, to: new)
        checkInvariants(diff, old: old, new: new)
        let (deletions, insertions, _) = Self.expected(diff)
        #expect(Array(diff.deletions) == deletions && Array(diff.insertions) == insertions)
        #expect(diff.moves.count > 100 && diff.moves.allSatisfy { diff.newOffset(forOld: $0.old) == $0.new })
        #expect(rebuild(old, applying: diff, insertedFrom: new) == new)
    }

    @Test func updatesOfAnIdentifiedDiff() {
        struct Row: Equatable { var id: Int; var text: String }
        let old = (0..<30).map { Row(id: $0, text: "a") }
        var new = Array(old.reversed().dropFirst(3))
        for k in stride(from: 0, to: new.count, by: 4) { new[k].text = "b" }
        let diff = ListDiff(from: old, to: new, identifiedBy: \.id)
        checkInvariants(diff, old: old, new: new, identity: \.id, same: ==, updatesExpected: true)
        let changed = new.indices.filter { j in old[diff.oldOffset(forNew: j)!] != new[j] }
        #expect(diff.updates.map(\.new) == changed && diff.updates.count == 7)
        #expect(diff.updates.allSatisfy { diff.newOffset(forOld: $0.old) == $0.new })
        #expect(Array(diff.updates[2..<4]).map(\.new) == Array(changed[2..<4]))
    }

    /// The collections outlive their diff, and copies never change.
    @Test func copiesAreValues() {
        var diff = ListDiff(from: [1, 2, 3, 4], to: [4, 3, 5])
        let deletions = diff.deletions, moves = diff.moves, movesBefore = Array(diff.moves)
        #expect(moves.count == 1 && diff.newOffset(forOld: moves[0].old) == moves[0].new)
        diff = ListDiff(from: [1], to: [2, 3])
        #expect(deletions == [0, 1] && Array(moves) == movesBefore)
        #expect(diff.deletions == [0] && diff.insertions == [0, 1])
        func detached() -> ListDiff.Offsets { ListDiff(from: Array(0..<20), to: Array(5..<25)).insertions }
        let insertions = detached()
        #expect(Array(insertions) == Array(15..<20))
        var copy = insertions
        copy = [1]
        #expect(Array(insertions) == Array(15..<20) && copy == [1])
    }

    @Test func sendableAcrossTasks() async {
        let old = Array(0..<2_000), new = Array((0..<2_000).reversed().filter { $0 % 5 != 0 }) + Array(5_000..<5_100)
        let diff = ListDiff(from: old, to: new)
        let (deletions, insertions, moves) = (diff.deletions, diff.insertions, diff.moves)
        let sums = await withTaskGroup(of: Int.self) { group in
            group.addTask { deletions.reduce(0, +) }
            group.addTask { insertions.reduce(0, +) }
            group.addTask { moves.reduce(0) { $0 + $1.old - $1.new } }
            group.addTask { diff.deletions.count + diff.insertions.count + diff.moves.count }
            return await group.reduce(0, +)
        }
        let moveSum = Array(diff.moves).reduce(0) { $0 + $1.old - $1.new }
        #expect(sums == Array(deletions).reduce(0, +) + Array(insertions).reduce(0, +) + moveSum + diff.changeCount)
        #expect(Array(deletions) == old.filter { $0 % 5 == 0 })
    }
}

extension Array {
    /// The list cut into 16 blocks, blocks shuffled: many moves.
    fileprivate func shuffledBlocks(using generator: inout SeededGenerator) -> [Element] {
        let size = Swift.max(1, count / 16)
        return stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
            .shuffled(using: &generator).flatMap { $0 }
    }
}
