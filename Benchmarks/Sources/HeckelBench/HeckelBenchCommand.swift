import ArgumentParser
import Foundation

@main
struct HeckelBenchCommand: AsyncParsableCommand {
    /// ArgumentParser's entry point, but every refusal or failure is one line on stderr
    /// (`heckel-bench: <why>`, with ` (see --help)` after a usage error) and ArgumentParser's
    /// exit status (64 for a usage error); `--help` and `--version` print as usual.
    static func main() async {
        do {
            // `heckel-bench trees ...`: the tree scenarios (TreeBench.swift).
            if CommandLine.arguments.dropFirst().first == "trees" {
                return try TreeBench.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
            }
            let command = try parseAsRoot()
            if let bench = command as? HeckelBenchCommand, let child = bench.child {
                // Measured here, before any await: on the main thread, whose heap `malloc_trim`
                // empties completely before the cold call (MemoryProbe.releaseFreeMemory).
                ChildMeasurement.run(try JSONDecoder().decode(Job.self, from: Data(child.utf8)))
                return
            }
            if let bench = command as? HeckelBenchCommand { try await bench.run() } else { var other = command; try other.run() }
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            let why = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            let hint = exitCode(for: error) == .validationFailure ? " (see --help)" : ""
            FileHandle.standardError.write(Data("heckel-bench: \(why)\(hint)\n".utf8))
            Foundation.exit(exitCode(for: error).rawValue)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "heckel-bench",
        abstract: "Compare list diff engines side by side: swift-heckel's ListDiff, its C core, the standard library's difference(from:), and the plain-Swift Heckel list frameworks ship.",
        discussion: """
        With no arguments, runs the default suite (a few minutes): the random mix from 10^2 to \
        10^6, and one-move, reversed, duplicates, unchanged, all-new and sectioned at 10^6, on \
        [Int], at 1 thread and all cores.
        Each engine is measured in its own child process, the engines on the same lists taking \
        turns run by run; the first run of each process is reported apart (cold) from the median \
        of the others (warm). For listdiff, ccore and flat the first call is measured in \
        --cold-runs fresh processes (the engines again in turn) and reported as their median, with \
        the fastest and slowest in the CSV and JSON and under the table. Every result is checked (the edit script applied to the old list \
        must give the new one) before it is printed.
        Examples:
          heckel-bench --size 1e7 --element int --element uuid --engine listdiff --engine ccore
          heckel-bench --size 1e7 --size 1e8 --engine listdiff --engine ccore --threads 1 --threads 2
          heckel-bench --old before.txt --new after.txt --format json
        """)

    @Option(name: .customLong("scenario"), help: "random, one-move, reversed, all-new, unchanged, front-edit, insert-top, duplicates, sectioned or text (repeatable).")
    var scenarios: [Scenario] = []

    @Option(name: .customLong("size"), help: "Old list length up to 10^8, as 1000000, 1e6, 10^6 or 1M (repeatable).",
            transform: { try SizeArgument.parsed($0) })
    var sizes: [SizeArgument] = []

    @Option(name: .customLong("engine"), help: "listdiff, ccore, stdlib, reference or flat (repeatable; default all). The sectioned scenario runs flat (a ListDiff of its items flattened) and listdiff (SectionedDiff) only.")
    var engines: [Engine] = []

    @Option(name: .customLong("element"), help: "Element type: int, uuid, string (21 bytes), short-string (15 bytes, inline), struct, or identified-int, identified-uuid, identified-string (records diffed by an id of that type; repeatable; default int).")
    var elements: [ElementKind] = []

    @Option(help: "Warm runs per engine, after its first (cold) run; their median is reported.")
    var runs = 3

    @Option(name: .customLong("cold-runs"), help: "First calls measured per row of listdiff, ccore and flat, each in a fresh process (the first child's first run, then children that make one call each, the engines in turn); their median is the 'first' column, their range is given. The other engines take one.")
    var coldRuns = 3

    @Option(name: .customLong("threads"), help: "Threads for listdiff and ccore: a count, or 0 for the library's own choice (repeatable; default 1 and all cores). The other engines run on one.")
    var threads: [Int] = []

    @Flag(name: .customLong("workspace"), help: "listdiff and ccore keep one workspace (ListDiff.Workspace, heckel_workspace) in each measuring process, as a caller that diffs over and over does: the first call fills it, the warm calls reuse its scratch.")
    var workspace = false

    @Option(help: "table, json or csv.")
    var format: OutputFormat = .table

    @Option(help: "Seed of the generated lists.")
    var seed: UInt64 = 42

    @Option(name: .customLong("delete-ratio"), help: "Random scenario: fraction of the old list deleted, as one block.")
    var deleteRatio = 0.20

    @Option(name: .customLong("insert-ratio"), help: "Random scenario: new elements inserted, as one block, as a fraction of the old list.")
    var insertRatio = 0.20

    @Option(name: .customLong("move-ratio"), help: "Random scenario: fraction of the old list's length shuffled among random positions.")
    var moveRatio = 0.04

    @Option(name: .customLong("old"), help: "Old text file for the text scenario (diffed line by line).")
    var oldFile: String?

    @Option(name: .customLong("new"), help: "New text file for the text scenario.")
    var newFile: String?

    @Option(name: .customLong("time-cap"), help: "Seconds an engine may spend on one row: no further run starts once the next would pass it in total, the standard library is skipped where one run is estimated to pass it, and a run is stopped at three times the cap.")
    var timeCap = 20.0

    @Option(name: .customLong("results-file"), help: "Also write the table, its figures and notes to this markdown file, under the command line, date, machine and git commit of the run (written only when every result checked out).")
    var resultsFile: String?

    @Flag(name: .customLong("append-results"), help: "With --results-file: add this run after the runs the file holds instead of replacing them.")
    var appendResults = false

    /// Internal: measure one job (JSON) and print its report; the parent re-runs itself with this.
    @Option(help: .private)
    var child: String?

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        guard coldRuns >= 1 else { throw ValidationError("--cold-runs must be at least 1") }
        guard timeCap > 0, timeCap.isFinite else { throw ValidationError("--time-cap must be a positive number of seconds") }
        guard threads.allSatisfy({ $0 >= 0 && $0 <= 1024 }) else {
            throw ValidationError("--threads takes a count from 1 to 1024, or 0 for the library's own choice")
        }
        for (name, ratio) in [("--delete-ratio", deleteRatio), ("--insert-ratio", insertRatio), ("--move-ratio", moveRatio)] {
            guard ratio >= 0, ratio <= 1 else { throw ValidationError("\(name) must be between 0 and 1") }
        }
        guard (oldFile == nil) == (newFile == nil) else { throw ValidationError("--old and --new go together") }
        if scenarios.contains(.text), oldFile == nil {
            throw ValidationError("the text scenario needs --old FILE --new FILE")
        }
    }

