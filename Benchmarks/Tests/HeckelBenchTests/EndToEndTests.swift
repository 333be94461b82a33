import Foundation
import Testing

/// The built `heckel-bench` run as a user runs it.
@Suite struct EndToEndTests {
    @Test(arguments: [["--size=-5"], ["--size=-2^3"], ["--time-cap", "inf"], ["--cold-runs", "0"]])
    func badValuesGiveOneUsageError(_ arguments: [String]) throws {
        let run = try heckelBench(arguments)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("heckel-bench: "))
        #expect(run.error.split(separator: "\n").count == 1, "one line: \(run.error)")
    }

    /// `--size 0`: every engine of every generated scenario runs on empty lists, the check passes,
    /// and the per-element columns stay empty.
    @Test func sizeZeroIsMeasuredWithoutPerElementFigures() throws {
        let scenarios = ["random", "one-move", "reversed", "all-new", "unchanged", "duplicates", "sectioned"]
        let run = try heckelBench(scenarios.flatMap { ["--scenario", $0] }
            + ["--size", "0", "--runs", "1", "--threads", "1", "--format", "csv"])
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = try #require(lines.first).map(String.init)
        let columns = ["engine", "status", "ns_per_element", "extra_bytes_per_element", "edit_script_size"]
            .map { header.firstIndex(of: $0)! }
        #expect(lines.count == 1 + 6 * 4 + 2)  // listdiff, ccore, stdlib, reference; sectioned: flat, listdiff
        for line in lines.dropFirst() {
            #expect(line[columns[1]] == "ok")
            #expect(line[columns[2]].isEmpty && line[columns[3]].isEmpty, "\(line[columns[0]])")
            #expect(line[columns[4]] == "0")
        }
    }

    /// The identified element kinds: every engine's result passes the check, and the table prints
    /// one "identified over plain ids" figure per id type measured beside its plain kind.
    @Test func identifiedKindsAreCheckedAndComparedWithTheirIDs() throws {
        let kinds = ["identified-int", "identified-uuid", "identified-string"]
        let checked = try heckelBench(["--size", "300", "--runs", "1", "--threads", "1", "--format", "csv"]
            + kinds.flatMap { ["--element", $0] })
        #expect(checked.status == 0, "\(checked.error)")
        let lines = checked.output.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let status = try #require(lines.first?.firstIndex(of: "status"))
        #expect(lines.count == 1 + kinds.count * 4)  // listdiff, ccore, stdlib, reference
        #expect(lines.dropFirst().allSatisfy { $0[status] == "ok" })

        let compared = try heckelBench(["--size", "300", "--runs", "1", "--threads", "1", "--engine", "listdiff",
                                        "--element", "int", "--element", "identified-int",
                                        "--element", "uuid", "--element", "identified-uuid"])
        #expect(compared.status == 0, "\(compared.error)")
        let figures = compared.output.split(separator: "\n").filter { $0.hasPrefix("identified over plain ids") }
        #expect(figures.count == 2)
        #expect(figures.contains { $0.contains(" int ") })
        #expect(figures.contains { $0.contains(" uuid ") })
    }

    /// Engines on the same lists take turns: every child reports a cold first run apart from its
    /// warm median, and `--threads` gives one row per thread count for the engines that take it.
    @Test func threadsAndColdRunsShowInTheRows() throws {
        let run = try heckelBench(["--size", "100", "--runs", "2", "--threads", "1", "--threads", "2",
                                   "--engine", "listdiff", "--engine", "stdlib", "--format", "csv"])
        #expect(run.status == 0, "\(run.error)")
        let rows = run.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.map { "\($0[3]) \($0[4])" } == ["listdiff 1", "stdlib 1", "listdiff 2"])
        let header = try #require(run.output.split(separator: "\n").first).split(separator: ",").map(String.init)
        let (coldRuns, low, high) = (header.firstIndex(of: "cold_runs")!, header.firstIndex(of: "first_min_s")!,
                                     header.firstIndex(of: "first_max_s")!)
        for row in rows {
            #expect(Double(row[9]) != nil && Double(row[10]) != nil, "first_s and median_s")
            // listdiff's first call: the median of 3 fresh processes (--cold-runs' default); stdlib's: one.
            #expect(row[coldRuns] == (row[3] == "listdiff" ? "3" : "1"))
            let (first, fastest, slowest) = (Double(row[9])!, Double(row[low])!, Double(row[high])!)
            #expect(fastest <= first && first <= slowest)
        }
    }
}
