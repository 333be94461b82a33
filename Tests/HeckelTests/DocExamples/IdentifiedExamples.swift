import Heckel
import Testing

// The doc-comment examples of Sources/Heckel/Identified, verbatim between
// the inputs they assume and the checks of what they state.
@Suite struct IdentifiedExamples {
    typealias Row = ExampleRow

    /// `init(from:to:identifiedBy:)` (ListDiff+IdentifiedElements.swift).
    @Test func identifiedElements() {
        let oldRows = Row.old
        let newRows = [Row(id: 2, title: "b"), Row(id: 3, title: "C"), Row(id: 4, title: "d")]
        var reloaded: [Int] = []
        func reload(row: Int) { reloaded.append(row) }
        let diff = ListDiff(from: oldRows, to: newRows) { $0.id }
        for update in diff.updates { reload(row: update.new) }
        #expect(reloaded == [1] && diff.updates == [ListDiff.Pair(old: 2, new: 1)])
    }
}
