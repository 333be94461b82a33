import ListUIGlueCheck
import Testing

/// The doc examples that call UIKit, run against the stand-ins
/// (ListUIGlueCheck/DocExamples): they make the calls their comments say.
@Suite("Doc examples that call UIKit (stand-ins)")
@MainActor
struct ListUIExampleTests {
    @Test("the batch-update example issues the batch's operations, then reconfigures after it")
    func batchUpdates() throws {
        let (calls, switched) = try ListUIExamples.batchUpdates()
        #expect(switched)
        #expect(calls == [
            "performBatchUpdates", "deleteSections []", "insertSections []", "moveSection 1 0",
            "deleteItems []", "insertItems [[0, 1]]", "moveItem [0, 1] [1, 0]", "reconfigureItems [[1, 1]]",
        ])
    }

    @Test("the list driver examples show the new snapshot and call the completion once")
    func listDriver() async {
        let (printed, switched) = await ListUIExamples.listDriver()
        #expect(printed == ["batch(finished: true)"])
        #expect(switched == [true, true])
    }
}