    /// 1 and all cores, unless `--threads` says otherwise.
    var threadCounts: [Int] {
        threads.isEmpty ? SuitePlan.unique([1, ProcessInfo.processInfo.activeProcessorCount]) : SuitePlan.unique(threads)
    }

    /// The table's note on a `--workspace` run.
    static let workspaceNote = "workspace: listdiff and ccore keep one workspace per measuring process (--workspace): "
        + "each fresh process's first call fills it, warm calls reuse its scratch; first call over warm and "
        + "the per-element figures are a repeating caller's"

    func run() async throws {
        if let child {  // main() serves a child itself; kept for callers of run()
            ChildMeasurement.run(try JSONDecoder().decode(Job.self, from: Data(child.utf8)))
            return
        }
        signal(SIGPIPE, SIG_IGN)  // a child that died shows as a failed write, not as our death
        let results = try ResultsRequest.start(path: resultsFile, append: appendResults)
        var textFiles: TextFilesSummary?
        if let oldFile, let newFile {
            textFiles = TextFilesSummary(old: try Inputs.lines(ofFile: oldFile), new: try Inputs.lines(ofFile: newFile))
        }
        let ratios = EditRatios(delete: deleteRatio, insert: insertRatio, move: moveRatio)
        let pairs = SuitePlan.pairs(scenarios: scenarios, sizes: sizes.map(\.count), haveFiles: oldFile != nil)
        var template = Job(lists: ListsKey(scenario: .random, size: nil, element: .int), engine: .listdiff, threads: 1,
                           seed: seed, ratios: ratios, timeCap: timeCap, oldFile: oldFile, newFile: newFile)
        template.workspace = workspace
        let jobs = SuitePlan.jobs(pairs: pairs, elements: elements, engines: engines, threads: threadCounts,
                                  template: template)
        guard !jobs.isEmpty else {
            throw ValidationError("none of the engines asked for runs in the scenarios asked for "
                + "(the sectioned scenario runs flat and listdiff only, flat runs in no other)")
        }
        var runner = SuiteRunner(jobs: jobs, warmRuns: runs, coldRuns: coldRuns, textFiles: textFiles)
        try runner.checkMemory()
        let rows = await runner.run()
        let summary = RunSummary(
            command: CommandLine.arguments.joined(separator: " "), seed: seed, runs: runs, coldRuns: coldRuns,
            timeCapSeconds: timeCap,
            randomMix: ratios.summary, cores: ProcessInfo.processInfo.activeProcessorCount,
            physicalMemoryBytes: ProcessInfo.processInfo.physicalMemory,
            notes: SuitePlan.unique(pairs.map(\.0)).flatMap(\.notes) + (workspace ? [Self.workspaceNote] : [])
                + runner.notes, rows: rows,
            figures: Figures.derive(from: rows))
        let output = OutputFormatter.render(summary, as: format)
        print(output, terminator: "")
        for error in runner.errors {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        }
        if !runner.errors.isEmpty { throw ExitCode.failure }
        try results?.finish(summary, printed: output, format: format)
    }
}
