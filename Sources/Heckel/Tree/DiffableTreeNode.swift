/// A node of a tree that `TreeDiff` compares: an identity and ordered
/// children of the same type.
///
/// Conform your own node model, or pass closures for the identity and the
/// children to `TreeDiff(from:to:identifiedBy:children:)` instead.
///
/// ```swift
/// struct Folder: DiffableTreeNode, ContentEquatable {
///     var id: String
///     var title: String
///     var children: [Folder]
///     func isContentEqual(to other: Folder) -> Bool { title == other.title }
/// }
/// ```
///
/// A node's identity must be unique in its whole tree (all roots and all
/// depths). Matched nodes are compared for updates with
/// `isContentEqual(to:)` when the type adopts `ContentEquatable`, else with
/// `==`; a node that stores its children should adopt `ContentEquatable`,
/// or a change anywhere below it reports it as updated (and `==` walks its
/// subtree).
public protocol DiffableTreeNode: Equatable {
    /// The type of a node's identity.
    associatedtype ID: Hashable & Sendable
    /// The type of a node's children.
    associatedtype Children: Collection where Children.Element == Self

    /// The node's identity, unique in its tree.
    ///
    /// - Complexity: read once per node per diff; should be O(1).
    var id: ID { get }

    /// The node's children, in display order.
    ///
    /// - Complexity: read once per node per diff; should be O(1).
    var children: Children { get }
}
