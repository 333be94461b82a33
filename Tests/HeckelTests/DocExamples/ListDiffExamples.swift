import Heckel
import Testing

// The doc-comment examples of Sources/Heckel/ListDiff, verbatim between the
// inputs they assume and the checks of what their comments state.
// `DocExamplesInSyncTests` fails when an example there is not found here.
@Suite struct ListDiffExamples {
    /// `ListDiff` (ListDiff.swift).
    @Test func listDiff() {
        let diff = ListDiff(from: ["a", "b", "c"], to: ["c", "a", "d"])
        assert(diff.deletions == [1])                        // "b"
        assert(diff.insertions == [2])                       // "d"
        assert(diff.moves == [ListDiff.Pair(old: 2, new: 0)]) // "c"
        assert(Array(diff.insertions) == [2])                // as an [Int]
        assert(diff.newOffset(forOld: 0) == 1)               // "a"
        #expect(diff.deletions == [1] && diff.insertions == [2] && diff.moves == [ListDiff.Pair(old: 2, new: 0)])
        #expect(diff.newOffset(forOld: 0) == 1)
    }

    /// `ListDiff.Options` (ListDiff.Options.swift).
    @Test func options() {
        let old = [1, 2, 3, 4], new = [4, 3, 2, 5]
        let yesterday = old, today = new
        // A list UI on Swift's cooperative pool: stay on the calling thread.
        let diff = ListDiff(from: old, to: new, options: .init(threads: 1))
        // A data job where order means nothing: no move pass.
        let delta = ListDiff(from: yesterday, to: today, options: .init(ignoresOrder: true))
        #expect(diff == ListDiff(from: old, to: new) && diff.moves.count == 2)
        #expect(delta.moves.isEmpty && delta.deletions == [0] && delta.insertions == [3])
    }

    /// `ListDiff.Workspace` (ListDiff.Workspace.swift).
    @Test func workspace() throws {
        let snapshots = [([1, 2, 3], [3, 1, 4]), ([3, 1, 4], [4, 3, 1, 5])]
        let oldSections = [ListSection(id: "a", items: [1, 2]), ListSection(id: "b", items: [3])]
        let newSections = [ListSection(id: "b", items: [3, 1]), ListSection(id: "a", items: [2])]
        let workspace = ListDiff.Workspace()
        for (old, new) in snapshots {
            let diff = ListDiff(from: old, to: new, options: .init(workspace: workspace))
            print(diff.changeCount)
        }
        // Or for every diff inside a call, nested ones included (SectionedDiff, TreeDiff):
        let sections = try ListDiff.withWorkspace(workspace) { try SectionedDiff(from: oldSections, to: newSections) }
        #expect(sections.batchUpdates == (try SectionedDiff(from: oldSections, to: newSections)).batchUpdates)
        #expect(ListDiff(from: [1, 2, 3], to: [3, 1, 4], options: .init(workspace: workspace)) == ListDiff(from: [1, 2, 3], to: [3, 1, 4]))
    }

    /// `heckelDifference(from:)` (BidirectionalCollection+HeckelDifference.swift).
    @Test func heckelDifference() {
        let old = ["a", "b", "c", "d"], new = ["d", "a", "c", "e"]
        let difference = new.heckelDifference(from: old)
        assert(old.applying(difference) == new)
        #expect(old.applying(difference) == new)
    }
}
