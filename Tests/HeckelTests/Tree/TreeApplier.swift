import Heckel

/// Rebuilds a new forest from an old one and a set of tree changes, written
/// apart from `TreeDiff`: detach the moved nodes, drop the deleted roots
/// (with what is still below them), place moved nodes and inserted subtrees
/// at their new (parent identity, index) in new preorder, then apply the
/// updated contents. Inserted subtrees take from the new forest only their
/// inserted nodes (matched nodes below them must come as moves).
enum TreeApplier {
    final class Node {
        let id: Int
        var content: Int
        var children: [Node] = []
        weak var parent: Node?
        init(id: Int, content: Int) { self.id = id; self.content = content }
        var value: TestNode { TestNode(id: id, content: content, children: children.map(\.value)) }
    }

    struct Refusal: Error, CustomStringConvertible { var description: String }

    /// The forest after the changes. `placements` are (identity, new parent,
    /// new index, new path) of the moved nodes and inserted roots.
    static func apply(old: [TestNode], newForest: [TestNode], moved: [Int], deletedRoots: [Int],
                      placements: [(id: Int, parent: Int?, index: Int, path: [Int])], updated: [Int]) throws -> [TestNode] {
        var byID: [Int: Node] = [:]
        func build(_ node: TestNode, parent: Node?) -> Node {
            let made = Node(id: node.id, content: node.content)
            made.parent = parent
            byID[node.id] = made
            made.children = node.children.map { build($0, parent: made) }
            return made
        }
        let top = Node(id: -1, content: 0)
        top.children = old.map { build($0, parent: top) }
        func detach(_ id: Int) throws {
            guard let node = byID[id], let parent = node.parent else { throw Refusal(description: "no node \(id) to detach") }
            parent.children.removeAll { $0 === node }
            node.parent = nil
        }
        for id in moved { try detach(id) }
        for id in deletedRoots {
            try detach(id)
            func forget(_ node: Node) { byID[node.id] = nil; node.children.forEach(forget) }
            forget(byID[id]!)
        }
        let newPlaces = TreeReading.places(newForest)
        let oldIDs = Set(TreeReading.preorder(old))
        let movedIDs = Set(moved)
        for placement in placements.sorted(by: { $0.path.lexicographicallyPrecedes($1.path) }) {
            let node: Node
            if movedIDs.contains(placement.id) {
                guard let existing = byID[placement.id] else { throw Refusal(description: "moved node \(placement.id) is gone") }
                node = existing
            } else {
                guard let source = newPlaces[placement.id]?.node, !oldIDs.contains(placement.id) else {
                    throw Refusal(description: "inserted node \(placement.id) is not new")
                }
                func insertedPart(_ node: TestNode) -> Node {
                    let made = Node(id: node.id, content: node.content)
                    byID[node.id] = made
                    made.children = node.children.filter { !oldIDs.contains($0.id) }.map(insertedPart)
                    made.children.forEach { $0.parent = made }
                    return made
                }
                node = insertedPart(source)
            }
            let parent: Node
            if let id = placement.parent {
                guard let found = byID[id] else { throw Refusal(description: "parent \(id) of \(placement.id) is not in the tree") }
                parent = found
            } else {
                parent = top
            }
            guard placement.index <= parent.children.count else {
                throw Refusal(description: "index \(placement.index) for \(placement.id) past \(parent.children.count) children")
            }
            parent.children.insert(node, at: placement.index)
            node.parent = parent
        }
        for id in updated {
            guard let node = byID[id], let content = newPlaces[id]?.node.content else {
                throw Refusal(description: "updated node \(id) missing")
            }
            node.content = content
        }
        return top.children.map(\.value)
    }

    /// The changes a `TreeDiff` reports, applied.
    static func apply(_ diff: TreeDiff<Int>, old: [TestNode], new: [TestNode]) throws -> [TestNode] {
        try apply(old: old, newForest: new, moved: diff.moves.map(\.id), deletedRoots: diff.deletions.map(\.id),
                  placements: diff.moves.map { ($0.id, $0.new.parent, $0.new.index, Array($0.new.path)) }
                    + diff.insertions.map { ($0.id, $0.new.parent, $0.new.index, Array($0.new.path)) },
                  updated: diff.updates.map(\.id))
    }

    /// The fewest moved nodes with which `apply` rebuilds `new`, by trying
    /// every set of matched nodes, smallest first. Deleted and inserted roots
    /// and positions come from the forests themselves.
    static func fewestMoves(old: [TestNode], new: [TestNode]) -> Int? {
        let oldPlaces = TreeReading.places(old), newPlaces = TreeReading.places(new)
        let matched = TreeReading.preorder(new).filter { oldPlaces[$0] != nil }
        let deleted = TreeReading.preorder(old).filter { newPlaces[$0] == nil && (oldPlaces[$0]!.parent.map { newPlaces[$0] != nil } ?? true) }
        let inserted = TreeReading.preorder(new).filter { oldPlaces[$0] == nil && (newPlaces[$0]!.parent.map { oldPlaces[$0] != nil } ?? true) }
        let updated = matched.filter { oldPlaces[$0]!.node.content != newPlaces[$0]!.node.content }
        guard matched.count <= 12 else { return nil }
        var best: Int?
        for mask in 0..<(1 << matched.count) {
            let size = mask.nonzeroBitCount
            if let best, size >= best { continue }
            let moved = matched.indices.filter { mask & (1 << $0) != 0 }.map { matched[$0] }
            let placements = (moved + inserted).map { id in
                let place = newPlaces[id]!
                return (id: id, parent: place.parent, index: place.index, path: place.path)
            }
            if let rebuilt = try? apply(old: old, newForest: new, moved: moved, deletedRoots: deleted,
                                        placements: placements, updated: updated), rebuilt == new {
                best = size
            }
        }
        return best
    }
}
