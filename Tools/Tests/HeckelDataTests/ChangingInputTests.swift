import Foundation
import Testing

/// Inputs that change while `heckel diff` reads them: truncated or extended at a known point of
/// the run (`HECKEL_STOP_AT`), in memory and spilled. Every case ends with one line naming the
/// file, exit status 2, the previous `--output` untouched and no temporary file left; never a
/// crash (a mapped page past a truncated file's end raises SIGBUS unless guarded).
@Suite("Inputs that change while read")
struct ChangingInputTests {
    enum Change: String, CaseIterable {
        case truncate, extend, rewrite
    }

    /// Applies `change` to the file at `path`: a third of it left, 100 rows appended, or the same
    /// bytes written again in place (size unchanged, modification time new).
    func apply(_ change: Change, to path: String) throws {
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        switch change {
        case .truncate:
            #expect(truncate(path, off_t(size / 3)) == 0)
        case .extend:
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((0..<100).map { "9\($0)00000,a,b,c,d,e,f,g,h,i\n" }.joined().utf8))
            try handle.close()
        case .rewrite:
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            usleep(20_000)  // past the file system's timestamp granularity
            try bytes.write(to: URL(fileURLWithPath: path))
        }
    }

    /// Runs the diff stopped at `point`, changes `changed` there, and checks the outcome.
    func expectReported(_ arguments: [String], point: String, change: Change, changed: String, output: String,
                        tmp: String, scratch: Scratch) throws {
        try Data("previous output\n".utf8).write(to: URL(fileURLWithPath: output))
        let backup = try Data(contentsOf: URL(fileURLWithPath: changed))
        defer { try? backup.write(to: URL(fileURLWithPath: changed)) }
        var child = try StoppedRun(arguments + ["--output", output], stopAt: point, environment: ["TMPDIR": tmp], scratch: scratch)
        let stopped = child.waitForStop()
        #expect(stopped, "\(point): the run reaches the point")
        if stopped { try apply(change, to: changed) }
        let run = try child.finish()
        let what = "\(point) \(change) \(changed.split(separator: "/").last!)"
        #expect(run.status == 2, "\(what): status \(run.status), stderr \(run.stderr)")
        #expect(run.stderr.hasPrefix("heckel: \(changed): changed while being read"), "\(what): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(what): one line: \(run.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "previous output\n", "\(what): --output untouched")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.contains(".partial-") }
        let spill = try FileManager.default.contentsOfDirectory(atPath: tmp)
        #expect(left.isEmpty && spill.isEmpty, "\(what): left \(left) \(spill)")
    }

    func pair(_ scratch: Scratch) throws -> (old: String, new: String, tmp: String) {
        let old = scratch.path("old.csv"), new = scratch.path("new.csv"), tmp = scratch.path("tmp")
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        #expect(try runHeckel(["generate", "--rows", "30000", old, new]).status == 0)
        return (old, new, tmp)
    }

    @Test("in memory: NEW or OLD truncated, extended or rewritten while scanning, matching, sweeping, writing")
    func inMemory() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (old, new, tmp) = try pair(scratch)
        let output = scratch.path("out.jsonl")
        for format in ["jsonl", "unified"] {
            let arguments = ["diff", old, new, "--key", "id", "--format", format]
            for point in ["scanning", "matching", "updates", "writing"] {
                for change in Change.allCases {
                    try expectReported(arguments, point: point, change: change, changed: new, output: output, tmp: tmp, scratch: scratch)
                }
            }
            // OLD is read again by the sweep of matched pairs and by unified hunks.
            for point in ["updates", "writing"] {
                try expectReported(arguments, point: point, change: .truncate, changed: old, output: output, tmp: tmp, scratch: scratch)
            }
        }
    }

    @Test("spilled: NEW or OLD truncated or extended while partitioning, matching partitions, writing")
    func spilled() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (old, new, tmp) = try pair(scratch)
        let output = scratch.path("out.jsonl")
        let arguments = ["diff", old, new, "--key", "id", "--format", "jsonl", "--ignore-order", "--memory-limit", "2M"]
        for point in ["partitioning", "matching partitions", "writing"] {
            for change in Change.allCases {
                try expectReported(arguments, point: point, change: change, changed: new, output: output, tmp: tmp, scratch: scratch)
            }
        }
        try expectReported(arguments, point: "partitioning", change: .truncate, changed: old, output: output, tmp: tmp, scratch: scratch)
    }

    @Test("a file that does not change is not reported, stopped or not")
    func unchanged() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (old, new, _) = try pair(scratch)
        var child = try StoppedRun(["diff", old, new, "--key", "id"], stopAt: "scanning", scratch: scratch)
        let stopped = child.waitForStop()
        #expect(stopped)
        let run = try child.finish()
        #expect(run.status == 1 && run.stderr.isEmpty, "\(run.status) \(run.stderr)")
    }
}
