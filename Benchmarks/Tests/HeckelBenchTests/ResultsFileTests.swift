import Foundation
import Testing
@testable import HeckelBench

/// `--results-file`: the provenance on top (command, date, machine, commit) and, under it, the table
/// the run printed, byte for byte.
@Suite struct ResultsFileTests {
    private static let provenance = RunProvenance(
        command: "./Scripts/bench.sh --results", harnessCommand: "heckel-bench --results-file /x/RESULTS.md",
        date: Date(timeIntervalSince1970: 1_700_000_000), cpuModel: "Test CPU @ 2.00GHz", cores: 2,
        memoryBytes: 24 << 30, operatingSystem: "Debian GNU/Linux 12 (bookworm), kernel 6.1.0",
        swiftVersion: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", commit: "abc1234", dirty: true)

    /// The header's lines, by their first cell.
    private static func header(_ markdown: String) -> [String: String] {
        var cells: [String: String] = [:]
        for line in markdown.split(separator: "\n") where line.hasPrefix("| ") {
            let parts = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { cells[parts[0]] = parts[1] }
        }
        return cells
    }

    @Test func headerNamesCommandDateMachineAndCommit() throws {
        let table = "scenario size\n-------- ----\nrandom   10^2\n\n100-element diff  0.80 µs  (goal < 1 µs)\n"
        let markdown = ResultsFile.markdown(table: table, provenance: Self.provenance)
        let header = Self.header(markdown)
        #expect(header["command"] == "`./Scripts/bench.sh --results`")
        #expect(header["harness"] == "`heckel-bench --results-file /x/RESULTS.md`")
        #expect(header["date"] == "2023-11-14 22:13 UTC")
        #expect(header["machine"] == "Test CPU @ 2.00GHz, 2 cores, 24 GB memory")
        #expect(header["system"] == "Debian GNU/Linux 12 (bookworm), kernel 6.1.0")
        #expect(header["Swift"] == "Swift version 6.3.1 (swift-6.3.1-RELEASE)")
        #expect(header["commit"] == "abc1234 (dirty: tracked files had changes)")
        #expect(ResultsFile.tables(inMarkdown: markdown) == [table])

        var clean = Self.provenance
        clean.dirty = false
        #expect(Self.header(ResultsFile.markdown(table: table, provenance: clean))["commit"] == "abc1234")
    }

    /// The commit and its state come from git in the folder given; a change to the results file
    /// itself (which the run is about to rewrite) does not count, a change to any other tracked
    /// file does, and untracked files do not.
    @Test func commitIsShortHeadAndDirtyMeansTrackedChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("results-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func git(_ arguments: String...) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments)")
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let code = folder.appendingPathComponent("code.c"), results = folder.appendingPathComponent("RESULTS.md")
        try "int x;\n".write(to: code, atomically: true, encoding: .utf8)
        try "old\n".write(to: results, atomically: true, encoding: .utf8)
        _ = try git("init", "-q")
        _ = try git("add", ".")
        _ = try git("commit", "-q", "-m", "first")
        let head = try git("rev-parse", "--short", "HEAD")
        func provenance() -> RunProvenance {
            RunProvenance.current(arguments: ["/a/b/heckel-bench", "--size", "1e3", "--results-file", results.path],
                                  environment: [:], directory: folder, resultsPath: results.path)
        }
        let clean = provenance()
        #expect(clean.commit == head && !clean.dirty)
        // The results file is named relative to the repository's top folder.
        #expect(clean.command == "heckel-bench --size 1e3 --results-file RESULTS.md")
        #expect(clean.harnessCommand == clean.command)
        #expect(clean.cores == ProcessInfo.processInfo.activeProcessorCount && clean.memoryBytes > 0)
        #expect(clean.swiftVersion.contains("Swift version"))

        try "new\n".write(to: results, atomically: true, encoding: .utf8)
        try "untracked\n".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        #expect(!provenance().dirty)
        try "int y;\n".write(to: code, atomically: true, encoding: .utf8)
        #expect(provenance().dirty)
    }

    /// `--append-results` adds a run after the file's runs; without it the file is replaced.
    @Test func appendingKeepsEarlierRuns() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("results-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var second = Self.provenance
        second.command = "./Scripts/bench.sh --results-append --scenario text"
        try ResultsFile.write(table: "first\n", provenance: Self.provenance, to: path)
        try ResultsFile.write(table: "second\n", provenance: second, to: path, appending: true)
        var markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(ResultsFile.tables(inMarkdown: markdown) == ["first\n", "second\n"])
        #expect(markdown.components(separatedBy: "# heckel-bench results").count == 2, "one title")
        #expect(markdown.contains("## `./Scripts/bench.sh --results`\n"))
        #expect(markdown.contains("## `./Scripts/bench.sh --results-append --scenario text`\n"))
        try "notes of mine\n".write(toFile: path, atomically: true, encoding: .utf8)
        try ResultsFile.write(table: "other\n", provenance: second, to: path, appending: true)
        #expect(ResultsFile.tables(inMarkdown: try String(contentsOfFile: path, encoding: .utf8)) == ["other\n"],
                "a file the harness did not write is replaced, not appended to")
        try ResultsFile.write(table: "third\n", provenance: Self.provenance, to: path)
        markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(ResultsFile.tables(inMarkdown: markdown) == ["third\n"])
    }

    /// A real run: the file's table is the one printed on stdout, and the command on top is the one
    /// the script names.
    @Test func fileHoldsTheTableTheRunPrinted() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("results-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try heckelBench(["--size", "100", "--runs", "1", "--cold-runs", "1", "--threads", "1",
                                   "--engine", "listdiff", "--engine", "ccore", "--results-file", path],
                                  environment: ["HECKEL_BENCH_COMMAND": "./Scripts/bench.sh --results"])
        #expect(run.status == 0, "\(run.error)")
        let markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(ResultsFile.tables(inMarkdown: markdown) == [run.output])
        #expect(run.output.contains("100-element diff"), "the figures are part of what is written")
        let header = Self.header(markdown)
        #expect(header["command"] == "`./Scripts/bench.sh --results`")
        #expect(header["harness"]?.contains("--results-file \(path)") == true)
    }

    /// A folder that does not exist is refused in one line before anything runs; no file appears.
    @Test func missingFolderIsRefusedBeforeTheRun() throws {
        let path = "/nonexistent-\(UUID().uuidString)/RESULTS.md"
        let run = try heckelBench(["--size", "100", "--results-file", path])
        #expect(run.status != 0)
        #expect(run.output.isEmpty)
        #expect(run.error == "heckel-bench: --results-file: no folder \((path as NSString).deletingLastPathComponent)\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
