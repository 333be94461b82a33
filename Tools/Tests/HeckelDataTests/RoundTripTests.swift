import CSV
import Foundation
import HeckelDataDiff
import HeckelDataFiles
import Testing

/// The repository's root, for real text files to diff.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Diffs OLD and NEW as a JSON Lines feed, applies the feed to OLD and checks it gives NEW (byte for
/// byte for lines and CSV/TSV records, as JSON values for JSON Lines); returns the feed.
@discardableResult
func expectFeedRoundTrip(_ old: String, _ new: String, format: RecordFormat, keys: [String] = [], ignoreOrder: Bool = false,
                         memoryLimit: Int? = nil, scratch: Scratch) throws -> [UInt8] {
    var options = DiffOptions(oldPath: old, newPath: new)
    options.format = format
    options.keys = keys
    options.ignoreOrder = ignoreOrder
    options.output = .jsonl
    options.memoryLimit = memoryLimit
    let (differs, feed) = try diffOutput(options, scratch: scratch)
    let oldRecords = try records(old, format: format), newRecords = try records(new, format: format)
    let applied = try applyFeed(feed, toOld: oldRecords.records, format: format, ignoresOrder: ignoreOrder)
    if ignoreOrder {
        // Without moves the order of kept records is not carried: compare as multisets.
        let expected = format == .jsonl ? newRecords.records.map(canonicalJSON) : newRecords.records
        #expect(applied.records.sorted { $0.lexicographicallyPrecedes($1) } == expected.sorted { $0.lexicographicallyPrecedes($1) })
    } else {
        #expect(applied.records == (format == .jsonl ? newRecords.records.map(canonicalJSON) : newRecords.records))
    }
    #expect((applied.header ?? oldRecords.header) == newRecords.header)
    let oldBytes = try fileBytes(old), newBytes = try fileBytes(new)
    if format == .lines, !ignoreOrder {
        let endsWithNewline = applied.finalNewline ?? (oldBytes.last == 0x0A || oldBytes.isEmpty)
        var rebuilt = Array(applied.records.joined(separator: [0x0A]))
        if endsWithNewline, !applied.records.isEmpty { rebuilt.append(0x0A) }
        #expect(rebuilt == Array(newBytes), "the feed applied to OLD gives NEW byte for byte")
    }
    #expect(differs == (feed.isEmpty == false), "exit status agrees with the feed")
    if !ignoreOrder { #expect(differs == (oldBytes != newBytes) || format != .lines) }
    return feed
}

/// Diffs OLD and NEW as a JSON Lines feed in memory and out of core under `limit` (which must
/// force the spill) and checks the two outputs are the same bytes, and not empty.
func expectSpilledEqualsInMemory(_ old: String, _ new: String, format: RecordFormat, keys: [String], ignoreOrder: Bool,
                                 limit: Int, scratch: Scratch) throws {
    var options = DiffOptions(oldPath: old, newPath: new)
    options.format = format
    options.keys = keys
    options.ignoreOrder = ignoreOrder
    options.output = .jsonl
    let inMemory = try diffOutput(options, scratch: scratch)
    options.memoryLimit = limit
    #expect(InMemoryEstimate(options).bytes > limit, "the limit forces the spill")
    let spilled = try diffOutput(options, scratch: scratch)
    #expect(spilled.output == inMemory.output && spilled.differs == inMemory.differs, "\(format) \(keys) \(ignoreOrder)")
    #expect(!inMemory.output.isEmpty)
}

/// A file's bytes (also of character devices such as /dev/null, which Data(contentsOf:) refuses).
func fileBytes(_ path: String) throws -> Data {
    let handle = try #require(FileHandle(forReadingAtPath: path))
    defer { try? handle.close() }
    return handle.readDataToEndOfFile()
}

/// Diffs OLD and NEW as unified hunks, applies them with GNU patch and checks the result is NEW.
func expectPatchRoundTrip(_ old: String, _ new: String, format: RecordFormat, context: Int = 3, scratch: Scratch) throws {
    var options = DiffOptions(oldPath: old, newPath: new)
    options.format = format
    options.output = .unified
    options.context = context
    let (_, hunks) = try diffOutput(options, scratch: scratch)
    let target = scratch.path("patched-\(UUID().uuidString)")
    try FileManager.default.copyItem(atPath: old, toPath: target)
    if !hunks.isEmpty {
        let patchFile = try scratch.write("hunks-\(UUID().uuidString)", hunks)
        let run = try runProcess(URL(fileURLWithPath: "/usr/bin/patch"), ["-s", "--no-backup-if-mismatch", target, patchFile])
        #expect(run.status == 0, "patch: \(run.stderr) \(String(decoding: run.stdout, as: UTF8.self))")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(contentsOf: URL(fileURLWithPath: new)))
}

/// Random lines from a small vocabulary (so duplicates abound), then random edits.
func generatedLines(count: Int, seed: UInt64, crlf: Bool = false) -> (old: [UInt8], new: [UInt8]) {
    var random = TestRandom(state: seed)
    let ending: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
    var old: [[UInt8]] = (0..<count).map { _ in Array("line \(random.below(count / 3 + 1))".utf8) }
    if count > 2 { old[1] = [0x78, 0xFF] }  // invalid UTF-8 kept as bytes
    var new = old
    for _ in 0..<max(1, count / 10) {
        guard !new.isEmpty else { break }
        switch random.below(4) {
        case 0: new.remove(at: random.below(new.count))
        case 1: new.insert(Array("new \(random.next() % 1000)".utf8), at: random.below(new.count + 1))
        case 2: let line = new.remove(at: random.below(new.count)); new.insert(line, at: random.below(new.count + 1))
        default: new[random.below(new.count)] = [0x78, 0xFE]
        }
    }
    func join(_ lines: [[UInt8]]) -> [UInt8] { lines.flatMap { $0 + ending } }
    return (join(old), join(new))
}

@Suite("Round trips")
struct RoundTripTests {
    @Test("generated line files: the feed and the patch give NEW", arguments: [(0, false), (1, false), (7, true), (200, false), (2000, true)])
    func generatedLineFiles(count: Int, crlf: Bool) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for seed in UInt64(1)...3 {
            let (old, new) = generatedLines(count: count, seed: seed &* 7919 &+ UInt64(count), crlf: crlf)
            let oldPath = try scratch.write("old.txt", old), newPath = try scratch.write("new.txt", new)
            try expectFeedRoundTrip(oldPath, newPath, format: .lines, scratch: scratch)
            try expectFeedRoundTrip(oldPath, newPath, format: .lines, ignoreOrder: true, scratch: scratch)
            try expectPatchRoundTrip(oldPath, newPath, format: .lines, scratch: scratch)
            try expectPatchRoundTrip(oldPath, newPath, format: .lines, context: 0, scratch: scratch)
        }
    }

    @Test("real text files of this repository, both ways and reversed")
    func realFiles() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let files = ["Sources/CHeckel/run.c", "Sources/CHeckel/moves.c", "README.md", "Benchmarks/README.md",
                     "Sources/CHeckel/include/heckel.h", "Package.swift"].map { repositoryRoot.appendingPathComponent($0).path }
        let reversed = try scratch.write("reversed.txt", Array(try String(contentsOfFile: files[0], encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().reversed().joined(separator: "\n").utf8) + [0x0A])
        for (old, new) in [(files[0], files[1]), (files[1], files[0]), (files[2], files[3]), (files[4], files[5]),
                           (files[0], reversed), (files[0], files[0])] {
            try expectFeedRoundTrip(old, new, format: .lines, scratch: scratch)
            try expectPatchRoundTrip(old, new, format: .lines, scratch: scratch)
        }
    }

    @Test("generated keyed CSV: the feed gives NEW, updates name exactly the changed columns")
    func keyedCSV() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let old = scratch.path("old.csv"), new = scratch.path("new.csv")
        try CSVPairGenerator(rows: 3000, seed: 5).write(oldPath: old, newPath: new)
        let feed = try expectFeedRoundTrip(old, new, format: .csv, keys: ["id"], scratch: scratch)
        try expectFeedRoundTrip(old, new, format: .csv, keys: ["1"], ignoreOrder: true, scratch: scratch)
        try expectPatchRoundTrip(old, new, format: .csv, scratch: scratch)
        // The changed columns, checked with the reference CSV reader.
        let oldRows = try CSVReader(string: String(contentsOfFile: old, encoding: .utf8), hasHeaderRow: true)
        let header = oldRows.headerRow ?? []
        var byID: [String: [String]] = [:]
        while let row = oldRows.next() { byID[row[0]] = row }
        var updates = 0, moves = 0
        for line in feed.split(separator: 0x0A) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            if object["op"] as? String == "move" { moves += 1 }
            guard object["op"] as? String == "update" else { continue }
            updates += 1
            let record = try #require(object["record"] as? String)
            let newRow = try #require(try CSVReader(string: record + "\n").next())
            let oldRow = try #require(byID[newRow[0]])
            let changed = header.indices.filter { oldRow[$0] != newRow[$0] }.map { header[$0] }
            #expect(object["columns"] as? [String] == changed)
        }
        #expect(updates == 30 && moves == 15, "1% updated, 0.5% moved (updates \(updates), moves \(moves))")
    }

    @Test("keyed JSON Lines and quoted, composite CSV keys with duplicates pair in order")
    func jsonLinesAndCompositeKeys() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let oldJSON = try scratch.write("old.jsonl", """
        {"id": 1, "name": "a", "tags": [1, {"x": "}"}]}
        {"id": 2, "name": "b"}
        {"id": 2, "name": "b2"}
        {"id": 3, "name": "c"}

        """)
        let newJSON = try scratch.write("new.jsonl", """
        {"id": 3, "name": "c"}
        {"id": 2, "name": "B", "extra": true}
        {"id": 1, "name": "a", "tags": [1, {"x": "}"}]}
        {"id": 4, "name": "d"}

        """)
        let feed = try expectFeedRoundTrip(oldJSON, newJSON, format: .jsonl, keys: ["id"], scratch: scratch)
        let text = String(decoding: feed, as: UTF8.self)
        #expect(text.contains(#"{"op":"update","old":1,"new":1,"columns":["name","extra"],"record":{"id": 2, "name": "B", "extra": true}}"#))
        #expect(text.contains(#"{"op":"delete","old":2}"#), "the second id 2 has no partner: duplicates pair in order")

        let oldCSV = try scratch.write("old.csv", "a,b,c\r\n1,\"x,y\",p\r\n1,\"x,y\",q\r\n2,\"multi\nline\",r\r\n")
        let newCSV = try scratch.write("new.csv", "a,b,c\r\n2,\"multi\nline\",R\r\n1,x,p\r\n1,\"x,y\",q\r\n")
        let csvFeed = String(decoding: try expectFeedRoundTrip(oldCSV, newCSV, format: .csv, keys: ["a", "b"], scratch: scratch), as: UTF8.self)
        #expect(csvFeed.contains(#""columns":["c"]"#))
        try expectPatchRoundTrip(oldCSV, newCSV, format: .csv, context: 1, scratch: scratch)
    }

    @Test("short keys (packed in one word) on one side, long keys on the other")
    func packedAndSpannedKeys() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let old = try scratch.write("old.csv", "id,v\n1,a\n1234567,b\n\"7\",c\n")
        let new = try scratch.write("new.csv", "id,v\n7,c\n12345678,x\n1234567,B\n1,a\n")
        let feed = String(decoding: try expectFeedRoundTrip(old, new, format: .csv, keys: ["id"], scratch: scratch), as: UTF8.self)
        #expect(feed.contains(#"{"op":"update","old":1,"new":2,"columns":["v"],"record":"1234567,B"}"#))
        #expect(feed.contains(#"{"op":"insert","new":1,"record":"12345678,x"}"#))
        try expectFeedRoundTrip(new, old, format: .csv, keys: ["id"], scratch: scratch)
        try expectFeedRoundTrip(old, old, format: .csv, keys: ["id"], scratch: scratch)
    }

    @Test("the out-of-core path under a tiny limit writes what the in-memory path writes")
    func spilledEqualsInMemory() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let old = scratch.path("old.csv"), new = scratch.path("new.csv")
        try CSVPairGenerator(rows: 4000, seed: 9).write(oldPath: old, newPath: new)
        let (oldLines, newLines) = generatedLines(count: 3000, seed: 3)
        let oldText = try scratch.write("old.txt", oldLines), newText = try scratch.write("new.txt", newLines)
        for (o, n, format, keys) in [(old, new, RecordFormat.csv, ["id"]), (oldText, newText, .lines, [])] {
            for ignoreOrder in [false, true] {
                try expectSpilledEqualsInMemory(o, n, format: format, keys: keys, ignoreOrder: ignoreOrder, limit: 450 << 10, scratch: scratch)
                try expectFeedRoundTrip(o, n, format: format, keys: keys, ignoreOrder: ignoreOrder, memoryLimit: 450 << 10, scratch: scratch)
            }
        }
    }

    @Test("spilled with too few open files for both sides at once: one after the other, same output")
    func spilledWithFewFiles() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let old = scratch.path("old.csv"), new = scratch.path("new.csv")
        try CSVPairGenerator(rows: 100_000, seed: 4).write(oldPath: old, newPath: new)
        let arguments = ["diff", old, new, "--key", "id", "--format", "jsonl"]
        let inMemory = try runHeckel(arguments)
        #expect(inMemory.status == 1 && !inMemory.stdout.isEmpty)
        // 6M: 64 partitions a side. A hard limit of 100 open files holds one side's, not both.
        for limits in ["ulimit -Sn 100; ulimit -Hn 100", "ulimit -Sn 100", ":"] {
            let run = try runProcess(URL(fileURLWithPath: "/bin/sh"),
                                     ["-c", "\(limits); exec \"$0\" \"$@\"", heckelExecutable.path] + arguments + ["--memory-limit", "6M"])
            #expect(run.status == 1 && run.stdout == inMemory.stdout, "\(limits): \(run.stderr)")
        }
    }

    @Test("spilled: records longer than a partition buffer, quoted and composite keys, JSON Lines")
    func spilledLongRecordsAndKeys() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var random = TestRandom(state: 17)
        var oldCSV = "id,kind,text\r\n", newCSV = "id,kind,text\r\n", oldJSON = "", newJSON = ""
        for k in 0..<3000 {
            let long = random.below(50) == 0 ? String(repeating: "L", count: 5000 + random.below(9000)) : "t\(k)"
            let id = random.below(3) == 0 ? "\"\(k),\"\"q\"" : "\(k % 2900)"  // quoted keys; duplicates
            let line = "\(id),\(k % 3),\(long)\r\n"
            oldCSV += line
            newCSV += random.below(20) == 0 ? "\(id),\(k % 3),changed\r\n" : random.below(30) == 0 ? "" : line
            oldJSON += "{\"id\": \(k % 2900), \"v\": \"\(long)\"}\n"
            newJSON += random.below(25) == 0 ? "{\"v\": \"x\", \"id\": \(k % 2900)}\n" : "{\"id\": \(k % 2900), \"v\": \"\(long)\"}\n"
        }
        let files = [(try scratch.write("old.csv", oldCSV), try scratch.write("new.csv", newCSV), RecordFormat.csv, [["id"], ["kind", "id"]]),
                     (try scratch.write("old.jsonl", oldJSON), try scratch.write("new.jsonl", newJSON), .jsonl, [["id"]])]
        for (old, new, format, keySets) in files {
            for keys in keySets {
                for ignoreOrder in [false, true] {
                    try expectSpilledEqualsInMemory(old, new, format: format, keys: keys, ignoreOrder: ignoreOrder, limit: 300 << 10, scratch: scratch)
                }
            }
        }
    }
}
