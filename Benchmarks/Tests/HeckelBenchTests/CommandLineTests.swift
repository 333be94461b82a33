import ArgumentParser
import Foundation
import Testing
@testable import HeckelBench

/// Bad values are usage errors (exit 64, one line on stderr), never a crash in a measuring child.
@Suite struct CommandLineTests {
    /// The exit code and message the command line gives for `arguments`, validation included.
    private func refusalOf(_ arguments: [String]) -> (code: Int32, message: String)? {
        do {
            _ = try HeckelBenchCommand.parse(arguments)
            return nil
        } catch {
            return (HeckelBenchCommand.exitCode(for: error).rawValue, HeckelBenchCommand.message(for: error))
        }
    }

    @Test(arguments: ["--size=-5", "--size=-2^3", "--size=-1e3", "--size=-1k"])
    func negativeSizesAreRefused(_ argument: String) throws {
        let refusal = try #require(refusalOf([argument]))
        #expect(refusal.code == ExitCode.validationFailure.rawValue)
        #expect(refusal.message.contains("negative") || refusal.message.contains("is not a size"))
    }

    @Test(arguments: ["inf", "-inf", "nan", "0", "-1"])
    func timeCapMustBeFinitePositive(_ value: String) throws {
        let refusal = try #require(refusalOf(["--time-cap", value]))
        #expect(refusal.code == ExitCode.validationFailure.rawValue)
    }

    @Test func threadCountsAreChecked() throws {
        #expect(refusalOf(["--threads", "2", "--threads", "0"]) == nil)
        let refusal = try #require(refusalOf(["--threads=-1"]))
        #expect(refusal.code == ExitCode.validationFailure.rawValue)
    }

    @Test func sizesParseInEveryWrittenForm() throws {
        for (text, count) in [("1000000", 1_000_000), ("1_000", 1_000), ("1e6", 1_000_000), ("10^6", 1_000_000),
                              ("1M", 1_000_000), ("250k", 250_000), ("0", 0), ("10^8", 100_000_000)] {
            #expect(try SizeArgument.parsed(text).count == count, "\(text)")
        }
        #expect(throws: ValidationError.self) { try SizeArgument.parsed("10^9") }
        #expect(throws: ValidationError.self) { try SizeArgument.parsed("1.5") }
    }

    /// Empty lists are measured, and per-element figures are left blank rather than divided by a
    /// made-up element count.
    @Test func emptyListsHaveNoPerElementFigures() throws {
        let job = Job(lists: ListsKey(scenario: .random, size: 0, element: .int), engine: .listdiff, threads: 1,
                      seed: 42, ratios: EditRatios(), timeCap: 20)
        let record = ChildRecord(job: job)
        record.receive(.ready(oldCount: 0, newCount: 0))
        record.receive(.run(RunMeasurement(seconds: 1e-6, calls: 1, started: 0, peakResidentBytes: 1 << 24, extraBytes: 12_288,
                                           peakWasReset: true, edits: EditCounts(deletions: 0, insertions: 0, moves: 0))))
        let row = ResultRow(record)
        #expect(row.medianSeconds == 1e-6)
        #expect(row.nanosecondsPerElement == nil)
        #expect(row.extraBytesPerElement == nil)
    }
}
