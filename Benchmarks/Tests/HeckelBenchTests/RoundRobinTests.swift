import Foundation
import Testing
@testable import HeckelBench

/// The children of one batch take turns, each in its own process.
@Suite struct RoundRobinTests {
    @Test func enginesTakeTurnsRunByRun() async throws {
        RoundRobin.executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("heckel-bench").path
        let template = Job(lists: ListsKey(scenario: .random, size: 2_000, element: .int), engine: .listdiff,
                           threads: 1, seed: 42, ratios: EditRatios(), timeCap: 20)
        // The engines, and another element type of the same scenario and size (SuiteRunner.blocks).
        var jobs = [Engine.listdiff, .ccore, .reference].map { engine in
            var job = template
            job.engine = engine
            return job
        }
        jobs.append(template)
        jobs[3].lists.element = .string
        let records = await RoundRobin.measure(jobs, warmRuns: 2)
        try #require(records.count == jobs.count, "one record per job")
        for record in records {
            #expect(record.ending == nil, "\(record.job.engine) on \(record.job.lists.label): \(String(describing: record.ending))")
            #expect(record.runs.count >= 3 && record.oldCount == 2_000)
            let edits = try #require(record.runs.first?.edits, "the first run is checked")
            #expect(edits.deletions == 400 && edits.insertions == 400)
        }
        // Turn k of every engine starts before turn k + 1 of any: round robin.
        let turns = min(3, records.map(\.runs.count).min() ?? 0)
        try #require(turns >= 2, "at least two turns to compare")
        for turn in 0..<(turns - 1) {
            let latestOfThisTurn = records.map { $0.runs[turn].started }.max()!
            let earliestOfNext = records.map { $0.runs[turn + 1].started }.min()!
            #expect(latestOfThisTurn < earliestOfNext, "turn \(turn)")
        }
    }

    /// One block per scenario and size, holding every element type's jobs, in the planned order.
    @Test func elementTypesOfOneSizeShareABlock() {
        let template = Job(lists: ListsKey(scenario: .random, size: 1_000, element: .int), engine: .listdiff,
                           threads: 1, seed: 42, ratios: EditRatios(), timeCap: 20)
        let jobs = SuitePlan.jobs(pairs: [(.random, 100), (.random, 1_000), (.reversed, 1_000)],
                                  elements: [.int, .string], engines: [.listdiff, .ccore], threads: [1], template: template)
        let blocks = SuiteRunner.blocks(jobs)
        #expect(blocks.map { $0.count } == [4, 4, 4])
        #expect(blocks.map { $0[0].lists.blockLabel } == ["random 10^2", "random 10^3", "reversed 10^3"])
        for block in blocks {
            #expect(block.map(\.lists.element) == [.int, .int, .string, .string])
            #expect(block.map(\.engine) == [.listdiff, .ccore, .listdiff, .ccore])
        }
        #expect(blocks.flatMap { $0 } == jobs, "every job once, in the planned order")
    }
}
