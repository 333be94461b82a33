#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel
import HeckelListUI
import Testing

/// The list driver against a view that enforces UIKit's rules. No sleeps:
/// the tests wait on `settled()`, on a differ they release call by call, and
/// on the fake view's batch count, all continuations.
@Suite("ListDriver against a strict fake view")
@MainActor
struct ListDriverTests {
    typealias Driver = ListDriver<SectionedGroup>

    func group(_ id: Int, _ ids: [Int], header: Int = 0) -> SectionedGroup {
        SectionedGroup(id: id, header: header, items: ids.map { SectionedRow(id: $0, content: 0) })
    }

    func make(_ start: [SectionedGroup], rule: BatchUpdateSimulator.ReloadRule = .sameIndexPath,
              configuration: Driver.Configuration = .init(), differ: Driver.Differ? = nil)
        -> (Driver, StrictFakeListView) {
        let view = StrictFakeListView(showing: start, rule: rule)
        let driver = differ.map { Driver(view: view, snapshot: start, configuration: configuration, differ: $0) }
            ?? Driver(view: view, snapshot: start, configuration: configuration, identifiedBy: \.id)
        view.dataSource = { [unowned driver] in driver.snapshot }
        return (driver, view)
    }

    @Test("random snapshot sequences: every one a batch UIKit accepts, the view showing the data each time",
          arguments: BatchUpdateSimulator.ReloadRule.allCases)
    func randomSequences(rule: BatchUpdateSimulator.ReloadRule) async throws {
        for seed in 0 ..< 40 as Range<UInt64> {
            var generator = SectionedSnapshotGenerator(seed: 70_000 + seed)
            var current = generator.snapshot()
            let (driver, view) = make(current, rule: rule)
            let log = OutcomeLog()
            for step in 0 ..< 15 {
                let next = generator.edited(current)
                driver.apply(next, animated: step % 2 == 0, completion: log.completion("\(step)"))
                await driver.settled()
                #expect(view.failures.isEmpty, "seed \(seed) step \(step): \(view.failures)")
                #expect(view.shown == next && driver.snapshot == next, "seed \(seed) step \(step)")
                current = next
                if !view.failures.isEmpty { return }
            }
            #expect(log.labels == (0 ..< 15).map(String.init))
            #expect(view.reloadCount == 0)
        }
    }

    @Test("a newer snapshot cancels the running diff; only the latest is applied; every completion runs once, in order")
    func coalescing() async throws {
        let gate = GatedDiffer()
        let start = [group(0, [1, 2, 3])]
        let (driver, view) = make(start, differ: gate.differ)
        let log = OutcomeLog()
        let a = [group(0, [3, 1, 2])], b = [group(0, [2, 3])], c = [group(0, [4, 1, 2, 3]), group(1, [5])]
        driver.apply(a, completion: log.completion("a"))
        await gate.waitForCalls(1)
        driver.apply(b, completion: log.completion("b"))
        driver.apply(c, completion: log.completion("c"))
        await gate.release() // the diff to a, cancelled by now
        await gate.waitForCalls(2)
        await gate.release()
        await driver.settled()
        #expect(await gate.targets == [a, c]) // b was never diffed
        #expect(await gate.sources == [start, start]) // both from what the view shows
        #expect(await gate.cancelledWhenReleased == [true, false])
        #expect(view.batchCount == 1 && view.reloadCount == 0 && view.failures.isEmpty)
        #expect(view.shown == c && driver.snapshot == c)
        #expect(log.labels == ["a", "b", "c"])
        #expect(log.entries.allSatisfy { $0.outcome == .batch(finished: true) })
    }

