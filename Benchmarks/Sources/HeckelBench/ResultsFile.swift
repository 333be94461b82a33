import Foundation

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
