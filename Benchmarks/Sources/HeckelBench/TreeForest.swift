import Heckel

/// A forest for the tree benchmark, as tables: node k's identity, content,
/// parent (-1: a root) and children in order. Nodes are numbered as built,
/// not in preorder; `preorder` gives that order.
struct TreeForest {
    var ids: [Int] = []
    var contents: [Int] = []
    var parents: [Int] = []
    var children: [[Int]] = []
    var roots: [Int] = []

    mutating func add(id: Int, parent: Int, at index: Int? = nil) -> Int {
        let node = ids.count
        ids.append(id)
        contents.append(0)
        parents.append(parent)
        children.append([])
        if parent < 0 { roots.insert(node, at: index ?? roots.count) }
        else { children[parent].insert(node, at: index ?? children[parent].count) }
        return node
    }

    /// The nodes in preorder, without recursion.
    var preorder: [Int] {
        var order: [Int] = []
        order.reserveCapacity(ids.count)
        var stack = Array(roots.reversed())
        while let node = stack.popLast() {
            if parents[node] == -2 { continue }  // detached (deleted)
            order.append(node)
            stack.append(contentsOf: children[node].reversed())
        }
        return order
    }

    /// Whether `node` lies in the subtree of `ancestor`.
    func isInSubtree(_ node: Int, of ancestor: Int) -> Bool {
        var current = node
        while current >= 0 {
            if current == ancestor { return true }
            current = parents[current]
        }
        return false
    }

    mutating func detach(_ node: Int) {
        let parent = parents[node]
        if parent < 0 { roots.removeAll { $0 == node } } else { children[parent].removeAll { $0 == node } }
    }
}

/// The shapes the benchmark builds.
enum TreeShapeKind: String, CaseIterable {
    /// Fan-out 4 (depth 10 at 10^6 nodes, 12 at 10^7).
    case balanced
    /// Chains of 1,000 nodes, one per root.
    case chain
    /// One level: every node a root.
    case wide

    /// A forest of `size` nodes with identities 0..<size.
    func forest(size: Int) -> TreeForest {
        var forest = TreeForest()
        forest.ids.reserveCapacity(size + size / 50)
        switch self {
        case .balanced:
            for k in 0..<size { _ = forest.add(id: k, parent: k == 0 ? -1 : (k - 1) / 4) }
        case .chain:
            for k in 0..<size { _ = forest.add(id: k, parent: k % 1000 == 0 ? -1 : k - 1) }
        case .wide:
            for k in 0..<size { _ = forest.add(id: k, parent: -1) }
        }
        return forest
    }
}

/// What the benchmark does to a forest.
enum TreeEdit: String, CaseIterable {
    /// 1% of the nodes edited: a quarter each deleted (leaves), inserted,
    /// moved to another parent, updated.
    case mixed
    /// 50 nodes moved to another parent (subtrees whole).
    case moves
    /// The mixed edit, plus 1% of the expanded states flipped; the diff then
    /// includes the expandable rows.
    case churn

    /// The edited copy of `old`.
    func edited(_ old: TreeForest, seed: UInt64) -> TreeForest {
        var generator = SeededGenerator(seed: seed)
        var new = old
        let size = old.ids.count
        var nextID = size
        func randomNode() -> Int { Int.random(in: 0..<new.ids.count, using: &generator) }
        func alive(_ node: Int) -> Bool { new.parents[node] != -2 }
        func move(_ node: Int) {
            for _ in 0..<20 {
                let target = Int.random(in: -1..<new.ids.count, using: &generator)
                if target >= 0 && (!alive(target) || new.isInSubtree(target, of: node)) { continue }
                if target == new.parents[node] { continue }
                new.detach(node)
                new.parents[node] = target
                let siblings = target < 0 ? new.roots.count : new.children[target].count
                let index = Int.random(in: 0...siblings, using: &generator)
                if target < 0 { new.roots.insert(node, at: index) } else { new.children[target].insert(node, at: index) }
                return
            }
        }
        if self == .moves {
            var moved = Set<Int>()
            var attempts = 0
            while moved.count < min(50, size / 2) && attempts < 100_000 {
                attempts += 1
                let node = randomNode()
                // Distinct nodes, none inside another moved one's subtree.
                if moved.contains(where: { new.isInSubtree(node, of: $0) || new.isInSubtree($0, of: node) }) { continue }
                move(node)
                if new.parents[node] != old.parents[node] { moved.insert(node) }
            }
            return new
        }
        for _ in 0..<max(1, size / 100) {
            let node = randomNode()
            guard alive(node) else { continue }
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where new.children[node].isEmpty:
                new.detach(node)
                new.parents[node] = -2
            case 1:
                let siblings = new.children[node].count
                _ = new.add(id: nextID, parent: node, at: Int.random(in: 0...siblings, using: &generator))
                nextID += 1
            case 2: move(node)
            default: new.contents[node] += 1
            }
        }
        return new
    }
}
