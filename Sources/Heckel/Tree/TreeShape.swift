#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One tree numbered in preorder: for each node, the offset of its parent
/// (`TreeShape.root` for a root) and its index among its parent's children.
///
/// Invariants: `links[k].parent < k` or `links[k].parent == root`; the
/// children of a node (and the roots) have indexes 0, 1, 2, ... in preorder;
/// a node's subtree is the run of offsets after it up to the next offset
/// whose parent lies before it.
@usableFromInline
struct TreeShape: Sendable, Equatable {
    /// The parent of a root.
    @usableFromInline static let root = UInt32.max

    /// Each node's parent and index, side by side: a node's two fields are
    /// read together (one cache line for a node reached by a random offset)
    /// and written together (`FlatTree.gathering`).
    @usableFromInline var links: [TreeLink] = []

    @inlinable init() {}

    /// The number of nodes.
    @inlinable var count: Int { links.count }

    /// The parent of node `offset`, or `nil` for a root.
    ///
    /// - Complexity: O(1).
    @inlinable
    func parent(of offset: Int) -> Int? {
        let parent = links[offset].parent
        return parent == Self.root ? nil : Int(parent)
    }

    /// The child indexes from the roots down to node `offset`.
    ///
    /// - Complexity: O(depth).
    @usableFromInline
    func path(of offset: Int) -> IndexPath {
        var reversed: [Int] = []
        var node = offset
        while true {
            reversed.append(Int(links[node].index))
            let parent = links[node].parent
            if parent == Self.root { break }
            node = Int(parent)
        }
        return IndexPath(indexes: reversed.reversed())
    }

    /// The offset of the node at `path`, or `nil` when no node is there.
    ///
    /// Each level is a binary search over the offsets after the parent: the
    /// index of the parent's child that holds an offset never decreases with
    /// the offset (and is infinite past the parent's subtree).
    ///
    /// - Complexity: O(p log n · d): p the path's length, n the node count,
    ///   d the depth.
    func offset(of path: IndexPath) -> Int? {
        var parent = -1
        for index in path {
            guard index >= 0 else { return nil }
            var low = parent + 1, high = count
            while low < high {
                let middle = (low + high) / 2
                if childIndex(holding: middle, under: parent) < index { low = middle + 1 } else { high = middle }
            }
            guard low < count, links[low].parent == (parent < 0 ? Self.root : UInt32(parent)),
                  Int(links[low].index) == index else { return nil }
            parent = low
        }
        return parent < 0 ? nil : parent
    }

    /// The index of the child of `parent` (-1: the roots) whose subtree
    /// holds `offset`, or `Int.max` when `offset` lies past the parent's
    /// subtree.
    private func childIndex(holding offset: Int, under parent: Int) -> Int {
        let wanted = parent < 0 ? Self.root : UInt32(parent)
        var node = offset
        while true {
            let up = links[node].parent
            if up == wanted { return Int(links[node].index) }
            if up == Self.root || Int(up) < parent { return Int.max }
            node = Int(up)
        }
    }

    /// For each node, the offset just past its subtree.
    ///
    /// - Complexity: O(n).
    func subtreeEnds() -> [UInt32] {
        var ends = [UInt32](repeating: UInt32(truncatingIfNeeded: count), count: count)
        // The open ancestors of the node being read: a node closes when the
        // next node's parent lies before it.
        var open: [Int] = []
        for node in 0..<count {
            let parent = links[node].parent
            while let last = open.last, parent == Self.root || last > Int(parent) {
                ends[last] = UInt32(truncatingIfNeeded: node)
                open.removeLast()
            }
            open.append(node)
        }
        return ends
    }
}

/// A node's parent offset (`TreeShape.root` for a root) and its index among
/// its parent's children.
@usableFromInline
struct TreeLink: Sendable, Equatable {
    @usableFromInline var parent: UInt32
    @usableFromInline var index: UInt32

    @inlinable @inline(__always)
    init(parent: UInt32, index: UInt32) {
        self.parent = parent
        self.index = index
    }
}
