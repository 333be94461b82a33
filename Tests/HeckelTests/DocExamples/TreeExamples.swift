import Foundation
import Heckel
import Testing

// The doc-comment examples of Sources/Heckel/Tree, verbatim between the
// inputs they assume and the checks of what they state.
@Suite struct TreeExamples {
    /// `DiffableTreeNode` (DiffableTreeNode.swift).
    struct Folder: DiffableTreeNode, ContentEquatable {
        var id: String
        var title: String
        var children: [Folder]
        func isContentEqual(to other: Folder) -> Bool { title == other.title }
    }

    static let oldFolders = [Folder(id: "a", title: "A", children: [Folder(id: "b", title: "B", children: [])]),
                             Folder(id: "c", title: "C", children: [])]
    /// "b" moves from under "a" to under "c"; "a" is renamed.
    static let newFolders = [Folder(id: "a", title: "A'", children: []),
                             Folder(id: "c", title: "C", children: [Folder(id: "b", title: "B", children: [])])]

    /// `TreeDiff` (TreeDiff.swift).
    @Test func treeDiff() throws {
        let oldFolders = Self.oldFolders, newFolders = Self.newFolders
        let diff = try TreeDiff(from: oldFolders, to: newFolders)  // DiffableTreeNode
        for move in diff.moves { print(move.id, move.old.path, "->", move.new.path) }
        let steps = diff.outlineSteps                            // for NSOutlineView
        #expect(diff.moves.map(\.id) == ["b"] && diff.moves[0].changesParent)
        #expect(diff.moves[0].old.path == [0, 0] && diff.moves[0].new.path == [1, 0])
        #expect(diff.updates.map(\.id) == ["a"] && !steps.isEmpty)
    }

    /// `init(from:to:)` (TreeDiff+Initializers.swift).
    @Test func initFromTo() throws {
        let oldSidebar = Self.oldFolders, newSidebar = Self.newFolders
        let diff = try TreeDiff(from: oldSidebar, to: newSidebar)
        #expect(diff.moves.count == 1 && diff.deletions.isEmpty && diff.insertions.isEmpty)
    }

    /// `init(from:to:identifiedBy:children:)` (TreeDiff+Initializers.swift).
    @Test func initIdentifiedByChildren() throws {
        struct Comment: Equatable { var id: Int; var text: String; var replies: [Comment] }
        let oldRoots = [Comment(id: 1, text: "hi", replies: [Comment(id: 2, text: "yo", replies: [])])]
        let newRoots = [Comment(id: 1, text: "hi", replies: []), Comment(id: 2, text: "yo", replies: [])]
        let diff = try TreeDiff(from: oldRoots, to: newRoots, identifiedBy: { $0.id }, children: { $0.replies })
        // Reply 2 became a root; comment 1's replies changed, so with `==` it is updated.
        #expect(diff.moves.map(\.id) == [2] && diff.moves[0].new.path == [1])
        #expect(diff.updates.map(\.id) == [1])
    }
}
