import Foundation
import Testing

/// Pipes and named pipes (FIFOs) are read once, whole: nothing opens or samples them before that
/// read, so a FIFO's writer is not lost to an early open, and `--memory-limit` (which samples its
/// inputs and reads NEW twice) refuses them in one line. Each run is checked against the same diff
/// of regular files.
@Suite("Pipes and FIFOs as inputs")
struct PipeInputTests {
    /// Runs `script` in bash in `folder`, with `$HECKEL` the executable; every heckel run is
    /// bounded by `timeout`, so a hang fails (status 124) instead of stopping the suite.
    func bash(_ script: String, in folder: URL) throws -> Run {
        try runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", script],
                       environment: ["HECKEL": "timeout -s KILL 60 " + heckelExecutable.path], currentDirectory: folder)
    }

    @Test("stdin as OLD or NEW gives the diff of the regular files, in memory and spilled")
    func pipes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var old = "id,name\n", new = "id,name\n"
        for k in 0..<3_000 {
            old += "\(k),name \(k)\n"
            if k % 7 != 0 { new += "\(k),\(k % 11 == 0 ? "renamed" : "name") \(k)\n" }
        }
        new += "99999,added\n"
        try scratch.write("old.csv", old)
        try scratch.write("new.csv", new)
        for extra in ["", "--memory-limit 16K --ignore-order", "--ignore-order"] {
            let arguments = "--key id --format jsonl --no-progress \(extra)"
            let expected = try bash("$HECKEL diff old.csv new.csv \(arguments)", in: scratch.url)
            #expect(expected.status == 1, "\(expected.stderr)")
            #expect(!expected.stdout.isEmpty)
            let runs = ["cat old.csv | $HECKEL diff /dev/stdin new.csv --input csv \(arguments)",
                        "cat new.csv | $HECKEL diff old.csv /dev/stdin --input csv \(arguments)"]
            for script in runs {
                let run = try bash(script, in: scratch.url)
                if extra.contains("--memory-limit") {
                    // Sampled for the estimate and read twice when spilled: refused in one line.
                    #expect(run.status == 2 && run.stdout.isEmpty, "\(script): status \(run.status), stderr \(run.stderr)")
                    #expect(run.stderr.hasPrefix("heckel: ") && run.stderr.split(separator: "\n").count == 1
                            && run.stderr.contains("a pipe is read once"), "\(script): \(run.stderr)")
                } else {
                    #expect(run.status == 1 && run.stdout == expected.stdout,
                            "\(script): status \(run.status), stderr \(run.stderr), \(run.stdout.count) bytes of output for \(expected.stdout.count)")
                }
            }
            // One pipe as both sides would be read whole as OLD, leaving NEW empty: refused.
            let twice = "cat old.csv | $HECKEL diff /dev/stdin /dev/stdin --input csv \(arguments)"
            let run = try bash(twice, in: scratch.url)
            #expect(run.status == 2 && run.stdout.isEmpty, "\(twice): status \(run.status), stderr \(run.stderr)")
            #expect(run.stderr.hasPrefix("heckel: ") && run.stderr.split(separator: "\n").count == 1
                    && run.stderr.contains("OLD and NEW are one pipe"), "\(twice): \(run.stderr)")
        }
    }
}
