#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel
import Testing

/// `TreeDiff` on examples and on thousands of seeded random forests; a
/// failure prints its seed and both forests.
/// A node of a chain given by closures: which tree it belongs to tells the
/// closure which table to read; its content never changes.
struct ChainNode: ContentEquatable {
    var id: Int
    var isNew: Bool
    func isContentEqual(to other: ChainNode) -> Bool { true }
}

@Suite("TreeDiff")
struct TreeDiffTests {
    /// Everything the diff says, checked against the forests themselves.
    static func problems(_ diff: TreeDiff<Int>, old: [TestNode], new: [TestNode]) -> [String] {
        var problems: [String] = []
        let oldPlaces = TreeReading.places(old), newPlaces = TreeReading.places(new)
        let oldOrder = TreeReading.preorder(old), newOrder = TreeReading.preorder(new)
        if diff.oldCount != oldOrder.count || diff.newCount != newOrder.count { problems.append("counts") }
        // The mapping agrees with the identities, offsets and paths.
        for (offset, id) in oldOrder.enumerated() {
            if diff.oldIdentity(at: offset) != id { problems.append("old identity at \(offset)") }
            if Array(diff.oldPath(at: offset)) != oldPlaces[id]!.path { problems.append("old path of \(id)") }
            let mapped = diff.newOffset(forOld: offset)
            if mapped.map({ newOrder[$0] }) != (newPlaces[id] != nil ? id : nil) { problems.append("newOffset(forOld: \(offset))") }
            let path = diff.newPath(forOld: IndexPath(indexes: oldPlaces[id]!.path)).map(Array.init)
            if path != newPlaces[id]?.path { problems.append("newPath(forOld:) of \(id): \(String(describing: path))") }
        }
        for (offset, id) in newOrder.enumerated() {
            if diff.newIdentity(at: offset) != id { problems.append("new identity at \(offset)") }
            let mapped = diff.oldOffset(forNew: offset)
            if mapped.map({ oldOrder[$0] }) != (oldPlaces[id] != nil ? id : nil) { problems.append("oldOffset(forNew: \(offset))") }
            let path = diff.oldPath(forNew: IndexPath(indexes: newPlaces[id]!.path)).map(Array.init)
            if path != oldPlaces[id]?.path { problems.append("oldPath(forNew:) of \(id)") }
        }
        // Positions as paths and as (parent, index) pairs.
        func check(_ position: TreeDiff<Int>.Position, _ id: Int, in places: [Int: (path: [Int], parent: Int?, index: Int, node: TestNode)], _ label: String) {
            guard let place = places[id], Array(position.path) == place.path, position.parent == place.parent,
                  position.index == place.index else { return problems.append("\(label) \(id) at \(position)") }
        }
        for d in diff.deletions {
            check(d.old, d.id, in: oldPlaces, "deletion")
            if newPlaces[d.id] != nil { problems.append("deleted \(d.id) is in the new tree") }
            if let parent = oldPlaces[d.id]!.parent, newPlaces[parent] == nil { problems.append("deletion \(d.id) is not a root of a deleted subtree") }
        }
        for i in diff.insertions {
            check(i.new, i.id, in: newPlaces, "insertion")
            if oldPlaces[i.id] != nil { problems.append("inserted \(i.id) is in the old tree") }
            if let parent = newPlaces[i.id]!.parent, oldPlaces[parent] == nil { problems.append("insertion \(i.id) is not a root of an inserted subtree") }
        }
        for m in diff.moves { check(m.old, m.id, in: oldPlaces, "move from"); check(m.new, m.id, in: newPlaces, "move to") }
        for u in diff.updates {
            check(u.old, u.id, in: oldPlaces, "update from"); check(u.new, u.id, in: newPlaces, "update to")
            if oldPlaces[u.id]!.node.content == newPlaces[u.id]!.node.content { problems.append("update \(u.id) with the same content") }
        }
        // Every node whose parent changed is a move.
        for id in newOrder where oldPlaces[id] != nil && oldPlaces[id]!.parent != newPlaces[id]!.parent {
            if !diff.moves.contains(where: { $0.id == id && $0.changesParent }) { problems.append("\(id) changed parent, no move") }
        }
        // Applying the changes gives the new forest.
        do {
            let rebuilt = try TreeApplier.apply(diff, old: old, new: new)
            if rebuilt != new { problems.append("applied: \(rebuilt)") }
        } catch {
            problems.append("applying refused: \(error)")
        }
        return problems
    }

