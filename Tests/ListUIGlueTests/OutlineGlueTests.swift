import ListUIGlueCheck
import Testing

/// The outline driver's AppKit adoption and its doc examples, compiled
/// against the stand-ins: the calls each view gets.
@Suite("Outline driver glue and examples (stand-ins)")
@MainActor
struct OutlineGlueTests {
    @Test("NSOutlineView: one update block, the move before the reload, items named by the data source's objects")
    func outlineView() async {
        let (calls, printed, switched) = await OutlineExamples.outlineDriver()
        // "docs" leaves "home" (index 0) for the top level (index 0 once it
        // has left); "home" is reloaded for its new title.
        #expect(calls == ["beginUpdates", "moveItem 0 in home item to 0 in nil", "reloadItem home item", "endUpdates"])
        #expect(printed == ["batch(finished: true)"] && switched)
    }

    @Test("README's sidebar: a disclosure inserts and deletes the visible subtree; a move between parents is one row move")
    func sidebar() async {
        let (calls, rows) = await OutlineExamples.sidebar()
        #expect(rows == [["library", "books", "music", "inbox"], ["library", "books", "inbox", "music"], ["library", "inbox", "music"]])
        #expect(calls == [
            "performBatchUpdates", "deleteSections []", "insertSections []", "reloadSections []",
            "deleteItems []", "insertItems [[0, 1], [0, 2]]", "reloadItems []",
            "performBatchUpdates", "deleteSections []", "insertSections []", "reloadSections []",
            "deleteItems []", "insertItems []", "moveItem [0, 2] [0, 3]", "reloadItems []", "reconfigureItems [[0, 2]]",
            "performBatchUpdates", "deleteSections []", "insertSections []", "reloadSections []",
            "deleteItems [[0, 1]]", "insertItems []", "reloadItems []",
        ])
    }
}
