import Heckel

/// A node of the test trees: an identity, a content that updates change,
/// and children (compared by content only).
struct TestNode: DiffableTreeNode, ContentEquatable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var content: Int = 0
    var children: [TestNode] = []

    func isContentEqual(to other: TestNode) -> Bool { content == other.content }

    var description: String {
        "\(id)\(content == 0 ? "" : "'\(content)")" + (children.isEmpty ? "" : "\(children)")
    }
}

/// A forest as a table: each node's parent (nil: a root), a sort key among
/// its siblings and a content. The generator edits tables and builds the
/// nested trees from them.
struct TreeTable {
    var parent: [Int: Int?] = [:]
    var order: [Int: Double] = [:]
    var content: [Int: Int] = [:]

    var roots: [TestNode] {
        var children: [Int?: [Int]] = [:]
        for (node, parent) in parent { children[parent, default: []].append(node) }
        func build(_ node: Int) -> TestNode {
            TestNode(id: node, content: content[node] ?? 0, children: sorted(children[node] ?? []).map(build))
        }
        func sorted(_ nodes: [Int]) -> [Int] { nodes.sorted { (order[$0]!, $0) < (order[$1]!, $1) } }
        return sorted(children[nil] ?? []).map(build)
    }

    /// Whether `node` is `ancestor` or lies below it.
    func isInSubtree(_ node: Int, of ancestor: Int) -> Bool {
        var current: Int? = node
        while let c = current {
            if c == ancestor { return true }
            current = parent[c]!
        }
        return false
    }

    func subtree(of node: Int) -> [Int] { parent.keys.filter { isInSubtree($0, of: node) } }
}

/// Seeded random pairs of forests: random depth and fan-out, nodes moved
/// between parents and among siblings, subtrees deleted with some of their
/// descendants kept elsewhere, nodes inserted (some below moved or inserted
/// nodes), contents updated.
struct RandomTrees {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < p }

    /// A forest of `count` nodes with identities 0..<count; `deep` makes
    /// most nodes children of the node just before them (long chains).
    mutating func table(count: Int, deep: Bool) -> TreeTable {
        var table = TreeTable()
        for node in 0..<count {
            let parent: Int?
            if node == 0 || chance(0.15) { parent = nil }
            else if deep && chance(0.7) { parent = node - 1 }
            else { parent = int(0...(node - 1)) }
            table.parent[node] = parent
            table.order[node] = Double(int(0...1000))
            table.content[node] = 0
        }
        return table
    }

    /// Nodes of `table` not deleted, as a list to draw from.
    mutating func pick(_ table: TreeTable) -> Int? { table.parent.keys.sorted().randomElement(using: &generator) }

    /// A new place for `node`: a parent outside its subtree (or none).
    mutating func reparent(_ node: Int, in table: inout TreeTable) {
        let candidates = table.parent.keys.sorted().filter { !table.isInSubtree($0, of: node) }
        table.parent[node] = chance(0.2) ? nil : candidates.randomElement(using: &generator)
        table.order[node] = Double(int(0...1000)) + 0.5
    }

    /// An old forest and an edited copy.
    mutating func pair(maxCount: Int = 30, edits: Int? = nil) -> (old: [TestNode], new: [TestNode]) {
        let count = int(0...maxCount)
        let old = table(count: count, deep: chance(0.3))
        var new = old
        let editCount = edits ?? int(0...max(1, count / 3))
        var nextID = count
        for _ in 0..<editCount {
            switch int(0...5) {
            case 0: // a subtree deleted, some of its descendants kept elsewhere
                guard let node = pick(new) else { continue }
                let below = new.subtree(of: node).filter { $0 != node }
                var kept: [Int] = []
                for descendant in below.sorted() where chance(0.3) { kept.append(descendant) }
                // Kept nodes whose parent goes: each picks a surviving parent later.
                for gone in below where !kept.contains(gone) { remove(gone, from: &new) }
                remove(node, from: &new)
                var orphans: [Int] = []
                for keep in kept {
                    if let parent = new.parent[keep]!, new.parent[parent] == nil {
                        new.parent[keep] = .some(nil)
                        orphans.append(keep)
                    }
                }
                for orphan in orphans { reparent(orphan, in: &new) }
            case 1: // a move between parents
                guard let node = pick(new) else { continue }
                reparent(node, in: &new)
            case 2: // a move among siblings
                guard let node = pick(new) else { continue }
                new.order[node] = Double(int(0...1000)) + 0.25
            case 3: // an insertion, maybe below another new node
                let parent = chance(0.3) ? nil : pick(new)
                new.parent[nextID] = .some(parent)
                new.order[nextID] = Double(int(0...1000)) + 0.75
                new.content[nextID] = 0
                nextID += 1
            case 4: // an update
                guard let node = pick(new) else { continue }
                new.content[node] = (new.content[node] ?? 0) + 1
            default: // sibling order shuffled under one parent
                guard let node = pick(new), let parent = new.parent[node] else { continue }
                for (child, p) in new.parent where p == parent { new.order[child] = Double(int(0...1000)) }
            }
        }
        return (old.roots, new.roots)
    }

    /// Removes `node` alone; its children keep pointing at it until the
    /// caller re-parents or removes them.
    private func remove(_ node: Int, from table: inout TreeTable) {
        table.parent[node] = nil
        table.order[node] = nil
        table.content[node] = nil
    }
}

/// Reading test forests: preorder, positions by identity.
enum TreeReading {
    /// Every node's (path, parent identity, index, content), by identity.
    static func places(_ roots: [TestNode]) -> [Int: (path: [Int], parent: Int?, index: Int, node: TestNode)] {
        var places: [Int: (path: [Int], parent: Int?, index: Int, node: TestNode)] = [:]
        func walk(_ nodes: [TestNode], path: [Int], parent: Int?) {
            for (index, node) in nodes.enumerated() {
                places[node.id] = (path + [index], parent, index, node)
                walk(node.children, path: path + [index], parent: node.id)
            }
        }
        walk(roots, path: [], parent: nil)
        return places
    }

    /// The identities in preorder.
    static func preorder(_ roots: [TestNode]) -> [Int] {
        roots.flatMap { [$0.id] + preorder($0.children) }
    }

    /// Number of nodes.
    static func count(_ roots: [TestNode]) -> Int { roots.reduce(0) { $0 + 1 + count($1.children) } }
}
