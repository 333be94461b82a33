import Foundation
import HeckelDataDiff
import HeckelDataFiles
import Testing

/// Files as data users have them: a byte order mark, JSON objects whose fields come in another
/// order, ragged CSV rows, duplicate header names. Each case runs in memory and spilled.
@Suite("Real-world files")
struct RealWorldTests {
    /// The summary line and exit status of `heckel diff`, in memory, then spilled (the two must
    /// agree); `extra` adds options.
    func summary(_ old: String, _ new: String, _ extra: [String] = []) throws -> (status: Int32, text: String) {
        let inMemory = try runHeckel(["diff", old, new] + extra)
        let spilled = try runHeckel(["diff", old, new, "--ignore-order", "--memory-limit", "1K"] + extra)
        #expect(spilled.status == inMemory.status && spilled.stderr == inMemory.stderr, "\(extra): spilled \(spilled.stderr)")
        if inMemory.status != 2 {
            let ordered = String(decoding: inMemory.stdout, as: UTF8.self).replacingOccurrences(of: ", 0 moved", with: "")
            #expect(String(decoding: spilled.stdout, as: UTF8.self) == ordered, "spilled and in memory agree")
        }
        return (inMemory.status, inMemory.status == 2 ? inMemory.stderr : String(decoding: inMemory.stdout, as: UTF8.self))
    }

    let bom = "\u{FEFF}"

