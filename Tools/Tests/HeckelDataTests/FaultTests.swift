import Foundation
import Testing

/// Faults around a run: a full disk for the output or the spill folder (a file-size limit), SIGINT
/// and SIGTERM at points of a spilled run, an unusable and a vanished temporary folder, and moves
/// that cannot fit. Each ends with one line on stderr, the documented exit status, the previous
/// `--output` untouched and no temporary file left.
@Suite("Faults")
struct FaultTests {
    struct Setup {
        let scratch: Scratch
        let old: String, new: String, tmp: String, output: String

        init() throws {
            scratch = try Scratch()
            old = scratch.path("old.csv")
            new = scratch.path("new.csv")
            tmp = scratch.path("tmp")
            output = scratch.path("out.jsonl")
            try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
            #expect(try runHeckel(["generate", "--rows", "30000", old, new]).status == 0)
        }

        func resetOutput() throws { try Data("previous output\n".utf8).write(to: URL(fileURLWithPath: output)) }

        /// Status 2, one line containing `expected`, the output as it was, nothing left behind.
        func expectTrouble(_ run: Run, _ expected: String, _ what: String) throws {
            #expect(run.status == 2, "\(what): status \(run.status), stderr \(run.stderr)")
            #expect(run.stderr.hasPrefix("heckel: ") && run.stderr.contains(expected), "\(what): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(what): one line: \(run.stderr)")
            #expect(try String(contentsOfFile: output, encoding: .utf8) == "previous output\n", "\(what): --output untouched")
            try expectNothingLeft(what)
        }

        func expectNothingLeft(_ what: String) throws {
            let partial = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.contains(".partial-") }
            let spill = (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []
            #expect(partial.isEmpty && spill.isEmpty, "\(what): left \(partial) \(spill)")
        }
    }

    /// heckel under `ulimit -f blocks` (1 KiB blocks), TMPDIR the setup's.
    func runLimited(_ arguments: [String], blocks: Int, tmp: String) throws -> Run {
        try runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", "ulimit -f \(blocks) && exec \"$0\" \"$@\"", heckelExecutable.path] + arguments,
                       environment: ["TMPDIR": tmp])
    }

    @Test("a full disk (file-size limit) for --output and for the spill folder")
    func fullDisk() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let feed = ["diff", setup.old, setup.new, "--key", "id", "--format", "jsonl", "--output", setup.output]
        try setup.resetOutput()
        try setup.expectTrouble(try runLimited(feed, blocks: 16, tmp: setup.tmp), "out.jsonl: File too large", "output")
        try setup.resetOutput()
        try setup.expectTrouble(try runLimited(feed + ["--memory-limit", "2M"], blocks: 16, tmp: setup.tmp), "File too large", "spill")
        try setup.resetOutput()
        let fits = try runLimited(feed + ["--memory-limit", "2M"], blocks: 1 << 16, tmp: setup.tmp)
        #expect(fits.status == 1 && fits.stderr.isEmpty, "under a limit it fits: \(fits.stderr)")
        try setup.expectNothingLeft("fits")
    }

    @Test("SIGINT and SIGTERM at points of a spilled run, at once or a random moment later", arguments: 1...8)
    func signals(seed: UInt64) throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        var random = TestRandom(state: seed)
        let points = ["partitioning", "matching partitions", "finding moves", "writing"]
        let point = points[random.below(points.count)]
        let signal = random.below(2) == 0 ? SIGINT : SIGTERM
        let delay: UInt32? = random.below(2) == 0 ? nil : UInt32(random.below(200_000))
        try setup.resetOutput()
        var child = try StoppedRun(["diff", setup.old, setup.new, "--key", "id", "--format", "jsonl", "--memory-limit", "2M",
                                    "--output", setup.output], stopAt: point, environment: ["TMPDIR": setup.tmp], scratch: setup.scratch)
        let stopped = child.waitForStop()
        #expect(stopped, "\(point): reached")
        let run = try child.finish(sending: signal, after: delay)
        let what = "\(point), signal \(signal), delay \(delay.map(String.init) ?? "none")"
        if delay != nil, run.status == 1 {
            // The run finished before the signal came: its output is complete.
            #expect(try String(contentsOfFile: setup.output, encoding: .utf8) != "previous output\n", "\(what)")
            try setup.expectNothingLeft(what)
        } else {
            try setup.expectTrouble(run, "interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")", what)
        }
    }

    @Test("an unusable temporary folder, and one that vanishes during the run")
    func temporaryFolder() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let spilled = ["diff", setup.old, setup.new, "--key", "id", "--ignore-order", "--format", "jsonl", "--memory-limit", "2M",
                       "--output", setup.output]
        let notAFolder = try setup.scratch.write("not-a-folder", "x")
        for (tmp, reason) in [(notAFolder, "Not a directory"), (setup.scratch.path("missing"), "No such file or directory"),
                              ("/proc/self", "cannot make a temporary folder")] {
            try setup.resetOutput()
            try setup.expectTrouble(try runHeckel(spilled, environment: ["TMPDIR": tmp]), reason, tmp)
        }
        for point in ["partitioning", "matching partitions"] {
            try setup.resetOutput()
            var child = try StoppedRun(spilled, stopAt: point, environment: ["TMPDIR": setup.tmp], scratch: setup.scratch)
            let stopped = child.waitForStop()
            #expect(stopped)
            for name in try FileManager.default.contentsOfDirectory(atPath: setup.tmp) {
                try FileManager.default.removeItem(atPath: setup.tmp + "/" + name)
            }
            try setup.expectTrouble(try child.finish(), point == "partitioning" ? "No such file or directory" : "no such file",
                                    "vanished at \(point)")
        }
    }

    @Test("moves that cannot fit are refused from the file sizes, before any spilling")
    func movesRefusedAtOnce() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        try setup.resetOutput()
        // A temporary folder that cannot be made: the refusal comes first, so it is never tried.
        let unusable = ["TMPDIR": setup.scratch.path("missing")]
        let moves = ["diff", setup.old, setup.new, "--key", "id", "--format", "jsonl", "--output", setup.output, "--memory-limit", "256K"]
        try setup.expectTrouble(try runHeckel(moves, environment: unusable), "over --memory-limit 256K; pass --ignore-order", "moves")
        try setup.expectTrouble(try runHeckel(moves + ["--ignore-order"], environment: unusable), "cannot make a temporary folder",
                                "without moves it spills")
    }
}
