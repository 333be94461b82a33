import Testing
@testable import HeckelBench

/// Figures comparing two rows of one block (a scenario and size) are the median of the ratios of
/// their runs round by round; rows that ran apart give the ratio of their medians.
@Suite struct PairedRatioTests {
    private static func row(_ element: ElementKind, size: Int = 1_000, threads: Int = 1, warm: [Double]) -> ResultRow {
        let job = Job(lists: ListsKey(scenario: .random, size: size, element: element), engine: .listdiff,
                      threads: threads, seed: 42, ratios: EditRatios(), timeCap: 20)
        let record = ChildRecord(job: job)
        record.runs = ([1] + warm).map {
            RunMeasurement(seconds: $0, calls: 1, started: 0, peakResidentBytes: 0, extraBytes: 0, peakWasReset: true)
        }
        return ResultRow(record)
    }

    private static func figure(_ name: String, _ rows: [ResultRow]) throws -> Figure {
        try #require(Figures.derive(from: rows).first { $0.name == name })
    }

    /// Round 1 slowed the string run, round 3 the int one: per round the strings take half the
    /// time but for one round; the medians alone (3 over 4) say 0.75x.
    @Test func ratiosOfOneBlockArePairedByRound() throws {
        let strings = Self.row(.string, warm: [1, 4, 3, 2, 5])
        let integers = Self.row(.int, warm: [2, 2, 6, 4, 10])
        #expect(strings.medianSeconds! / integers.medianSeconds! == 0.75)
        let figure = try Self.figure("[String] over [Int]", [integers, strings])
        #expect(figure.value == 0.5 && figure.pairs == 5)
        let identified = Self.row(.identifiedInt, warm: [3, 3, 9, 6, 15, 1])
        let over = try Self.figure("identified over plain ids", [integers, identified])
        #expect(over.value == 1.5 && over.pairs == 5, "the rounds both rows ran")
        let twoThreads = Self.row(.int, threads: 2, warm: [1, 1, 3, 2, 5])
        let speedup = try Self.figure("2 threads over 1 (speedup)", [integers, twoThreads])
        #expect(speedup.value == 2 && speedup.pairs == 5)
    }

    /// Fewer than three rounds in common, or rows of other blocks: the ratio of the medians.
    @Test func unpairedRowsGiveTheRatioOfTheirMedians() throws {
        let figure = try Self.figure("[String] over [Int]", [Self.row(.int, warm: [2, 4]), Self.row(.string, warm: [3, 9])])
        #expect(figure.value == 2 && figure.pairs == nil)
        let apart = Figures.ratio(Self.row(.int, size: 10_000, warm: [8, 8, 8]), over: Self.row(.int, warm: [1, 2, 4]))
        #expect(apart.value == 4 && apart.pairs == nil)
    }
}
