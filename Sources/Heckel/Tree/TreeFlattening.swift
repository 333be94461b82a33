/// One tree gathered in preorder: its nodes, their identities and its
/// shape. Iterative (an explicit stack of child iterators), so a chain a
/// million nodes deep needs no call stack.
@usableFromInline
struct FlatTree<Node, ID> {
    @usableFromInline var nodes: ContiguousArray<Node> = []
    @usableFromInline var shape = TreeShape()

    @inlinable init() {}

    /// Gathers the trees under `roots`, their identities into `ids` (given
    /// empty), with room for `expectedCount` nodes made up front (more is
    /// made when the trees are larger). `nil` when the diff was cancelled
    /// (polled every `CancelFlag.pollInterval` nodes).
    ///
    /// The nodes, identities and links are written straight into the
    /// arrays' uninitialized storage (`init(unsafeUninitializedCapacity:)`),
    /// so a node costs no uniqueness or capacity check per array. When the
    /// room runs out, the walk pauses (its stack of frames and the next
    /// root are kept), the three arrays are made again four times as large
    /// with what was gathered copied over, and the walk goes on. Growing by
    /// four copies a third of the final count in all where doubling copies
    /// all of it; the room never written costs address space and commit
    /// charge, not resident memory (the pages of a big block are made on
    /// their first write).
    ///
    /// - Precondition: at most `ListDiff.maximumCount` nodes.
    /// - Complexity: O(n) for n nodes, one call of `id` and of `children`
    ///   per node.
    @inlinable @inline(__always)
    static func gathering<Roots: Collection, Children: Collection>(
        _ roots: Roots, expectedCount: Int = 0, ids: inout ContiguousArray<ID>, id: (Node) -> ID,
        children: (Node) -> Children, cancel: CancelFlag?
    ) -> FlatTree? where Roots.Element == Node, Children.Element == Node {
        precondition(ids.isEmpty, "FlatTree.gathering: the identities' array is not empty")
        var tree = FlatTree()
        var stack: [TreeFrame<Children>] = []
        stack.reserveCapacity(64)
        var nextRoot = roots.startIndex
        var rootIndex: UInt32 = 0
        var capacity = Swift.max(expectedCount, 1024)
        var count = 0, finished = false, cancelled = false
        // Read once: a global's accessor is a call.
        let maximumCount = ListDiff.maximumCount
        while true {
            let gathered = count
            // A round stops at one node past the most a tree may have, so
            // that bound is checked once per round, not once per node.
            // (maximumCount is Int.max where Int has 32 bits: no + 1 then.)
            let room = capacity <= maximumCount ? capacity : maximumCount + 1
            var links: [TreeLink] = []
            var newIDs = ContiguousArray<ID>()
            let nodes = ContiguousArray<Node>(unsafeUninitializedCapacity: capacity) { nodeBuffer, nodeCount in
                newIDs = ContiguousArray<ID>(unsafeUninitializedCapacity: capacity) { idBuffer, idCount in
                    links = [TreeLink](unsafeUninitializedCapacity: capacity) { linkBuffer, linkCount in
                        let nodeBase = nodeBuffer.baseAddress.unsafelyUnwrapped
                        let idBase = idBuffer.baseAddress.unsafelyUnwrapped
                        let linkBase = linkBuffer.baseAddress.unsafelyUnwrapped
                        // What the walk gathered before this room was made.
                        if gathered > 0 {
                            tree.nodes.withUnsafeBufferPointer {
                                nodeBase.initialize(from: $0.baseAddress.unsafelyUnwrapped, count: gathered)
                            }
                            ids.withUnsafeBufferPointer {
                                idBase.initialize(from: $0.baseAddress.unsafelyUnwrapped, count: gathered)
                            }
                            tree.shape.links.withUnsafeBufferPointer {
                                linkBase.initialize(from: $0.baseAddress.unsafelyUnwrapped, count: gathered)
                            }
                            // The smaller arrays go now, not after this round.
                            tree.nodes = []
                            ids = []
                            tree.shape.links = []
                        }
                        while count < room {
                            let node: Node, parent: UInt32, index: UInt32
                            if !stack.isEmpty {
                                guard let next = stack[stack.count - 1].advance() else {
                                    stack.removeLast()
                                    continue
                                }
                                (node, parent, index) = next
                            } else if nextRoot != roots.endIndex {
                                node = roots[nextRoot]
                                roots.formIndex(after: &nextRoot)
                                (parent, index) = (TreeShape.root, rootIndex)
                                rootIndex &+= 1
                            } else {
                                finished = true
                                break
                            }
                            if CancelFlag.isCancelled(cancel, at: count) {
                                cancelled = true
                                break
                            }
                            (nodeBase + count).initialize(to: node)
                            (idBase + count).initialize(to: id(node))
                            (linkBase + count).initialize(to: TreeLink(parent: parent, index: index))
                            let kids = children(node)
                            if !kids.isEmpty {
                                stack.append(TreeFrame(children: kids, next: kids.startIndex,
                                                       parent: UInt32(truncatingIfNeeded: count), index: 0))
                            }
                            count &+= 1
                        }
                        linkCount = count
                    }
                    idCount = count
                }
                nodeCount = count
            }
            tree.nodes = nodes
            ids = newIDs
            tree.shape.links = links
            precondition(count <= maximumCount, "TreeDiff: a tree has more than ListDiff.maximumCount nodes")
            if cancelled { return nil }
            if finished { return tree }
            capacity *= 4
        }
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
    /// stack's top is checked for uniqueness once per child. (A top frame
    /// kept in locals, out of the stack, does not stay in registers beside
    /// the walk's other state: its spills cost more than these accesses.)
    @inlinable @inline(__always)
    mutating func advance() -> (node: Children.Element, parent: UInt32, index: UInt32)? {
        if next == children.endIndex { return nil }
        let node = children[next]
        children.formIndex(after: &next)
        defer { index &+= 1 }
        return (node, parent, index)
    }
}
