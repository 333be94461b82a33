import Foundation

/// Where and when a run happened: what `--results-file` writes above the table, so a figure in it
/// can be traced to a command, a machine and a commit.
struct RunProvenance: Equatable {
    /// The command that reproduces the file (`./Scripts/bench.sh --results`), when a script says so.
    var command: String
    /// The harness's own command line, as it was started.
    var harnessCommand: String
    var date: Date
    var cpuModel: String
    var cores: Int
    var memoryBytes: UInt64
    var operatingSystem: String
    var swiftVersion: String
    /// The short hash of HEAD, and whether tracked files had changes when the run started.
    var commit: String
    var dirty: Bool

    /// The date as the file prints it: `2024-01-31 12:34 UTC`.
    var utcDate: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// The machine this process runs on, and the repository `directory` lies in. `resultsPath`,
    /// if it is tracked, does not make the tree dirty: the run is about to rewrite it. Arguments
    /// inside the repository are shown relative to its top, so the file names no local folder.
    static func current(arguments: [String] = CommandLine.arguments,
                        environment: [String: String] = ProcessInfo.processInfo.environment,
                        directory: URL, resultsPath: String?) -> RunProvenance {
        let top = run(["git", "-C", directory.path, "rev-parse", "--show-toplevel"]).map { $0 + "/" }
        let shown = arguments.dropFirst().map { argument in
            top.flatMap { argument.hasPrefix($0) ? String(argument.dropFirst($0.count)) : nil } ?? argument
        }
        let harness = (["heckel-bench"] + shown).joined(separator: " ")
        // Tracked files that differ from HEAD, staged or not, named from the repository's top.
        let changed = (run(["git", "-C", directory.path, "diff", "HEAD", "--name-only"]) ?? "")
            .split(separator: "\n").map { (top ?? "") + $0 }
            .filter { path in path != resultsPath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } }
        return RunProvenance(
            command: environment["HECKEL_BENCH_COMMAND"] ?? harness,
            harnessCommand: harness,
            date: Date(),
            cpuModel: cpuModel() ?? "unknown",
            cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: ProcessInfo.processInfo.physicalMemory,
            operatingSystem: operatingSystem(),
            swiftVersion: run(["swift", "--version"])?.split(separator: "\n").first.map(String.init) ?? "unknown",
            commit: run(["git", "-C", directory.path, "rev-parse", "--short", "HEAD"]) ?? "unknown",
            dirty: !changed.isEmpty)
    }

    /// `model name` from /proc/cpuinfo (Linux), else nil.
    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `PRETTY_NAME` from /etc/os-release and the kernel release, else Foundation's description.
    private static func operatingSystem() -> String {
        var system = utsname()
        uname(&system)
        let kernel = withUnsafeBytes(of: system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let pretty = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        guard let pretty else { return ProcessInfo.processInfo.operatingSystemVersionString }
        return "\(pretty), kernel \(kernel)"
    }

    /// The command's standard output, trimmed, or nil when it cannot run or fails.
    private static func run(_ command: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A run that writes a results file: its path, and the provenance taken before anything ran.
struct ResultsRequest {
    var path: String
    var provenance: RunProvenance
    /// Add this run after the runs the file holds, instead of replacing them.
    var append = false

    /// Checks that `path` can be written and takes the provenance now, before the suite runs, so the
    /// commit and its state are those of the code measured.
    static func start(path: String?, append: Bool = false) throws -> ResultsRequest? {
        guard let path else {
            if append { throw ResultsFile.Unwritable(description: "--append-results needs --results-file PATH") }
            return nil
        }
        try ResultsFile.checkWritable(path)
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return ResultsRequest(path: path, provenance: .current(directory: sources, resultsPath: absolute), append: append)
    }

    /// Writes the table the run printed (`printed`, when the run printed a table), else renders it.
    func finish(_ summary: RunSummary, printed: String, format: OutputFormat) throws {
        let table = format == .table ? printed : TableFormatter.render(summary)
        try ResultsFile.write(table: table, provenance: provenance, to: path, appending: append)
    }
}

/// The markdown file `--results-file` writes: the run's provenance on top, then the table exactly as
/// the run printed it, its figures (with the goals the issues set) and notes included.
enum ResultsFile {
    /// A folder that does not exist or cannot be written to, found before the suite runs.
    struct Unwritable: Error, CustomStringConvertible {
        let description: String
    }

    /// The file's first line: a file that starts otherwise is replaced, never appended to.
    static let title = "# heckel-bench results\n"

    /// The file's title and what it is, above its runs.
    static let heading = """
        # heckel-bench results

        Written by `heckel-bench --results-file` from the runs below, not by hand; each run names \
        the command that reproduces it. Compare figures within one run, not with another machine's \
        or day's.

        """

    /// A whole file holding one run.
    static func markdown(table: String, provenance: RunProvenance) -> String {
        heading + "\n" + section(table: table, provenance: provenance)
    }

    /// One run: its command as the heading, its provenance, then its table as printed.
    static func section(table: String, provenance: RunProvenance) -> String {
        let machine = "\(provenance.cpuModel), \(provenance.cores) cores, "
            + "\(TableFormatter.bytes(Int(clamping: provenance.memoryBytes))) memory"
        return """
        ## `\(provenance.command)`

        | | |
        |---|---|
        | command | `\(provenance.command)` |
        | harness | `\(provenance.harnessCommand)` |
        | date | \(provenance.utcDate) |
        | machine | \(machine) |
        | system | \(provenance.operatingSystem) |
        | Swift | \(provenance.swiftVersion) |
        | commit | \(provenance.commit)\(provenance.dirty ? " (dirty: tracked files had changes)" : "") |

        The table, the figures under it (each with the goal an issue set for it, where one did) and \
        the notes, as the run printed them; `Benchmarks/README.md` explains the columns.

        ```text
        \(table.hasSuffix("\n") ? String(table.dropLast()) : table)
        ```

        """
    }

    /// The tables between the file's ```text fences and their closing fences, run by run: what
    /// `markdown` and `section` were given.
    static func tables(inMarkdown text: String) -> [String] {
        var tables: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "```text\n"),
              let end = rest.range(of: "\n```\n", range: start.upperBound..<rest.endIndex) {
            tables.append(String(rest[start.upperBound..<end.lowerBound]) + "\n")
            rest = rest[end.upperBound...]
        }
        return tables
    }

    /// Refuses a path whose folder is missing or not writable, so a long run never ends unsaved.
    static func checkWritable(_ path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Unwritable(description: "--results-file: no folder \(folder)")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw Unwritable(description: "--results-file: cannot write in \(folder)")
        }
    }

    /// Writes the file whole (a temporary file renamed into place), so a failed write leaves the old
    /// one; `appending`: the file's runs (if it holds any), then this one.
    static func write(table: String, provenance: RunProvenance, to path: String, appending: Bool = false) throws {
        let existing = appending ? (try? String(contentsOfFile: path, encoding: .utf8)) : nil
        let text = existing.flatMap { $0.hasPrefix(title) ? $0 + "\n" + section(table: table, provenance: provenance) : nil }
            ?? markdown(table: table, provenance: provenance)
        let data = Data(text.utf8)
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Unwritable(description: "--results-file: cannot write \(path): \(error.localizedDescription)")
        }
    }
}
