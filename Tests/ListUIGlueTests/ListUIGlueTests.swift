import ListUIGlueCheck
import Testing

/// The UIKit and AppKit conformances, compiled against the stand-ins, forward
/// the driver's calls to the views' own methods.
@Suite("List driver glue for UIKit and AppKit (stand-ins)")
@MainActor
struct ListUIGlueTests {
    @Test("each view gets one batch with the diff's operations, then its content updates")
    func forwarding() async {
        let calls = await GlueExercise.run()
        // B moves before A; 4 is inserted into B; in A, 2 moves before 1, and
        // 1 (updated, staying) is reconfigured at its new path after the batch.
        #expect(calls["UICollectionView"] == [
            "performBatchUpdates", "deleteSections []", "insertSections []", "moveSection 1 0", "reloadSections []",
            "deleteItems []", "insertItems [[0, 1]]", "moveItem [0, 1] [1, 0]", "reloadItems []", "reconfigureItems [[1, 1]]",
        ])
        #expect(calls["UITableView"] == [
            "performBatchUpdates", "deleteSections []", "insertSections []", "moveSection 1 0", "reloadSections []",
            "deleteRows []", "insertRows [[0, 1]]", "moveRow [0, 1] [1, 0]", "reloadRows []", "reconfigureRows [[1, 1]]",
        ])
        #expect(calls["NSCollectionView"] == [
            "animator", "performBatchUpdates", "deleteSections []", "insertSections []", "moveSection 1 0",
            "reloadSections []", "deleteItems []", "insertItems [[0, 1]]", "moveItem [0, 1] [1, 0]", "reloadItems []",
            "reloadItems [[1, 1]]",
        ])
        // Rows 1 2 3 -> 3 1 2' 4: one move, one insertion, 2 reloaded in the steps.
        #expect(calls["NSTableView"] == ["beginUpdates", "moveRow 2 0", "insertRows [3]", "reloadData rows [2]", "endUpdates"])
        #expect(calls["offscreen"] == ["reloadData"])
    }
}
