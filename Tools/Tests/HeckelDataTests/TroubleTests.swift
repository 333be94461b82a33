import Foundation
import Testing

/// Every trouble is one line on stderr and exit status 2, with no output file left behind.
@Suite("Trouble: exit 2, one line")
struct TroubleTests {
    /// Runs heckel and checks status 2, a single stderr line containing `expected`, no stdout.
    func expectTrouble(_ arguments: [String], _ expected: String, environment: [String: String] = [:]) throws {
        let run = try runHeckel(arguments, environment: environment)
        #expect(run.status == 2, "\(arguments): status \(run.status), stderr \(run.stderr)")
        #expect(run.stderr.hasPrefix("heckel: ") && run.stderr.hasSuffix("\n"))
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(run.stderr.contains(expected), "\(run.stderr) should say \(expected)")
        #expect(run.stdout.isEmpty)
    }

    @Test("missing, directory, unreadable")
    func files() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let a = try scratch.write("a.txt", "x\n")
        try expectTrouble(["diff", scratch.path("missing.txt"), a], "missing.txt: no such file")
        try expectTrouble(["diff", a, scratch.url.path], "is a directory")
        // Readable by nobody, root included: reading /proc/self/mem at offset 0 fails (EIO).
        try expectTrouble(["diff", "/proc/self/mem", a], "/proc/self/mem: cannot read")
    }

    @Test("malformed records: unterminated quote with its line, not a JSON object")
    func malformed() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let good = try scratch.write("good.csv", "a,b\n1,2\n")
        let open = try scratch.write("open.csv", "a,b\n1,2\n3,\"open\n4,5\n")
        try expectTrouble(["diff", good, open], "open.csv:3: unterminated quoted field")
        try expectTrouble(["diff", good, open, "--memory-limit", "1K", "--ignore-order"], "open.csv:3: unterminated quoted field")
        let goodJSON = try scratch.write("good.jsonl", "{\"id\":1}\n")
        let notObject = try scratch.write("bad.jsonl", "{\"id\":1}\n[1,2]\n")
        try expectTrouble(["diff", goodJSON, notObject], "bad.jsonl:2: not a JSON object")
        let truncated = try scratch.write("cut.jsonl", "{\"id\":1}\n{\"id\":2,\"x\":\"abc\n")
        try expectTrouble(["diff", goodJSON, truncated], "cut.jsonl:2: not a JSON object")
    }

    @Test("keys: a column that does not exist, a record without the key field, keys on lines")
    func keys() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let good = try scratch.write("good.csv", "a,b,c\n1,2,3\n")
        let short = try scratch.write("short.csv", "a,b,c\n1,2,3\n4,5\n")
        try expectTrouble(["diff", good, good, "--key", "zz"], "good.csv: no key column zz")
        try expectTrouble(["diff", good, good, "--key", "4"], "no key column 4")
        try expectTrouble(["diff", good, good, "--key", "0"], "no key column 0")
        try expectTrouble(["diff", good, short, "--key", "c"], "short.csv:3: 2 fields, the header has 3 (--flexible accepts this)")
        try expectTrouble(["diff", good, short, "--key", "c", "--memory-limit", "1K", "--ignore-order"], "short.csv:3: 2 fields, the header has 3")
        try expectTrouble(["diff", good, short, "--key", "c", "--flexible"], "short.csv: record 2 has no key field c")
        try expectTrouble(["diff", good, short, "--key", "c", "--flexible", "--memory-limit", "1K", "--ignore-order"], "record 2 has no key field c")
        let json = try scratch.write("a.jsonl", "{\"id\":1}\n{\"name\":2}\n")
        try expectTrouble(["diff", json, json, "--key", "id"], "a.jsonl: record 2 has no key field id")
        let text = try scratch.write("a.txt", "x\n")
        try expectTrouble(["diff", text, text, "--key", "1"], "--key needs csv, tsv or jsonl input")
    }

    @Test("out-of-range options")
    func options() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let a = try scratch.write("a.txt", "x\n")
        try expectTrouble(["diff", a, a, "--unified=-1"], "-U must be 0 or more")
        try expectTrouble(["diff", a, a, "--memory-limit", "12X"], "--memory-limit 12X is not a size")
        try expectTrouble(["diff", a, a, "--memory-limit", "0"], "is not a size")
        try expectTrouble(["diff", a, a, "--input", "xml"], "xml")
        try expectTrouble(["diff", a, a, "--format", "html"], "html")
        try expectTrouble(["diff", a], "Missing expected argument")
        try expectTrouble(["diff", a, a, "--output", a], "--output must not be one of the inputs")
    }

    @Test("--output naming an input by another spelling or through a symbolic link: refused, the input kept")
    func outputOverInput() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let old = try scratch.write("old.csv", "id,name\n1,a\n2,b\n")
        let new = try scratch.write("new.csv", "id,name\n1,a\n3,b\n")
        let link = scratch.path("link.csv")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: old)
        let folder = scratch.url.lastPathComponent
        let spellings = [scratch.url.path + "/./old.csv", scratch.url.path + "/../" + folder + "/old.csv",
                         scratch.url.path + "//old.csv"]
        for output in spellings {
            try expectTrouble(["diff", old, new, "--key", "id", "--output", output], "--output must not be one of the inputs")
            try expectTrouble(["diff", new, old, "--output", output], "--output must not be one of the inputs")
        }
        // The input read through a link: the output would replace the file the link names.
        try expectTrouble(["diff", link, new, "--output", old], "--output must not be one of the inputs")
        // Relative to the current folder.
        let relative = try runProcess(heckelExecutable, ["diff", "old.csv", "new.csv", "--output", "./old.csv"], currentDirectory: scratch.url)
        #expect(relative.status == 2 && relative.stderr.contains("--output must not be one of the inputs"), "\(relative.stderr)")
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "id,name\n1,a\n2,b\n", "the input is kept")
        // The input's file under another entry (a hard link here; a bind mount or another case on
        // a case-insensitive volume alike): the entry cannot be told from the input's, so refused.
        let hard = scratch.path("hard.csv")
        try FileManager.default.linkItem(atPath: old, toPath: hard)
        try expectTrouble(["diff", old, new, "--output", hard], "--output must not be one of the inputs")
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "id,name\n1,a\n2,b\n", "the input is kept")
        // Writing over the link itself replaces the link, never the file it names: allowed.
        let run = try runHeckel(["diff", old, new, "--key", "id", "--output", link])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "id,name\n1,a\n2,b\n", "the input is kept")
        #expect(try String(contentsOfFile: link, encoding: .utf8).hasPrefix("1 deleted, 1 inserted"))
    }

    @Test("no partial output file and no temporary file is left on failure or success")
    func cleanup() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tmp = scratch.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let env = ["TMPDIR": tmp.path]
        let old = scratch.path("old.csv"), new = scratch.path("new.csv")
        #expect(try runHeckel(["generate", "--rows", "20000", old, new]).status == 0)
        let bad = try scratch.write("bad.csv", String(decoding: try Data(contentsOf: URL(fileURLWithPath: new)), as: UTF8.self) + "9,\"open\n")
        let out = scratch.path("out.jsonl")
        try expectTrouble(["diff", old, bad, "--key", "id", "--format", "jsonl", "--output", out], "unterminated quoted field")
        try expectTrouble(["diff", old, bad, "--key", "id", "--format", "jsonl", "--output", out, "--memory-limit", "64K", "--ignore-order"],
                          "unterminated quoted field", environment: env)
        // Moves that do not fit under a tiny limit: a clear message asking for --ignore-order.
        try expectTrouble(["diff", old, new, "--key", "id", "--format", "jsonl", "--output", out, "--memory-limit", "64K"],
                          "pass --ignore-order", environment: env)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0 != "tmp" && !$0.hasSuffix(".csv") }
        #expect(leftovers.isEmpty, "left behind: \(leftovers)")
        let spilled = try runHeckel(["diff", old, new, "--key", "id", "--ignore-order", "--format", "jsonl", "--output", out,
                                     "--memory-limit", "64K"], environment: env)
        #expect(spilled.status == 1 && FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty, "temporary files removed")
    }

    @Test("exit status 0 for equal files, 1 for different ones; help exits 0")
    func exitStatus() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let a = try scratch.write("a.txt", "x\ny\n"), b = try scratch.write("b.txt", "y\nx\n")
        #expect(try runHeckel(["diff", a, a]).status == 0)
        #expect(try runHeckel(["diff", a, b]).status == 1)
        #expect(try runHeckel(["diff", a, b, "--ignore-order"]).status == 0, "the same lines in another order")
        #expect(try runHeckel(["diff", "--help"]).status == 0)
    }
}