    @Test("random forests: mapping, positions, applied changes", arguments: [0, 1, 2, 3] as [UInt64])
    func random(batch: UInt64) throws {
        for seed in batch * 500 ..< (batch + 1) * 500 {
            var trees = RandomTrees(seed: seed)
            let (old, new) = trees.pair(maxCount: 40)
            let diff = try TreeDiff(from: old, to: new)
            let problems = Self.problems(diff, old: old, new: new)
            if !problems.isEmpty {
                Issue.record(Comment(rawValue: "seed \(seed)\nold \(old)\nnew \(new)\n" + problems.prefix(5).joined(separator: "\n")))
                return
            }
        }
    }

    @Test("the move count equals a brute-force minimum on small forests")
    func fewestMoves() throws {
        var checked = 0
        for seed in 0 ..< 1_500 as Range<UInt64> {
            var trees = RandomTrees(seed: 90_000 + seed)
            let (old, new) = trees.pair(maxCount: 9, edits: 3)
            let diff = try TreeDiff(from: old, to: new)
            guard let fewest = TreeApplier.fewestMoves(old: old, new: new) else { continue }
            checked += 1
            if diff.moves.count != fewest {
                Issue.record(Comment(rawValue: "seed \(seed): \(diff.moves.count) moves, fewest \(fewest)\nold \(old)\nnew \(new)"))
                return
            }
        }
        #expect(checked > 1_000)
    }

    @Test("a repeated identity in either tree is an error naming it and both paths", arguments: [0, 1] as [UInt64])
    func duplicates(batch: UInt64) throws {
        for seed in batch * 300 ..< (batch + 1) * 300 {
            var trees = RandomTrees(seed: 50_000 + seed)
            var (old, new) = trees.pair(maxCount: 25)
            let inOld = trees.chance(0.5)
            let forest = inOld ? old : new
            let ids = TreeReading.preorder(forest)
            guard ids.count >= 2 else { continue }
            let source = ids[trees.int(0...(ids.count - 1))]
            var target = source
            while target == source { target = ids[trees.int(0...(ids.count - 1))] }
            func renamed(_ nodes: [TestNode]) -> [TestNode] {
                nodes.map { var n = $0; if n.id == target { n.id = source }; n.children = renamed(n.children); return n }
            }
            if inOld { old = renamed(old) } else { new = renamed(new) }
            let places = TreeReading.places(inOld ? old : new)
            _ = places
            do {
                _ = try TreeDiff(from: old, to: new)
                Issue.record("seed \(seed): duplicate \(source) accepted")
                return
            } catch let error {
                guard case let .duplicateIdentity(id, tree, first, second) = error else {
                    Issue.record("seed \(seed): \(error)")
                    return
                }
                #expect(id == source && tree == (inOld ? .old : .new))
                // Both paths hold that identity in that tree, and differ.
                func node(at path: IndexPath, in roots: [TestNode]) -> TestNode? {
                    var level = roots, found: TestNode?
                    for index in path {
                        guard level.indices.contains(index) else { return nil }
                        found = level[index]
                        level = level[index].children
                    }
                    return found
                }
                let roots = inOld ? old : new
                #expect(first != second && node(at: first, in: roots)?.id == source && node(at: second, in: roots)?.id == source)
                #expect(error.description.contains("\"\(source)\"") && error.description.contains("\(tree) tree"))
            }
        }
    }

    /// An identity whose hash values all collide: every key repeats, so
    /// the duplicate check must confirm by `==` and fall back to its exact
    /// way.
    struct CollidingID: Hashable, Sendable {
        var value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    @Test("identities whose hash values collide: duplicates found, distinct ones accepted", arguments: [0, 1] as [UInt64])
    func collidingIdentities(batch: UInt64) throws {
        var rejected = 0
        for seed in batch * 200 ..< (batch + 1) * 200 {
            var trees = RandomTrees(seed: 60_000 + seed)
            let (old, new) = trees.pair(maxCount: 20)
            let ids = TreeReading.preorder(trees.chance(0.5) ? old : new)
            // Half the time, one identity renamed to another in both trees'
            // readings: a duplicate in each tree holding both.
            let target = ids.count >= 2 && trees.chance(0.5) ? ids[trees.int(1...(ids.count - 1))] : nil
            let source = ids.first
            func colliding(_ node: TestNode) -> CollidingID {
                CollidingID(value: node.id == target ? source! : node.id)
            }
            let oldIDs = TreeReading.preorder(old).map { $0 == target ? source! : $0 }
            let newIDs = TreeReading.preorder(new).map { $0 == target ? source! : $0 }
            let expectDuplicate = Set(oldIDs).count < oldIDs.count || Set(newIDs).count < newIDs.count
            do {
                let diff = try TreeDiff(from: old, to: new, identifiedBy: colliding, children: { $0.children })
                if expectDuplicate { Issue.record("seed \(seed): duplicate accepted") }
                // Distinct identities: each old node paired with the new
                // node of its identity, if any.
                let newOffsets = Dictionary(uniqueKeysWithValues: newIDs.enumerated().map { ($1, $0) })
                for (offset, id) in oldIDs.enumerated() where diff.newOffset(forOld: offset) != newOffsets[id] {
                    Issue.record("seed \(seed): old \(offset) (\(id)) paired with \(String(describing: diff.newOffset(forOld: offset)))")
                }
            } catch let error {
                guard expectDuplicate, case let .duplicateIdentity(id, _, first, second) = error else {
                    Issue.record("seed \(seed): \(error)")
                    return
                }
                #expect(id.value == source && first != second)
                rejected += 1
            }
        }
        #expect(rejected > 20)
    }

