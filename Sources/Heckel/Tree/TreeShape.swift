#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One tree numbered in preorder: for each node, the offset of its parent
/// (`TreeShape.root` for a root) and its index among its parent's children.
///
/// Invariants: `parents[k] < k` or `parents[k] == root`; the children of a
/// node (and the roots) have indexes 0, 1, 2, ... in preorder; a node's
/// subtree is the run of offsets after it up to the next offset whose parent
/// lies before it. `parents` and `indexes` have the same count.
@usableFromInline
struct TreeShape: Sendable, Equatable {
    /// The parent of a root.
    @usableFromInline static let root = UInt32.max

    @usableFromInline var parents: [UInt32] = []
    @usableFromInline var indexes: [UInt32] = []

    @inlinable init() {}

    /// The number of nodes.
    @inlinable var count: Int { parents.count }

    /// Room for `count` nodes in all.
    @inlinable
    mutating func reserveCapacity(_ count: Int) {
        parents.reserveCapacity(count)
        indexes.reserveCapacity(count)
    }

    /// Appends a node, in preorder.
    @inlinable @inline(__always)
    mutating func append(parent: UInt32, index: UInt32) {
        parents.append(parent)
        indexes.append(index)
    }

    /// The parent of node `offset`, or `nil` for a root.
    ///
    /// - Complexity: O(1).
    @inlinable
    func parent(of offset: Int) -> Int? {
        let parent = parents[offset]
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
            reversed.append(Int(indexes[node]))
            let parent = parents[node]
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
            guard low < count, parents[low] == (parent < 0 ? Self.root : UInt32(parent)),
                  Int(indexes[low]) == index else { return nil }
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
            let up = parents[node]
            if up == wanted { return Int(indexes[node]) }
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
            let parent = parents[node]
            while let last = open.last, parent == Self.root || last > Int(parent) {
                ends[last] = UInt32(truncatingIfNeeded: node)
                open.removeLast()
            }
            open.append(node)
        }
        return ends
    }
}
