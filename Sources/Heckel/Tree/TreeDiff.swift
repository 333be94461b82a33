#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The difference between two trees of identified nodes (outlines:
/// sidebars, file browsers, threaded comments), at any depth and with any
/// number of roots.
///
/// Both trees are numbered in preorder and every node is matched by identity
/// across the whole tree with the same core as `ListDiff`, so a node can move
/// to another parent and keep its subtree. What is reported:
/// - `deletions` and `insertions`: the roots of deleted and inserted
///   subtrees, one each per subtree;
/// - `moves`: nodes whose parent changed, and the fewest nodes that left
///   the kept order among the children staying with their parent (outside
///   one longest increasing subsequence per parent); a moved node's subtree
///   goes with it, so its descendants are not moves unless they move too;
/// - `updates`: matched nodes whose content changed (`ContentEquatable`'s
///   `isContentEqual(to:)`, else `==`);
/// - every node's old and new path: `newPath(forOld:)`, `oldPath(forNew:)`.
///
/// ```swift
/// let diff = try TreeDiff(from: oldFolders, to: newFolders)  // DiffableTreeNode
/// for move in diff.moves { print(move.id, move.old.path, "->", move.new.path) }
/// let steps = diff.outlineSteps                            // for NSOutlineView
/// ```
///
/// Identities must be unique in each tree: a repeated one is
/// `TreeDiff.Error.duplicateIdentity`, naming it and both places.
public struct TreeDiff<ID: Hashable & Sendable>: Sendable {
    /// The old tree's identities in preorder.
    @usableFromInline let oldIdentities: ContiguousArray<ID>
    /// The new tree's identities in preorder.
    @usableFromInline let newIdentities: ContiguousArray<ID>
    @usableFromInline let oldShape: TreeShape
    @usableFromInline let newShape: TreeShape
    /// Old preorder offsets against new ones.
    @usableFromInline let mapping: Mapping
    /// The same changes as preorder offsets: deleted roots (old), inserted
    /// roots (new), moved nodes (new), updated pairs.
    @usableFromInline let deletedRoots: [Int]
    @usableFromInline let insertedRoots: [Int]
    @usableFromInline let movedNodes: [Int]
    @usableFromInline let updatedPairs: [ListDiff.Pair]

    @usableFromInline
    init(oldIdentities: ContiguousArray<ID>, newIdentities: ContiguousArray<ID>, oldShape: TreeShape,
         newShape: TreeShape, mapping: Mapping, pass: TreePass) {
        self.oldIdentities = oldIdentities
        self.newIdentities = newIdentities
        self.oldShape = oldShape
        self.newShape = newShape
        self.mapping = mapping
        deletedRoots = pass.deletedRoots
        insertedRoots = pass.insertedRoots
        movedNodes = pass.movedNodes
        updatedPairs = pass.updatedPairs
    }

    /// Where node `offset` is in the tree of `shape`, whose identities are
    /// `identities`.
    func position(_ shape: TreeShape, _ offset: Int, identities: ContiguousArray<ID>) -> Position {
        Position(path: shape.path(of: offset), parent: shape.parent(of: offset).map { identities[$0] },
                 index: Int(shape.links[offset].index))
    }

    /// The roots of deleted subtrees, in old preorder.
    ///
    /// - Complexity: O(c · d) for c deletions at depth up to d (the paths).
    public var deletions: [Deletion] {
        deletedRoots.map { Deletion(id: oldIdentities[$0], old: position(oldShape, $0, identities: oldIdentities)) }
    }

    /// The roots of inserted subtrees, in new preorder.
    ///
    /// - Complexity: O(c · d) for c insertions at depth up to d.
    public var insertions: [Insertion] {
        insertedRoots.map { Insertion(id: newIdentities[$0], new: position(newShape, $0, identities: newIdentities)) }
    }

    /// Moved nodes, in new preorder: nodes whose parent changed, and the
    /// fewest that left the kept order among their parent's staying
    /// children.
    ///
    /// - Complexity: O(c · d) for c moves at depth up to d.
    public var moves: [Move] {
        let newToOld = mapping.newToOld
        return movedNodes.map { node in
            Move(id: newIdentities[node], old: position(oldShape, Int(newToOld[node]), identities: oldIdentities),
                 new: position(newShape, node, identities: newIdentities))
        }
    }

    /// Matched nodes whose content changed, in new preorder.
    ///
    /// - Complexity: O(c · d) for c updates at depth up to d.
    public var updates: [Update] {
        updatedPairs.map {
            Update(id: newIdentities[$0.new], old: position(oldShape, $0.old, identities: oldIdentities),
                   new: position(newShape, $0.new, identities: newIdentities))
        }
    }

