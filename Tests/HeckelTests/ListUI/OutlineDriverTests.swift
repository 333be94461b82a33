#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel
import HeckelListUI
import Testing

/// An outline view that enforces AppKit's rules as `StrictOutlineDouble`
/// reads them: the steps of each update block are applied to what the view
/// shows, the block ends by fetching inserted items from the data source,
/// and the result must be the data source's tree.
@MainActor
final class StrictFakeOutlineView: OutlineDriverView {
    typealias ID = Int
    var isInWindow = true
    /// What the data source holds now (the driver's roots).
    var dataSource: () -> [TestNode] = { [] }
    private(set) var shown: [TestNode]
    private(set) var failures: [String] = []
    /// "batch" or "reload", in order.
    private(set) var events: [String] = []
    private var double: StrictOutlineDouble?

    init(showing shown: [TestNode]) { self.shown = shown }

    func reloadAllData() {
        if double != nil { failures.append("reloadData inside an update block") }
        shown = dataSource()
        events.append("reload")
    }

    func performBatch(animated: Bool, updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        if dataSource() != shown { failures.append("data source switched before the block") }
        double = StrictOutlineDouble(showing: shown)
        updates()
        do {
            shown = try double!.end(dataSource: dataSource())
        } catch {
            failures.append("AppKit would refuse: \(error)")
        }
        double = nil
        events.append("batch")
        completion(true)
    }

    func applyOutlineSteps(_ steps: [TreeDiff<Int>.OutlineStep]) {
        guard double != nil else {
            failures.append("steps outside an update block")
            return
        }
        do {
            for step in steps { try double!.apply(step) }
        } catch {
            failures.append("AppKit would refuse: \(error)")
        }
    }
}

/// `OutlineDriver` in both forms against strict fake views.
@Suite("OutlineDriver against strict fake views")
@MainActor
struct OutlineDriverTests {
    typealias Driver = OutlineDriver<TestNode, Int>

    func outline(_ start: [TestNode], threshold: Int = 1_000) -> (Driver, StrictFakeOutlineView) {
        let view = StrictFakeOutlineView(showing: start)
        let driver = Driver(view: view, roots: start, fullReloadThreshold: threshold)
        view.dataSource = { [unowned driver] in driver.roots }
        return (driver, view)
    }

    /// The rows as the one section the list view shows.
    static func section(_ rows: [TestNode]) -> [SectionedGroup] {
        [SectionedGroup(id: 0, header: 0, items: rows.map { SectionedRow(id: $0.id, content: $0.content) })]
    }

    /// The identities of `roots` in preorder, below expanded nodes only.
    static func visible(_ roots: [TestNode], _ expanded: Set<Int>) -> [Int] {
        roots.flatMap { [$0.id] + (expanded.contains($0.id) ? visible($0.children, expanded) : []) }
    }

    @Test("random trees on an outline view: each change one update block AppKit accepts, ending on the new tree")
    func randomOutlines() async {
        var batches = 0
        for seed in 0 ..< 150 as Range<UInt64> {
            var trees = RandomTrees(seed: 80_000 + seed)
            let (old, new) = trees.pair(maxCount: 25)
            let (driver, view) = outline(old)
            let log = TreeOutcomeLog()
            driver.apply(new, completion: log.completion("new"))
            await driver.settled()
            driver.apply(old, completion: log.completion("back"))
            await driver.settled()
            #expect(view.failures.isEmpty, "seed \(seed): \(view.failures)\nold \(old)\nnew \(new)")
            #expect(view.shown == old && driver.roots == old, "seed \(seed)")
            #expect(log.labels == ["new", "back"] && view.events.allSatisfy { $0 == "batch" })
            batches += view.events.count
            if !view.failures.isEmpty { return }
        }
        #expect(batches > 150) // most pairs differ
    }

