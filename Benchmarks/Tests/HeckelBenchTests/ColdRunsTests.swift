import Foundation
import Testing
@testable import HeckelBench

/// The first call is a statistic over fresh processes (`--cold-runs`), not one sample.
@Suite struct ColdRunsTests {
    private static let template = Job(lists: ListsKey(scenario: .random, size: 2_000, element: .int), engine: .listdiff,
                                      threads: 1, seed: 42, ratios: EditRatios(), timeCap: 20)

    private static func run(_ seconds: Double, started: Double = 0) -> RunMeasurement {
        RunMeasurement(seconds: seconds, calls: 1, started: started, peakResidentBytes: 0, extraBytes: 0, peakWasReset: true)
    }

    /// The row's first call is the median of every cold sample (the first child's first run and the
    /// fresh children's), its range their fastest and slowest; warm figures use the warm runs only.
    @Test func firstIsTheMedianOfTheColdSamples() throws {
        let record = ChildRecord(job: Self.template)
        record.runs = [Self.run(9), Self.run(2), Self.run(4), Self.run(3)]
        record.coldRuns = [Self.run(5), Self.run(6)]
        let row = ResultRow(record)
        #expect(row.coldRuns == 3 && row.warmRuns == 3)
        #expect(row.firstSeconds == 6 && row.firstMinSeconds == 5 && row.firstMaxSeconds == 9)
        #expect(row.medianSeconds == 3)
        #expect(row.coldToWarm == 2)
        let range = try #require(row.coldToWarmRange)
        #expect(range.lowerBound == 5.0 / 3 && range.upperBound == 3)
        let figure = try #require(Figures.derive(from: [withSize(row, 1_000_000)]).first { $0.name == "first call over warm" })
        #expect(figure.value == 2 && figure.samples == 3 && figure.low == 5.0 / 3 && figure.high == 3)
    }

    /// One sample: the first call is that sample, and no range is claimed.
    @Test func oneColdSampleHasNoRange() {
        let record = ChildRecord(job: Self.template)
        record.runs = [Self.run(8), Self.run(4)]
        let row = ResultRow(record)
        #expect(row.coldRuns == 1 && row.firstSeconds == 8 && row.coldToWarm == 2)
        #expect(row.coldToWarmRange == nil)
    }

    /// Extra cold samples go to this package's engines only, up to `--cold-runs` in all, and never
    /// past the time cap.
    @Test func coldSamplesAreAskedWithinTheirLimits() {
        let record = ChildRecord(job: Self.template)
        #expect(!record.wantsColdRun(coldRuns: 3), "no sample before the first child's first run")
        record.runs = [Self.run(1), Self.run(1)]
        #expect(record.wantsColdRun(coldRuns: 3))
        #expect(!record.wantsColdRun(coldRuns: 1))
        record.coldRuns = [Self.run(1), Self.run(1)]
        #expect(!record.wantsColdRun(coldRuns: 3), "three samples in all")
        record.coldRuns = [Self.run(17)]
        #expect(!record.wantsColdRun(coldRuns: 3), "19 s spent, the next could take 17 more: past the 20 s cap")
        var job = Self.template
        job.engine = .reference
        let other = ChildRecord(job: job)
        other.runs = [Self.run(1), Self.run(1)]
        #expect(!other.wantsColdRun(coldRuns: 3), "the other engines keep one sample")
    }

    /// Fresh children give the extra samples, one call each, checked, the sampled engines in
    /// turn: between the rounds of warm runs where memory holds one more child (`coldBeside`), else
    /// after them; the reference engine keeps its one cold run.
    @Test(arguments: [true, false]) func freshChildrenTakeTurns(coldBeside: Bool) async throws {
        RoundRobin.executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("heckel-bench").path
        let jobs = [Engine.listdiff, .ccore, .reference].map { engine in
            var job = Self.template
            job.engine = engine
            return job
        }
        // Five runs a child whatever their speed (the short-row rule adds more only while they
        // fit in `Job.shortRowSeconds`, which a loaded machine decides): the two extra cold samples
        // taken beside them come after rounds 1 and 2, so before the last warm run.
        let records = await RoundRobin.measure(jobs, warmRuns: 4, coldRuns: 3, coldBeside: coldBeside)
        try #require(records.count == 3)
        for record in records {
            #expect(record.ending == nil, "\(record.job.engine): \(String(describing: record.ending))")
            #expect(record.runs.first?.edits != nil, "the first child's first run is checked")
        }
        let sampled = records.filter { $0.job.engine != .reference }
        #expect(records.last?.coldRuns.isEmpty == true)
        for record in sampled {
            #expect(record.coldRuns.count == 2)
            let checked = try #require(record.runs.first?.edits)
            #expect(record.coldRuns.allSatisfy { $0.calls == 1 && $0.edits == checked }, "every cold call is checked")
        }
        // Samples taken beside the warm runs start before the last one; the others after every one.
        let lastWarm = records.flatMap(\.runs).map(\.started).max()!
        #expect(records.allSatisfy { $0.runs.count >= 5 })
        #expect(sampled.flatMap(\.coldRuns).allSatisfy { ($0.started < lastWarm) == coldBeside })
        let latestFirstTurn = sampled.map { $0.coldRuns[0].started }.max()!
        let earliestSecondTurn = sampled.map { $0.coldRuns[1].started }.min()!
        #expect(latestFirstTurn < earliestSecondTurn, "round robin")
        // Every cold call reports its page faults (how many is the machine's business, not checked).
        for record in sampled {
            #expect(record.coldRuns.allSatisfy { $0.minorFaults != nil })
        }
    }

    private func withSize(_ row: ResultRow, _ size: Int) -> ResultRow {
        var row = row
        row.lists.size = size
        return row
    }
}
