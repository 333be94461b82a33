#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel
import Testing

@Suite("TreeDiff outline steps and expandable rows")
struct OutlineStepsTests {
    @Test("random forests: the strict outline double turns the old forest into the new one", arguments: [0, 1, 2, 3] as [UInt64])
    func outline(batch: UInt64) throws {
        for seed in batch * 500 ..< (batch + 1) * 500 {
            var trees = RandomTrees(seed: 20_000 + seed)
            let (old, new) = trees.pair(maxCount: 40)
            let diff = try TreeDiff(from: old, to: new)
            let steps = diff.outlineSteps
            do {
                let shown = try StrictOutlineDouble.result(of: steps, old: old, new: new)
                if shown != new {
                    Issue.record(Comment(rawValue: "seed \(seed)\nold \(old)\nnew \(new)\nsteps \(steps)\nshown \(shown)"))
                    return
                }
            } catch {
                Issue.record(Comment(rawValue: "seed \(seed): refused: \(error)\nold \(old)\nnew \(new)\nsteps \(steps)"))
                return
            }
            // One call per moved node at most: no node moves twice.
            let movedIDs = steps.compactMap { step -> Int? in if case let .move(id, _, _) = step { return id } else { return nil } }
            #expect(Set(movedIDs).count == movedIDs.count && movedIDs.count <= diff.moveCount)
        }
    }

    @Test("the double refuses what AppKit refuses")
    func refusals() throws {
        let old = [TestNode(id: 1, children: [TestNode(id: 2, children: [TestNode(id: 3)])]), TestNode(id: 4)]
        let bad: [(TreeDiff<Int>.OutlineStep, String)] = [
            (.remove(indexes: [2], parent: nil), "removeItems index"),
            (.insert(indexes: [3], parent: nil), "insertItems index"),
            (.remove(indexes: [0], parent: 9), "not in the outline"),
            (.move(id: 1, old: .init(parent: nil, index: 0), new: .init(parent: 2, index: 0)), "own subtree"),
            (.move(id: 2, old: .init(parent: 1, index: 0), new: .init(parent: 4, index: 1)), "past"),
            (.reload(id: 7), "not in the outline"),
        ]
        for (step, expected) in bad {
            var double = StrictOutlineDouble(showing: old)
            #expect(throws: StrictOutlineDouble.Refusal.self, "\(step)") { try double.apply(step) }
            var fresh = StrictOutlineDouble(showing: old)
            do { try fresh.apply(step) } catch { #expect(String(describing: error).contains(expected), "\(step): \(error)") }
        }
        // Naming an item inserted in the same block as a parent.
        var double = StrictOutlineDouble(showing: old)
        try double.apply(.insert(indexes: [2], parent: nil))
        #expect(throws: StrictOutlineDouble.Refusal.self) { try double.apply(.insert(indexes: [0], parent: 5)) }
    }

    @Test("a node moved into an inserted subtree is removed and comes back with it")
    func intoInserted() throws {
        let old = [TestNode(id: 1, children: [TestNode(id: 2, content: 0, children: [TestNode(id: 3)])])]
        let new = [TestNode(id: 1), TestNode(id: 9, children: [TestNode(id: 2, content: 5, children: [TestNode(id: 3)])])]
        let diff = try TreeDiff(from: old, to: new)
        #expect(diff.outlineSteps == [.remove(indexes: [0], parent: 1), .insert(indexes: [1], parent: nil)])
        #expect(try StrictOutlineDouble.result(of: diff.outlineSteps, old: old, new: new) == new)
    }

    /// The expanded sets of one forest: each node with children, by chance.
    static func expanded(_ roots: [TestNode], _ trees: inout RandomTrees, ratio: Double) -> Set<Int> {
        Set(TreeReading.places(roots).values.filter { !$0.node.children.isEmpty && trees.chance(ratio) }.map(\.node.id))
    }

    /// The rows a forest shows.
    static func rows(_ roots: [TestNode], expanded: Set<Int>) -> [SectionedRow] {
        roots.flatMap { [SectionedRow(id: $0.id, content: $0.content)] + (expanded.contains($0.id) ? rows($0.children, expanded: expanded) : []) }
    }

    @Test("random forests and expand states: the row batch passes the batch simulator", arguments: [0, 1, 2, 3] as [UInt64])
    func expandableRows(batch: UInt64) throws {
        for seed in batch * 500 ..< (batch + 1) * 500 {
            var trees = RandomTrees(seed: 30_000 + seed)
            let (old, new) = trees.pair(maxCount: 40)
            let oldExpanded = Self.expanded(old, &trees, ratio: 0.7)
            // Expand/collapse churn: most states kept, some flipped.
            var newExpanded = Self.expanded(new, &trees, ratio: 0.7)
            for id in TreeReading.preorder(new) where trees.chance(0.7) {
                if oldExpanded.contains(id) { newExpanded.insert(id) } else { newExpanded.remove(id) }
            }
            let diff = try TreeDiff(from: old, to: new)
            let rows = diff.expandableRows(oldExpanded: oldExpanded, newExpanded: newExpanded)
            let oldRows = Self.rows(old, expanded: oldExpanded), newRows = Self.rows(new, expanded: newExpanded)
            #expect(rows.oldRows == oldRows.map(\.id) && rows.newRows == newRows.map(\.id))
            let problems = BatchUpdateSimulator.problems(
                of: rows.batch, old: [SectionedGroup(id: 0, header: 0, items: oldRows)],
                new: [SectionedGroup(id: 0, header: 0, items: newRows)], label: "seed \(seed)")
            if !problems.isEmpty {
                Issue.record(Comment(rawValue: "old \(old) expanded \(oldExpanded.sorted())\nnew \(new) expanded \(newExpanded.sorted())\nbatch \(rows.batch)\n" + problems.joined(separator: "\n")))
                return
            }
        }
    }

    @Test("a moved parent's visible children move with it; collapsing deletes the subtree's rows")
    func rowsOfAMove() throws {
        let old = [TestNode(id: 1, children: [TestNode(id: 2, children: [TestNode(id: 3)])]), TestNode(id: 4, children: [TestNode(id: 5)])]
        let new = [TestNode(id: 1), TestNode(id: 4, children: [TestNode(id: 5), TestNode(id: 2, children: [TestNode(id: 3)])])]
        let diff = try TreeDiff(from: old, to: new)
        let rows = diff.expandableRows(oldExpanded: [1, 2, 4], newExpanded: [2])
        #expect(rows.oldRows == [1, 2, 3, 4, 5] && rows.newRows == [1, 4])
        #expect(rows.batch.itemDeletions == [[0, 1], [0, 2], [0, 4]] && rows.batch.itemMoves.isEmpty)
        let open = diff.expandableRows(oldExpanded: [1, 2, 4], newExpanded: [2, 4])
        #expect(open.newRows == [1, 4, 5, 2, 3])
        #expect(open.batch.itemMoves.map { [$0.old[1], $0.new[1]] } == [[1, 3], [2, 4]] && open.batch.itemDeletions.isEmpty)
    }
}