    @Test("snapshots are applied in order, each batch from the snapshot on screen, while animations still run")
    func ordering() async throws {
        let gate = GatedDiffer()
        let start = [group(0, [1, 2])]
        let (driver, view) = make(start, differ: gate.differ)
        view.holdsCompletions = true
        let log = OutcomeLog()
        let a = [group(0, [2, 1, 3])], b = [group(0, [3]), group(1, [1])]
        driver.apply(a, completion: log.completion("a"))
        await gate.waitForCalls(1)
        await gate.release()
        await view.waitForBatches(1)
        driver.apply(b, completion: log.completion("b"))
        await gate.waitForCalls(2)
        #expect(await gate.sources[1] == a) // diffed from a, which the view shows
        await gate.release()
        await view.waitForBatches(2)
        #expect(log.labels.isEmpty) // animations still running
        view.endAnimations()
        await driver.settled()
        #expect(log.labels == ["a", "b"])
        #expect(view.shown == b && view.failures.isEmpty)
    }

    @Test("above the threshold, off screen, or when the diff fails: one full reload")
    func fullReloads() async throws {
        let start = [group(0, [1, 2, 3])]
        var (driver, view) = make(start, configuration: .init(fullReloadThreshold: 2))
        let log = OutcomeLog()
        let many = [group(0, [4, 5, 6, 1])]
        driver.apply(many, completion: log.completion("many"))
        await driver.settled()
        #expect(log.entries.map(\.outcome) == [.reload(.aboveThreshold(operations: 5))])
        #expect(view.reloadCount == 1 && view.batchCount == 0 && view.shown == many)

        let gate = GatedDiffer()
        (driver, view) = make(start, differ: gate.differ)
        view.isInWindow = false
        driver.apply(many, completion: log.completion("offscreen"))
        await driver.settled()
        #expect(log.entries.last?.outcome == .reload(.notInWindow))
        #expect(await gate.targets.isEmpty) // not even diffed
        #expect(view.reloadCount == 1 && view.shown == many)

        (driver, view) = make(start)
        let duplicate = [group(0, [1]), group(0, [2])]
        driver.apply(duplicate, completion: log.completion("duplicate"))
        await driver.settled()
        guard case .reload(.diffFailed(let message))? = log.entries.last?.outcome else {
            Issue.record("no diff failure: \(log.entries)")
            return
        }
        #expect(message.contains("appears twice"))
        #expect(view.reloadCount == 1 && view.shown == duplicate && driver.snapshot == duplicate)
    }

    @Test("completion after the batch and its content updates; animated or not; unchanged snapshots")
    func completion() async throws {
        let start = [group(0, [1, 2])]
        let (driver, view) = make(start)
        let log = OutcomeLog()
        var next = [group(0, [9, 1, 2], header: 1)]
        next[0].items[2].content = 1 // updated and shifted: reconfigured after the batch
        driver.apply(next, animated: false, completion: { outcome in
            #expect(view.events == ["batch", "reconfigure"])
            log.completion("next")(outcome)
        })
        await driver.settled()
        #expect(log.entries.map(\.outcome) == [.batch(finished: true)])
        #expect(view.shown == next && view.failures.isEmpty)
        driver.apply(next, completion: log.completion("same"))
        await driver.settled()
        #expect(log.entries.last?.outcome == .unchanged)
        driver.apply([group(0, [2, 1])], completion: log.completion("animated"))
        await driver.settled()
        #expect(view.events.suffix(2) == ["animated batch", "reconfigure"] && view.failures.isEmpty)
    }

    @Test("a flat list drives one section")
    func flat() async throws {
        let view = StrictFakeListView(showing: [], rule: .shiftedPosition)
        let driver = ListDriver<ListSection<Int, SectionedRow>>(view: view, identifiedBy: \.id)
        view.dataSource = { driver.snapshot.map { SectionedGroup(id: $0.id, header: 0, items: $0.items) } }
        let rows = [SectionedRow(id: 1, content: 0), SectionedRow(id: 2, content: 0)]
        driver.apply(items: rows)
        await driver.settled()
        driver.apply(items: rows.reversed() + [SectionedRow(id: 3, content: 0)])
        await driver.settled()
        #expect(view.failures.isEmpty && view.batchCount == 2)
        #expect(view.shown.first?.items.map(\.id) == [2, 1, 3])
    }
}
