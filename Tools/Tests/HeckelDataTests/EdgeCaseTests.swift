import Foundation
import HeckelDataDiff
import HeckelDataFiles
import Testing

@Suite("Edge cases")
struct EdgeCaseTests {
    func summary(_ old: String, _ new: String, format: RecordFormat, keys: [String] = [], scratch: Scratch) throws -> (Bool, String) {
        var options = DiffOptions(oldPath: old, newPath: new)
        options.format = format
        options.keys = keys
        let (differs, output) = try diffOutput(options, scratch: scratch)
        return (differs, String(decoding: output, as: UTF8.self))
    }

    @Test("CRLF, invalid UTF-8 and a missing final newline are kept byte for byte")
    func bytes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lf = try scratch.write("lf.txt", "a\nb\n"), crlf = try scratch.write("crlf.txt", "a\r\nb\r\n")
        #expect(try summary(lf, crlf, format: .lines, scratch: scratch) == (true, "2 deleted, 2 inserted, 0 moved (old 2 records, new 2)\n"))
        let ff = try scratch.write("ff.txt", [0x78, 0xFF, 0x0A]), fe = try scratch.write("fe.txt", [0x78, 0xFE, 0x0A])
        #expect(try summary(ff, fe, format: .lines, scratch: scratch).0, "x\\xff differs from x\\xfe")
        let feed = try expectFeedRoundTrip(ff, fe, format: .lines, scratch: scratch)
        #expect(String(decoding: feed, as: UTF8.self).contains("\"record_base64\":\"eP4=\""))
        let unterminated = try scratch.write("unterminated.txt", "a\nb")
        #expect(try summary(lf, unterminated, format: .lines, scratch: scratch) == (true, "0 deleted, 0 inserted, 0 moved, final newline removed (old 2 records, new 2)\n"))
        for (old, new) in [(lf, crlf), (crlf, lf), (lf, unterminated), (unterminated, lf), (ff, fe), (unterminated, crlf)] {
            try expectFeedRoundTrip(old, new, format: .lines, scratch: scratch)
            try expectPatchRoundTrip(old, new, format: .lines, scratch: scratch)
        }
        // CSV records end at \n or \r\n alike: the same records.
        let csvLF = try scratch.write("lf.csv", "k,v\n1,a\n"), csvCRLF = try scratch.write("crlf.csv", "k,v\r\n1,a\r\n")
        #expect(try summary(csvLF, csvCRLF, format: .csv, keys: ["k"], scratch: scratch) == (false, "0 deleted, 0 inserted, 0 moved, 0 updated (old 1 records, new 1)\n"))
    }

    @Test("empty files, /dev/null and a header-only CSV")
    func empty() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let empty = try scratch.write("empty.txt", ""), two = try scratch.write("two.txt", "a\nb\n")
        #expect(try summary(empty, empty, format: .lines, scratch: scratch) == (false, "0 deleted, 0 inserted, 0 moved (old 0 records, new 0)\n"))
        #expect(try summary("/dev/null", two, format: .lines, scratch: scratch) == (true, "0 deleted, 2 inserted, 0 moved (old 0 records, new 2)\n"))
        for (old, new) in [(empty, two), (two, empty), (empty, empty), ("/dev/null", two)] {
            try expectFeedRoundTrip(old, new, format: .lines, scratch: scratch)
            if old != "/dev/null" { try expectPatchRoundTrip(old, new, format: .lines, scratch: scratch) }
        }
        let headerOnly = try scratch.write("header.csv", "id,name\n"), oneRow = try scratch.write("one.csv", "id,name\n1,x\n")
        let renamed = try scratch.write("renamed.csv", "id,label\n1,x\n")
        #expect(try summary(headerOnly, headerOnly, format: .csv, keys: ["id"], scratch: scratch).0 == false)
        #expect(try summary(headerOnly, oneRow, format: .csv, keys: ["id"], scratch: scratch) == (true, "0 deleted, 1 inserted, 0 moved, 0 updated (old 0 records, new 1)\n"))
        #expect(try summary(oneRow, renamed, format: .csv, keys: ["id"], scratch: scratch) == (true, "0 deleted, 0 inserted, 0 moved, 0 updated, header changed (old 1 records, new 1)\n"))
        for (old, new) in [(headerOnly, oneRow), (oneRow, headerOnly), (oneRow, renamed), (empty, oneRow)] {
            try expectFeedRoundTrip(old, new, format: .csv, keys: ["id"], scratch: scratch)
            try expectPatchRoundTrip(old, new, format: .csv, scratch: scratch)
        }
    }

    @Test("formats follow the extension unless --input says otherwise; TSV quoting")
    func formats() throws {
        #expect(RecordFormat(forPath: "/a/b.CSV") == .csv)
        #expect(RecordFormat(forPath: "x.tsv") == .tsv && RecordFormat(forPath: "x.ndjson") == .jsonl)
        #expect(RecordFormat(forPath: "dir.csv/file") == .lines && RecordFormat(forPath: "file.txt") == .lines)
        let scratch = try Scratch()
        defer { scratch.remove() }
        let old = try scratch.write("old.tsv", "id\tv\n1\t\"a\tb\"\n2\tc\n"), new = try scratch.write("new.tsv", "id\tv\n2\tC\n1\t\"a\tb\"\n")
        var options = DiffOptions(oldPath: old, newPath: new)
        options.keys = ["id"]
        options.output = .jsonl
        let feed = String(decoding: try diffOutput(options, scratch: scratch).output, as: UTF8.self)
        #expect(feed == """
        {"op":"move","old":1,"new":0}
        {"op":"update","old":1,"new":0,"columns":["v"],"record":"2\\tC"}

        """)
    }

    @Test("a quoted key equals the same key unquoted: one column as two, in memory and spilled")
    func quotedKeys() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for (separator, ext) in [(",", "csv"), ("\t", "tsv")] {
            let old = try scratch.write("old.\(ext)", ["id,name", "1,a", "2,b", "10,c", "\"4\"\"x\",d", "12345678901,e", "\"5\",f"]
                .map { $0.replacingOccurrences(of: ",", with: separator) }.joined(separator: "\n") + "\n")
            let new = try scratch.write("new.\(ext)", ["id,name", "\"10\",c", "\"1\",a", "2,b", "\"4\"\"x\",d", "\"12345678901\",e", "5,f"]
                .map { $0.replacingOccurrences(of: ",", with: separator) }.joined(separator: "\n") + "\n")
            for memoryLimit in [nil, 1 << 10] as [Int?] {
                // The key column alone pairs the records as the key column beside a unique one does.
                var feeds: [String] = []
                for keys in [["id"], ["id", "name"], ["1"]] {
                    var options = DiffOptions(oldPath: old, newPath: new)
                    options.keys = keys
                    options.output = .jsonl
                    options.ignoreOrder = memoryLimit != nil
                    options.memoryLimit = memoryLimit
                    let feed = String(decoding: try diffOutput(options, scratch: scratch).output, as: UTF8.self)
                    #expect(!feed.contains("\"delete\"") && !feed.contains("\"insert\""), "\(ext) \(keys) \(String(describing: memoryLimit)): \(feed)")
                    try expectFeedRoundTrip(old, new, format: ext == "csv" ? .csv : .tsv, keys: keys, ignoreOrder: memoryLimit != nil,
                                            memoryLimit: memoryLimit, scratch: scratch)
                    if keys != ["id", "name"] { feeds.append(feed) }
                }
                #expect(feeds[0] == feeds[1], "by name and by number")
                // Fields compare as written: an id quoted on one side only is an update of column id.
                let updates = feeds[0].split(separator: "\n").filter { $0.contains("\"update\"") }
                #expect(updates.count == 4, "\(ext): \(feeds[0])")
                #expect(updates.allSatisfy { $0.contains("\"columns\":[\"id\"]") }, "\(ext): \(feeds[0])")
            }
        }
    }

    @Test("memory sizes")
    func sizes() {
        #expect(MemorySize.parse("1G") == 1 << 30 && MemorySize.parse("512m") == 512 << 20 && MemorySize.parse("64KiB") == 64 << 10)
        #expect(MemorySize.parse("100") == 100 && MemorySize.parse("2GB") == 2 << 30)
        #expect(MemorySize.parse("") == nil && MemorySize.parse("-1M") == nil && MemorySize.parse("1Q") == nil && MemorySize.parse("0") == nil)
    }
}
