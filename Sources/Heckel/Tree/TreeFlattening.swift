/// One tree gathered in preorder: its nodes, their identities and its
/// shape. Iterative (an explicit stack of child iterators), so a chain a
/// million nodes deep needs no call stack.
@usableFromInline
struct FlatTree<Node, ID> {
    @usableFromInline var nodes: ContiguousArray<Node> = []
    @usableFromInline var shape = TreeShape()

    @inlinable init() {}

    /// Gathers the trees under `roots`, appending each node's identity to
    /// `ids`, with room for `expectedCount` nodes reserved up front (the
    /// arrays still grow past it). `nil` when the diff was cancelled (polled
    /// every `CancelFlag.pollInterval` nodes).
    ///
    /// - Precondition: at most `ListDiff.maximumCount` nodes.
    /// - Complexity: O(n) for n nodes, one call of `id` and of `children`
    ///   per node.
    @inlinable @inline(__always)
    static func gathering<Roots: Collection, Children: Collection>(
        _ roots: Roots, expectedCount: Int = 0, ids: inout ContiguousArray<ID>, id: (Node) -> ID,
        children: (Node) -> Children, cancel: CancelFlag?
    ) -> FlatTree? where Roots.Element == Node, Children.Element == Node {
        var tree = FlatTree()
        if expectedCount > 0 {
            tree.nodes.reserveCapacity(expectedCount)
            tree.shape.reserveCapacity(expectedCount)
            ids.reserveCapacity(ids.count + expectedCount)
        }
        var stack: [TreeFrame<Children>] = []
        stack.reserveCapacity(64)
        var rootIndex: UInt32 = 0
        func visit(_ node: Node, parent: UInt32, index: UInt32) -> Bool {
            let offset = tree.nodes.count
            if CancelFlag.isCancelled(cancel, at: offset) { return false }
            precondition(offset < ListDiff.maximumCount, "TreeDiff: a tree has more than ListDiff.maximumCount nodes")
            tree.nodes.append(node)
            ids.append(id(node))
            tree.shape.append(parent: parent, index: index)
            let kids = children(node)
            if !kids.isEmpty {
                stack.append(TreeFrame(children: kids, next: kids.startIndex, parent: UInt32(truncatingIfNeeded: offset),
                                   index: 0))
            }
            return true
        }
        for root in roots {
            guard visit(root, parent: TreeShape.root, index: rootIndex) else { return nil }
            rootIndex &+= 1
            while !stack.isEmpty {
                guard let (child, parent, index) = stack[stack.count - 1].advance() else {
                    stack.removeLast()
                    continue
                }
                guard visit(child, parent: parent, index: index) else { return nil }
            }
        }
        return tree
    }
}

/// A parent whose children `FlatTree.gathering` is reading: its children,
/// the next one and that one's index among them.
@usableFromInline
struct TreeFrame<Children: Collection> {
    @usableFromInline var children: Children
    @usableFromInline var next: Children.Index
    @usableFromInline var parent: UInt32
    @usableFromInline var index: UInt32

    @inlinable
    init(children: Children, next: Children.Index, parent: UInt32, index: UInt32) {
        self.children = children
        self.next = next
        self.parent = parent
        self.index = index
    }

    /// The next child, its parent's offset and its index, advancing past it;
    /// `nil` past the last. One call is one access to the frame, so the
    /// stack's top is checked for uniqueness once per child.
    @inlinable @inline(__always)
    mutating func advance() -> (node: Children.Element, parent: UInt32, index: UInt32)? {
        if next == children.endIndex { return nil }
        let node = children[next]
        children.formIndex(after: &next)
        defer { index &+= 1 }
        return (node, parent, index)
    }
}