    @Test("a node moved between parents is one move; its subtree is not reported")
    func subtreeMove() throws {
        let leaf = { (id: Int) in TestNode(id: id) }
        let old = [TestNode(id: 1, children: [TestNode(id: 2, children: [leaf(3), leaf(4)])]), TestNode(id: 5)]
        let new = [TestNode(id: 1), TestNode(id: 5, children: [TestNode(id: 2, children: [leaf(3), leaf(4)])])]
        let diff = try TreeDiff(from: old, to: new)
        #expect(diff.moves == [TreeDiff.Move(id: 2, old: .init(path: [0, 0], parent: 1, index: 0),
                                             new: .init(path: [1, 0], parent: 5, index: 0))])
        #expect(diff.deletions.isEmpty && diff.insertions.isEmpty && diff.updates.isEmpty)
        #expect(diff.newPath(forOld: [0, 0, 1]) == [1, 0, 1])
    }

    @Test("a deleted subtree is one deletion; a kept descendant moves out of it")
    func deletedSubtree() throws {
        let old = [TestNode(id: 1, children: [TestNode(id: 2, children: [TestNode(id: 3), TestNode(id: 4)])])]
        let new = [TestNode(id: 1, children: [TestNode(id: 4, content: 9)])]
        let diff = try TreeDiff(from: old, to: new)
        #expect(diff.deletions.map(\.id) == [2])
        #expect(diff.moves.map(\.id) == [4] && diff.moves[0].changesParent)
        #expect(diff.updates.map(\.id) == [4])
        #expect(diff.newPath(forOld: [0, 0, 0]) == nil)
    }

    @Test("a chain a million nodes deep (nodes are integers whose children a table gives: no nested values)")
    func deepChain() throws {
        let count = 1_000_000
        // Old: 0 -> 1 -> ... -> count - 1. New: `count` inserted above count / 2.
        let oldChild = { (id: Int) -> [Int] in id + 1 < count ? [id + 1] : [] }
        let newChild = { (id: Int) -> [Int] in
            id == count / 2 - 1 ? [count] : id == count ? [count / 2] : id + 1 < count ? [id + 1] : []
        }
        let diff = try TreeDiff(from: [ChainNode(id: 0, isNew: false)], to: [ChainNode(id: 0, isNew: true)],
                                identifiedBy: \.id, children: { node in
            (node.isNew ? newChild(node.id) : oldChild(node.id)).map { ChainNode(id: $0, isNew: node.isNew) }
        })
        #expect(diff.insertions.map(\.id) == [count] && diff.insertions[0].new.path.count == count / 2 + 1)
        #expect(diff.moves.map(\.id) == [count / 2] && diff.moves[0].changesParent && diff.deletions.isEmpty)
        #expect(diff.newPath(forOld: IndexPath(indexes: repeatElement(0, count: 10))) == IndexPath(indexes: repeatElement(0, count: 10)))
    }

    @Test("an actor with non-Sendable nodes awaits the diff; cancellation throws CancellationError")
    func async() async throws {
        final class Box: Equatable {
            let id: Int; var children: [Box]
            init(_ id: Int, _ children: [Box] = []) { self.id = id; self.children = children }
            static func == (a: Box, b: Box) -> Bool { a.id == b.id }
        }
        actor Holder {
            let old = [Box(1, [Box(2)])], new = [Box(2, [Box(1)])]
            func diff() async throws -> TreeDiff<Int> {
                try await TreeDiff.computed(from: old, to: new, identifiedBy: { $0.id }, children: { $0.children })
            }
        }
        let diff = try await Holder().diff()
        #expect(diff.moves.count == 2)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await TreeDiff.computed(from: [TestNode(id: 1)], to: [TestNode(id: 2)])
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