    /// The number of moves.
    ///
    /// - Complexity: O(1).
    public var moveCount: Int { movedNodes.count }

    /// The number of nodes in the old tree.
    ///
    /// - Complexity: O(1).
    public var oldCount: Int { oldShape.count }

    /// The number of nodes in the new tree.
    ///
    /// - Complexity: O(1).
    public var newCount: Int { newShape.count }

    /// Whether the trees are equal: no deletions, insertions, moves or
    /// updates.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool {
        deletedRoots.isEmpty && insertedRoots.isEmpty && movedNodes.isEmpty && updatedPairs.isEmpty
    }

    /// The identity of the node at old preorder offset `offset`.
    ///
    /// - Precondition: `0 <= offset < oldCount`.
    /// - Complexity: O(1).
    public func oldIdentity(at offset: Int) -> ID {
        precondition(offset >= 0 && offset < oldCount, "TreeDiff.oldIdentity(at:): \(offset) out of 0..<\(oldCount)")
        return oldIdentities[offset]
    }

    /// The identity of the node at new preorder offset `offset`.
    ///
    /// - Precondition: `0 <= offset < newCount`.
    /// - Complexity: O(1).
    public func newIdentity(at offset: Int) -> ID {
        precondition(offset >= 0 && offset < newCount, "TreeDiff.newIdentity(at:): \(offset) out of 0..<\(newCount)")
        return newIdentities[offset]
    }

    /// The new preorder offset of the node at old preorder offset `offset`,
    /// or `nil` when it was deleted.
    ///
    /// - Precondition: `0 <= offset < oldCount`.
    /// - Complexity: O(1).
    public func newOffset(forOld offset: Int) -> Int? {
        precondition(offset >= 0 && offset < oldCount, "TreeDiff.newOffset(forOld:): \(offset) out of 0..<\(oldCount)")
        let mapped = mapping.oldToNew[offset]
        return mapped == Mapping.unmatched ? nil : Int(mapped)
    }

    /// The old preorder offset of the node at new preorder offset `offset`,
    /// or `nil` when it was inserted.
    ///
    /// - Precondition: `0 <= offset < newCount`.
    /// - Complexity: O(1).
    public func oldOffset(forNew offset: Int) -> Int? {
        precondition(offset >= 0 && offset < newCount, "TreeDiff.oldOffset(forNew:): \(offset) out of 0..<\(newCount)")
        let mapped = mapping.newToOld[offset]
        return mapped == Mapping.unmatched ? nil : Int(mapped)
    }

    /// The path of the node at old preorder offset `offset`.
    ///
    /// - Precondition: `0 <= offset < oldCount`.
    /// - Complexity: O(depth).
    public func oldPath(at offset: Int) -> IndexPath {
        precondition(offset >= 0 && offset < oldCount, "TreeDiff.oldPath(at:): \(offset) out of 0..<\(oldCount)")
        return oldShape.path(of: offset)
    }

    /// The path of the node at new preorder offset `offset`.
    ///
    /// - Precondition: `0 <= offset < newCount`.
    /// - Complexity: O(depth).
    public func newPath(at offset: Int) -> IndexPath {
        precondition(offset >= 0 && offset < newCount, "TreeDiff.newPath(at:): \(offset) out of 0..<\(newCount)")
        return newShape.path(of: offset)
    }

    /// Where the node at `path` in the old tree is in the new one, or `nil`
    /// when it was deleted (alone or with an ancestor). Use it to carry
    /// selection and expansion across an update.
    ///
    /// - Precondition: `path` names a node of the old tree.
    /// - Complexity: O(d log n · d) for depth d and n nodes.
    public func newPath(forOld path: IndexPath) -> IndexPath? {
        guard let offset = oldShape.offset(of: path) else {
            preconditionFailure("TreeDiff.newPath(forOld:): \(Array(path)) names no node of the old tree")
        }
        return newOffset(forOld: offset).map(newShape.path(of:))
    }

    /// Where the node at `path` in the new tree was in the old one, or `nil`
    /// when it was inserted (alone or with an ancestor).
    ///
    /// - Precondition: `path` names a node of the new tree.
    /// - Complexity: O(d log n · d) for depth d and n nodes.
    public func oldPath(forNew path: IndexPath) -> IndexPath? {
        guard let offset = newShape.offset(of: path) else {
            preconditionFailure("TreeDiff.oldPath(forNew:): \(Array(path)) names no node of the new tree")
        }
        return oldOffset(forNew: offset).map(oldShape.path(of:))
    }
}
