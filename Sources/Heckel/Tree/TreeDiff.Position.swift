#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TreeDiff {
    /// Where a node is in one tree, two ways: its path (child indexes from
    /// the roots: `[2]` is the third root, `[2, 0]` its first child), and
    /// its parent's identity (`nil` for a root) with its index among that
    /// parent's children.
    public struct Position: Hashable, Sendable {
        /// Child indexes from the roots down to the node.
        public var path: IndexPath
        /// The parent's identity, `nil` for a root.
        public var parent: ID?
        /// The node's index among its parent's children (or the roots).
        public var index: Int

        /// A position with the given path, parent and index, taken as given.
        ///
        /// - Complexity: O(1).
        public init(path: IndexPath, parent: ID?, index: Int) {
            self.path = path
            self.parent = parent
            self.index = index
        }
    }

    /// The root of a deleted subtree: every node below it is deleted with
    /// it, except those listed in `moves` (they left it first).
    public struct Deletion: Hashable, Sendable {
        /// The node's identity.
        public var id: ID
        /// Where it was in the old tree.
        public var old: Position

        /// A deletion of node `id` from `old`.
        ///
        /// - Complexity: O(1).
        public init(id: ID, old: Position) {
            self.id = id
            self.old = old
        }
    }

    /// The root of an inserted subtree: every node below it is inserted with
    /// it, except those listed in `moves` (they came from elsewhere).
    public struct Insertion: Hashable, Sendable {
        /// The node's identity.
        public var id: ID
        /// Where it is in the new tree.
        public var new: Position

        /// An insertion of node `id` at `new`.
        ///
        /// - Complexity: O(1).
        public init(id: ID, new: Position) {
            self.id = id
            self.new = new
        }
    }

    /// A node that changed parent, or left the kept order among the
    /// children that stay with its parent. Its subtree moves with it: a
    /// descendant that keeps its parent is not a move of its own.
    public struct Move: Hashable, Sendable {
        /// The node's identity.
        public var id: ID
        /// Where it was in the old tree.
        public var old: Position
        /// Where it is in the new tree.
        public var new: Position

        /// A move of node `id` from `old` to `new`.
        ///
        /// - Complexity: O(1).
        public init(id: ID, old: Position, new: Position) {
            self.id = id
            self.old = old
            self.new = new
        }

        /// Whether the node changed parent (else it moved among its
        /// siblings).
        ///
        /// - Complexity: O(1).
        public var changesParent: Bool { old.parent != new.parent }
    }

    /// A matched node whose content changed (`isContentEqual(to:)` false for
    /// `ContentEquatable` nodes, else not `==`).
    public struct Update: Hashable, Sendable {
        /// The node's identity.
        public var id: ID
        /// Where it was in the old tree.
        public var old: Position
        /// Where it is in the new tree.
        public var new: Position

        /// An update of node `id`, from `old` to `new`.
        ///
        /// - Complexity: O(1).
        public init(id: ID, old: Position, new: Position) {
            self.id = id
            self.old = old
            self.new = new
        }
    }
}