    @Test("a UTF-8 byte order mark is skipped in CSV, TSV, JSON Lines and lines, and its change reported")
    func byteOrderMark() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let excel = try scratch.write("excel.csv", bom + "id,v\r\n1,a\r\n2,b\r\n")
        let plain = try scratch.write("plain.csv", "id,v\n1,a\n2,B\n")
        #expect(try summary(excel, plain, ["--key", "id"])
            == (1, "0 deleted, 0 inserted, 0 moved, 1 updated, byte order mark removed (old 2 records, new 2)\n"))
        #expect(try summary(excel, excel, ["--key", "id"]) == (0, "0 deleted, 0 inserted, 0 moved, 0 updated (old 2 records, new 2)\n"))
        let feed = try expectFeedRoundTrip(plain, excel, format: .csv, keys: ["id"], scratch: scratch)
        #expect(String(decoding: feed, as: UTF8.self).hasPrefix(#"{"op":"byte_order_mark","present":true}"#))
        try expectPatchRoundTrip(excel, plain, format: .csv, scratch: scratch)
        try expectPatchRoundTrip(plain, excel, format: .csv, scratch: scratch)

        let tsv = try scratch.write("bom.tsv", bom + "id\tv\n1\ta\n"), tsvPlain = try scratch.write("plain.tsv", "id\tv\n1\ta\n")
        #expect(try summary(tsv, tsvPlain, ["--key", "id"]).text.contains("0 updated, byte order mark removed"))
        let json = try scratch.write("bom.jsonl", bom + "{\"id\":1,\"v\":2}\n"), jsonPlain = try scratch.write("plain.jsonl", "{\"id\":1,\"v\":2}\n")
        #expect(try summary(json, jsonPlain, ["--key", "id"]).text.contains("0 updated, byte order mark removed"))
        let lines = try scratch.write("bom.txt", bom + "a\nb\n"), linesPlain = try scratch.write("plain.txt", "a\nb\n")
        #expect(try summary(lines, linesPlain) == (1, "0 deleted, 0 inserted, 0 moved, byte order mark removed (old 2 records, new 2)\n"))
        try expectPatchRoundTrip(lines, linesPlain, format: .lines, scratch: scratch)
        try expectPatchRoundTrip(linesPlain, lines, format: .lines, scratch: scratch)
        #expect(try records(lines, format: .lines).records == [Array("a".utf8), Array("b".utf8)], "the mark is in no record")
    }

    @Test("JSON Lines records compare as objects: field order and spacing do not count, values compare as written")
    func jsonFieldOrder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let old = try scratch.write("old.jsonl", #"""
        {"id":1,"v":1}
        {"id":2,"v":1,"w":"A"}
        {"id":3,"v":1}
        {"id":4,"v":"\u0041"}
        {"id":5,"a":1,"a":2}

        """#)
        let new = try scratch.write("new.jsonl", #"""
        {"v":1,"id":1}
        { "w" : "A", "id":2, "v":1 }
        {"v":1.0,"id":3}
        {"id":4,"v":"A"}
        {"id":5,"a":2,"a":1}

        """#)
        let result = try summary(old, new, ["--key", "id"])
        #expect(result == (1, "0 deleted, 0 inserted, 0 moved, 3 updated (old 5 records, new 5)\n"), "\(result)")
        let feed = String(decoding: try expectFeedRoundTrip(old, new, format: .jsonl, keys: ["id"], scratch: scratch), as: UTF8.self)
        let updates = feed.split(separator: "\n").filter { $0.contains("\"update\"") }
        #expect(updates.map { $0.components(separatedBy: "\"columns\":")[1].prefix { $0 != "]" } }
            == [#"["v""#, #"["v""#, #"["a""#], "numbers and escapes as written; a name given twice listed once: \(updates)")
        let same = try scratch.write("same.jsonl", "{\"v\":1,\"id\":1}\n"), first = try scratch.write("first.jsonl", "{\"id\":1,\"v\":1}\n")
        #expect(try summary(first, same, ["--key", "id"]).status == 0, "the same object, fields in another order")
        #expect(try summary(first, same).status == 1, "whole records (no key) pair by their bytes")
        let twice = try scratch.write("twice.jsonl", "{\"id\":1,\"id\":2}\n")
        #expect(try summary(first, twice, ["--key", "id"]) == (2, "heckel: \(twice): record 1 has key field id twice\n"))
    }

    @Test("ragged CSV rows: one clear line by default; --flexible accepts them, a missing field differing from an empty one")
    func raggedRows() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let good = try scratch.write("good.csv", "id,x\n1,a\n2,b\n")
        let long = try scratch.write("long.csv", "id,x\n1,a\n2,b,extra\n")
        let short = try scratch.write("short.tsv", "id\tx\n1\n2\tb\n")
        let goodTSV = try scratch.write("good.tsv", "id\tx\n1\ta\n2\tb\n")
        #expect(try summary(good, long, ["--key", "id"]) == (2, "heckel: \(long):3: 3 fields, the header has 2 (--flexible accepts this)\n"))
        #expect(try summary(goodTSV, short, ["--key", "id"]) == (2, "heckel: \(short):2: 1 fields, the header has 2 (--flexible accepts this)\n"))
        #expect(try summary(good, long) .status == 2, "unkeyed too")
        let quoted = try scratch.write("quoted.csv", "id,x\n1,\"a,b\"\n2,\"b\nc\",d\n")
        #expect(try summary(good, quoted, ["--key", "id"]) == (2, "heckel: \(quoted):3: 3 fields, the header has 2 (--flexible accepts this)\n"),
                "fields counted outside quotes; the line is where the record begins")

        #expect(try summary(good, long, ["--key", "id", "--flexible"]) == (1, "0 deleted, 0 inserted, 0 moved, 1 updated (old 2 records, new 2)\n"))
        let feed = String(decoding: try runHeckel(["diff", good, long, "--key", "id", "--flexible", "--format", "jsonl"]).stdout, as: UTF8.self)
        #expect(feed.contains(#""columns":["(column 3)"]"#), "\(feed)")
        let empty = try scratch.write("empty.csv", "id,x\n1,a\n2,b,\n")
        let emptyFeed = String(decoding: try runHeckel(["diff", long, empty, "--key", "id", "--flexible", "--format", "jsonl"]).stdout, as: UTF8.self)
        #expect(emptyFeed.contains(#""columns":["(column 3)"]"#), "an empty field differs from another: \(emptyFeed)")
        let missing = String(decoding: try runHeckel(["diff", good, empty, "--key", "id", "--flexible", "--format", "jsonl"]).stdout, as: UTF8.self)
        #expect(missing.contains(#""columns":["(column 3)"]"#), "a missing field differs from an empty one: \(missing)")
        let shortFeed = String(decoding: try runHeckel(["diff", goodTSV, short, "--key", "id", "--flexible", "--format", "jsonl"]).stdout, as: UTF8.self)
        #expect(shortFeed.contains(#""columns":["x"]"#), "\(shortFeed)")
    }

    @Test("duplicate header names: a key by that name is refused; changed columns are told apart")
    func duplicateHeaderNames() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let old = try scratch.write("old.csv", "id,x,x\n1,a,b\n2,c,d\n")
        let new = try scratch.write("new.csv", "id,x,x\n1,a,B\n2,C,d\n")
        #expect(try summary(old, new, ["--key", "x"])
            == (2, "heckel: \(old): key column x is ambiguous: columns 2, 3 have that name; give the key by number\n"))
        #expect(try summary(old, new, ["--key", "1"]).status == 1)
        let feed = String(decoding: try expectFeedRoundTrip(old, new, format: .csv, keys: ["id"], scratch: scratch), as: UTF8.self)
        #expect(feed.contains(#""columns":["x (column 3)"]"#) && feed.contains(#""columns":["x (column 2)"]"#), "\(feed)")
        let byNumber = String(decoding: try runHeckel(["diff", old, new, "--key", "3", "--format", "jsonl"]).stdout, as: UTF8.self)
        #expect(byNumber.contains(#""columns":["x (column 2)"]"#), "a key given by number: \(byNumber)")
    }
}
