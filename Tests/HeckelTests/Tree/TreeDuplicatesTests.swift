#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel
import Testing

/// `TreeDiff`'s duplicate check on trees large enough for the core's
/// partitioned passes: the old tree's identities checked in full, the new
/// tree's from the match's pairing (`TreeDuplicates.newMayRepeat`), so a
/// repeat in the new tree must be found whether its nodes are both
/// inserted, one kept and one inserted, or the key 0; distinct identities
/// must pass, with the mapping the identities give.
@Suite("TreeDuplicates")
struct TreeDuplicatesTests {
    /// A forest of the identities in order, node k a child of node
    /// (k - 1) / 3 (node 0 the one root), so appended identities land as
    /// new leaves and the first ones keep their places.
    static func forest(_ ids: [Int]) -> [TestNode] {
        func node(_ k: Int) -> TestNode {
            TestNode(id: ids[k], children: (3 * k + 1 ..< max(3 * k + 1, min(3 * k + 4, ids.count))).map(node))
        }
        return ids.isEmpty ? [] : [node(0)]
    }

    /// The identity at `path`, or nil.
    static func id(at path: IndexPath, in roots: [TestNode]) -> Int? {
        var level = roots, found: TestNode?
        for index in path {
            guard level.indices.contains(index) else { return nil }
            found = level[index]
            level = level[index].children
        }
        return found?.id
    }

    enum Repeat: String, CaseIterable {
        /// Two inserted nodes share a fresh identity.
        case bothInserted
        /// An inserted node repeats a kept one's identity.
        case keptAndInserted
        /// The identity 0, kept and inserted (the key the set marks apart).
        case zeroKeptAndInserted
        /// The identity 0 inserted twice.
        case zeroBothInserted
        /// No repeat: fresh identities inserted, some old ones deleted.
        case none
    }

    @Test("a repeat in the new tree is found, distinct identities pass", arguments: Repeat.allCases, [2, 9, 40, 70_000])
    func newTree(_ kind: Repeat, size: Int) throws {
        var generator = SeededGenerator(seed: UInt64(size) &* 7 &+ UInt64(kind.rawValue.count))
        // Old identities 1...size (0 too for the zero cases), shuffled.
        let zero = kind == .zeroKeptAndInserted
        var oldIDs = Array(1...size) + (zero ? [0] : [])
        oldIDs.shuffle(using: &generator)
        var newIDs = oldIDs.filter { _ in kind != .none || UInt64.random(in: 0..<50, using: &generator) != 0 }
        let fresh = Array(size + 1 ... size + 1 + size / 100)
        newIDs += fresh
        var repeated: Int?
        switch kind {
        case .bothInserted: repeated = fresh[0]
        case .keptAndInserted: repeated = oldIDs[Int.random(in: 0..<oldIDs.count, using: &generator)]
        case .zeroKeptAndInserted, .zeroBothInserted: repeated = 0
        case .none: break
        }
        if let repeated {
            newIDs.append(repeated)
            if kind == .zeroBothInserted { newIDs.append(0) }
        }
        let old = Self.forest(oldIDs), new = Self.forest(newIDs)
        // Integers (read as their own keys) and strings (their hash values).
        func check<ID: Hashable & Sendable>(identifiedBy id: (TestNode) -> ID) {
            do throws(TreeDiff<ID>.Error) {
                let diff = try TreeDiff(from: old, to: new, identifiedBy: id, children: { $0.children })
                #expect(repeated == nil, "\(kind) \(size): repeat of \(repeated ?? -1) accepted")
                let newOrder = TreeReading.preorder(new)
                let newOffset = Dictionary(uniqueKeysWithValues: newOrder.enumerated().map { ($1, $0) })
                let wrong = TreeReading.preorder(old).enumerated().filter { diff.newOffset(forOld: $0) != newOffset[$1] }
                #expect(wrong.isEmpty, "\(kind) \(size): \(wrong.count) old nodes paired wrongly")
            } catch {
                guard let repeated, case let .duplicateIdentity(_, tree, first, second) = error else {
                    Issue.record("\(kind) \(size): \(error)")
                    return
                }
                #expect(tree == .new && first != second)
                #expect(Self.id(at: first, in: new) == repeated && Self.id(at: second, in: new) == repeated)
            }
        }
        check { $0.id }
        check { "n\($0.id)" }
    }

    @Test("an identity held twice by both trees, all four nodes paired by the core, is the old tree's repeat",
          arguments: [5, 70_000])
    func repeatedInBoth(size: Int) throws {
        let ids = Array(1...size)
        let old = Self.forest(ids + [ids[size / 2]]), new = Self.forest(ids.reversed() + [ids[size / 2]])
        do {
            _ = try TreeDiff(from: old, to: new)
            Issue.record("repeat accepted")
        } catch let error {
            guard case let .duplicateIdentity(id, tree, first, second) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(id == ids[size / 2] && tree == .old && first != second)
            #expect(Self.id(at: first, in: old) == id && Self.id(at: second, in: old) == id)
        }
    }

    /// The old tree's check takes its scratch from the workspace
    /// `ListDiff.withWorkspace` names: a repeat there is thrown before any
    /// match runs, so the scratch the workspace keeps is the check's.
    @Test("the old tree's duplicate check keeps its scratch in the workspace", arguments: [5_000, 70_000])
    func checkUsesTheWorkspace(size: Int) throws {
        let ids = Array(1...size)
        let old = Self.forest(ids + [ids[size / 3]]), new = Self.forest(ids)
        let workspace = ListDiff.Workspace()
        let error = #expect(throws: TreeDiff<Int>.Error.self) {
            try ListDiff.withWorkspace(workspace) { try TreeDiff(from: old, to: new) }
        }
        guard case let .duplicateIdentity(id, tree, first, second)? = error else {
            Issue.record("no duplicate reported: \(String(describing: error))")
            return
        }
        #expect(id == ids[size / 3] && tree == .old && first != second)
        #expect(workspace.keptBytes >= 8 * size, "the check's scratch stays with the workspace")
        // The same check through a workspace and without one agree.
        #expect(throws: TreeDiff<Int>.Error.duplicateIdentity(id, tree: .old, first: first, second: second)) {
            try TreeDiff(from: old, to: new)
        }
    }
}
