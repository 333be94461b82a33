/// The row of the doc examples that diff `oldRows` and `newRows`: an
/// identity and a content.
struct ExampleRow: Hashable {
    var id: Int
    var title: String

    /// The old rows of both examples: 1 "a", 2 "b", 3 "c".
    static let old = [ExampleRow(id: 1, title: "a"), ExampleRow(id: 2, title: "b"), ExampleRow(id: 3, title: "c")]
}