    @Test("random trees as expandable rows: each change one batch UIKit accepts, the rows those of the new state")
    func randomRows() async {
        var batches = 0
        for seed in 0 ..< 150 as Range<UInt64> {
            var trees = RandomTrees(seed: 90_000 + seed)
            let (old, new) = trees.pair(maxCount: 25)
            let oldExpanded = Set(TreeReading.preorder(old).filter { _ in trees.chance(0.7) })
            let newExpanded = Set(TreeReading.preorder(new).filter { _ in trees.chance(0.7) })
            let view = StrictFakeListView(showing: Self.section([]), rule: .sameIndexPath)
            let driver = Driver(rowsIn: view, roots: old, expanded: oldExpanded)
            #expect(driver.rows.map(\.id) == Self.visible(old, oldExpanded))
            view.dataSource = { [unowned driver] in Self.section(driver.rows) }
            view.reloadAllData() // the view first shows the starting rows
            driver.apply(new, expanded: newExpanded)
            await driver.settled()
            #expect(view.failures.isEmpty, "seed \(seed): \(view.failures)\nold \(old)\nnew \(new)")
            #expect(driver.rows.map(\.id) == Self.visible(new, newExpanded) && driver.expanded == newExpanded)
            #expect(view.shown == Self.section(driver.rows), "seed \(seed)")
            #expect(view.reloadCount == 1)
            batches += view.batchCount
            if !view.failures.isEmpty { return }
        }
        #expect(batches > 75) // most pairs differ in their rows
    }

    @Test("snapshots given back to back are coalesced: one diff, one block, every completion once, in order")
    func coalescing() async {
        let a = [TestNode(id: 1, children: [TestNode(id: 2)]), TestNode(id: 3)]
        let b = [TestNode(id: 3), TestNode(id: 1)], c = [TestNode(id: 3, children: [TestNode(id: 1, content: 5)])]
        let (driver, view) = outline(a)
        let log = TreeOutcomeLog()
        driver.apply(b, completion: log.completion("b"))
        driver.apply(a, completion: log.completion("a"))
        driver.apply(c, completion: log.completion("c"))
        await driver.settled()
        #expect(view.failures.isEmpty && view.events == ["batch"] && view.shown == c)
        #expect(log.labels == ["b", "a", "c"] && log.outcomes.allSatisfy { $0 == .batch(finished: true) })
    }

    @Test("expandable rows: new roots without an expanded set keep the latest one given, even before it is shown")
    func latestExpanded() async {
        let tree = [TestNode(id: 1, children: [TestNode(id: 2)]), TestNode(id: 3, children: [TestNode(id: 4)])]
        let view = StrictFakeListView(showing: Self.section([]), rule: .sameIndexPath)
        let driver = Driver(rowsIn: view, roots: tree)
        view.dataSource = { [unowned driver] in Self.section(driver.rows) }
        view.reloadAllData()
        driver.apply(tree, expanded: [1, 3])
        var renamed = tree
        renamed[1].content = 7
        driver.apply(renamed) // given before the first is shown: keeps [1, 3]
        await driver.settled()
        #expect(driver.expanded == [1, 3] && driver.rows.map(\.id) == [1, 2, 3, 4])
        #expect(view.failures.isEmpty && view.shown == Self.section(driver.rows))
    }

    @Test("past the threshold, off screen, on a duplicate identity, or unchanged: no update block")
    func reloads() async {
        let start = (0 ..< 6).map { TestNode(id: $0) }
        let (driver, view) = outline(start, threshold: 3)
        let log = TreeOutcomeLog()
        let reversed = Array(start.reversed())
        driver.apply(reversed, completion: log.completion("many"))
        await driver.settled()
        driver.apply(reversed, completion: log.completion("same"))
        await driver.settled()
        driver.apply([TestNode(id: 1), TestNode(id: 1)], completion: log.completion("duplicate"))
        await driver.settled()
        view.isInWindow = false
        driver.apply(start, completion: log.completion("offscreen"))
        await driver.settled()
        #expect(log.labels == ["many", "same", "duplicate", "offscreen"])
        #expect(log.outcomes[0] == .reload(.aboveThreshold(operations: 5)))
        #expect(log.outcomes[1] == .unchanged)
        guard case .reload(.diffFailed(let why)) = log.outcomes[2] else {
            Issue.record("a duplicate identity gave \(log.outcomes[2])")
            return
        }
        #expect(why.contains("1"))
        #expect(log.outcomes[3] == .reload(.notInWindow))
        #expect(view.events == ["reload", "reload", "reload"] && view.failures.isEmpty && view.shown == start)
    }
}

/// The completions a test's snapshots got, in the order they ran.
@MainActor
final class TreeOutcomeLog {
    private(set) var entries: [(label: String, outcome: ListDriverOutcome)] = []
    func completion(_ label: String) -> @MainActor (ListDriverOutcome) -> Void {
        { self.entries.append((label, $0)) }
    }
    var labels: [String] { entries.map(\.label) }
    var outcomes: [ListDriverOutcome] { entries.map(\.outcome) }
}
