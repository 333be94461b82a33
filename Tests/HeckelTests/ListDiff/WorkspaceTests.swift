import Heckel
import Testing

/// `ListDiff.Workspace`: diffs through one give the diffs without one, on
/// every key path and size (the core's stack, narrow, wide and partitioned
/// paths), named in the options or by `ListDiff.withWorkspace` (which nested
/// diffs such as `SectionedDiff`'s use too); the workspace keeps its scratch
/// and a diff that finds it busy runs without it.
@Suite struct WorkspaceTests {
    static let sizes = [0, 10, 300, 5_000, 50_000, 200_000]

    /// Sizes up, down and up again through one workspace: each diff equals
    /// the one without a workspace, and the workspace keeps scratch after.
    @Test func sameDiffsThroughOneWorkspace() {
        let workspace = ListDiff.Workspace()
        #expect(workspace.keptBytes == 0)
        var generator = SeededGenerator(seed: 91)
        let pairs = Self.sizes.map { Self.pair(count: $0, using: &generator) }
        for index in [5, 1, 0, 3, 2, 4, 5, 2] {
            let (old, new) = pairs[index]
            let strings = (old.map { "row \($0)" }, new.map { "row \($0)" })
            let opaque = (old.map(TwoFields.init), new.map(TwoFields.init))
            let options = ListDiff.Options(workspace: workspace)
            let plain = ListDiff(from: old, to: new)
            checkInvariants(plain, old: old, new: new, "size \(Self.sizes[index])")
            #expect(ListDiff(from: old, to: new, options: options) == plain, "size \(Self.sizes[index])")
            #expect(ListDiff(from: strings.0, to: strings.1, options: options) == plain, "size \(Self.sizes[index])")
            #expect(ListDiff(from: opaque.0, to: opaque.1, options: options) == plain, "size \(Self.sizes[index])")
            let unordered = ListDiff.Options(ignoresOrder: true, workspace: workspace)
            #expect(ListDiff(from: old, to: new, options: unordered) == ListDiff(from: old, to: new, options: .init(ignoresOrder: true)))
        }
        #expect(workspace.keptBytes > 0, "the core's blocks stay with the workspace")
    }

    /// `withWorkspace` reaches diffs that take no options, such as a
    /// sectioned diff's, and the options' own workspace wins over it.
    @Test func withWorkspaceReachesNestedDiffs() async throws {
        let workspace = ListDiff.Workspace(), other = ListDiff.Workspace()
        let old = [ListSection(id: 1, items: Array(0..<4_000)), ListSection(id: 2, items: Array(4_000..<9_000))]
        let new = [ListSection(id: 2, items: Array((4_000..<9_000).reversed())), ListSection(id: 1, items: Array(0..<3_000))]
        let plain = try SectionedDiff(from: old, to: new)
        let through = try ListDiff.withWorkspace(workspace) { try SectionedDiff(from: old, to: new) }
        #expect(through.batchUpdates == plain.batchUpdates)
        #expect(workspace.keptBytes > 0, "the sectioned diff's core calls used the workspace")
        let computed = try await ListDiff.withWorkspace(other) { try await SectionedDiff.computed(from: old, to: new) }
        #expect(computed.batchUpdates == plain.batchUpdates)
        #expect(other.keptBytes > 0, "the asynchronous diff's core calls used the workspace")
        let named = ListDiff.Workspace()
        let items = (Array(0..<20_000), Array((0..<20_000).reversed()))
        let diff = ListDiff.withWorkspace(workspace) { ListDiff(from: items.0, to: items.1, options: .init(workspace: named)) }
        #expect(diff == ListDiff(from: items.0, to: items.1))
        #expect(named.keptBytes > 0, "the options' workspace is the one used")
    }

    /// Many tasks diffing through one workspace at once: each diff is still
    /// right (a diff that finds the workspace busy runs without it).
    @Test func sharedByConcurrentDiffs() async {
        let workspace = ListDiff.Workspace()
        var generator = SeededGenerator(seed: 92)
        let pairs = (0..<16).map { round in Self.pair(count: 20_000 + round * 1_000, using: &generator) }
        let expected = pairs.map { ListDiff(from: $0.0, to: $0.1) }
        let results = await withTaskGroup(of: (Int, ListDiff).self) { group in
            for (index, pair) in pairs.enumerated() {
                group.addTask { (index, ListDiff(from: pair.0, to: pair.1, options: .init(workspace: workspace))) }
            }
            var results = [ListDiff?](repeating: nil, count: pairs.count)
            for await (index, diff) in group { results[index] = diff }
            return results
        }
        for index in pairs.indices { #expect(results[index] == expected[index], "pair \(index)") }
    }

    /// An old list of `count` values (half of them repeated) and a new one:
    /// a block deleted, fresh values inserted, a twentieth swapped.
    static func pair(count: Int, using generator: inout SeededGenerator) -> (old: [Int], new: [Int]) {
        let old = (0..<count).map { _ in Int.random(in: 0..<max(1, count / 2), using: &generator) }
        var new = Array(old.dropFirst(count / 10)) + (0..<count / 10).map { count + $0 }
        for _ in 0..<new.count / 20 {
            new.swapAt(Int.random(in: 0..<new.count, using: &generator), Int.random(in: 0..<new.count, using: &generator))
        }
        return (old, new)
    }

    /// Workspaces compare and hash by identity, so options holding one stay
    /// `Hashable`.
    @Test func identity() {
        let a = ListDiff.Workspace(), b = ListDiff.Workspace()
        #expect(a == a && a != b)
        #expect(ListDiff.Options(workspace: a) != ListDiff.Options(workspace: b))
        #expect(Set([a, a, b]).count == 2)
    }
}
