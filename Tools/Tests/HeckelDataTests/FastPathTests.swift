import CHeckel
import Foundation
@testable import HeckelDataDiff
import HeckelDataFiles
import Testing

/// The fast paths of the in-memory diff against the general ones on the same inputs: keys packed
/// in words against keys as spans, word loads against the byte loop, the threaded and windowed
/// updates sweep against one thread reading everything through the mapping.
@Suite("Fast paths, differential")
struct FastPathTests {
    /// Keys that stress the packing: every length 0...17, digits and not, leading zeros, bytes
    /// just outside the digits ("/" and ":"), quotes, and NUL.
    func trickyKeys(seed: UInt64, count: Int) -> [[UInt8]] {
        var random = TestRandom(state: seed)
        let alphabets: [[UInt8]] = [Array("0123456789".utf8), Array("0123456789/:".utf8), Array("09\"a \0\u{7F}".utf8), (0...255).map { UInt8($0) }]
        var keys: [[UInt8]] = [[], Array("0".utf8), Array("00".utf8), Array("00000000".utf8), Array("000000000000000".utf8),
                               Array("99999999".utf8), Array("999999999999999".utf8), Array("1234567".utf8), Array("12345678".utf8),
                               Array("0012345678".utf8), Array("12345678".utf8) + [0]]
        while keys.count < count {
            let alphabet = alphabets[random.below(alphabets.count)]
            keys.append((0..<random.below(18)).map { _ in alphabet[random.below(alphabet.count)] })
        }
        return keys
    }

    @Test("word loads give the byte loop's word, and distinct keys get distinct words")
    func packing() {
        let keys = trickyKeys(seed: 11, count: 20000)
        var owner: [UInt64: [UInt8]] = [:]
        for key in keys {
            // The key inside a larger buffer (room for word loads past it), then alone (the byte loop).
            let buffer = [0x22, 0x2C] + key + Array(repeating: 0x35, count: 16)
            let alone = key.withUnsafeBytes { KeyPacker.pack($0) }
            let loaded = buffer.withUnsafeBytes { KeyPacker.pack($0, 2..<2 + key.count) }
            #expect(loaded == alone, "key \(key)")
            let isDigits = key.allSatisfy { (0x30...0x39).contains($0) }
            #expect((alone != nil) == (key.count <= 7 || (key.count <= 15 && isDigits)), "key \(key)")
            if let word = alone {
                #expect(owner[word].map { $0 == key } ?? true, "\(key) and \(owner[word]!) share a word")
                owner[word] = key
            }
        }
    }

    @Test("a quote-free record's key found with word operations is the one the general keying finds", arguments: [0, 1, 2])
    func plainKeys(column: Int) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var random = TestRandom(state: UInt64(column) + 31)
        // Fields of 0 to 20 bytes, records of 1 to 4 fields (some without the key column), and
        // the last records near the end of the file (no 16 bytes past the key).
        var text = "a,b,c,d\n"
        for _ in 0..<3000 {
            let fields = (0..<1 + random.below(4)).map { _ in String(repeating: "x", count: random.below(21)) }
            text += fields.joined(separator: ",") + (random.below(4) == 0 ? "\r\n" : "\n")
        }
        text += "1,2,3"
        let path = try scratch.write("keys.csv", text)
        let file = try RecordFile(path: path, format: .csv, flexible: true)
        let layout = try RecordLayout(format: .csv, path: path, keys: [String(column + 1)], header: file.headerBytes)
        var fields: [FieldBounds] = [], members: [Fields.Member] = [], arena: [UInt8] = []
        var found = 0
        for k in 0..<file.count {
            let content = file.content(k)
            let fast = layout.plainKey(file.file.bytes, content, quoteFree: true)
            let general: Range<Int>?
            switch try? layout.key(file.file.bytes, content, record: k + 1, fields: &fields, members: &members, arena: &arena) {
            case .file(let range): general = range
            default: general = nil
            }
            #expect(fast == general, "record \(k)")
            if fast != nil { found += 1 }
        }
        #expect(found > 500)
    }

    /// A keyed CSV pair whose ids are 8 to 16 digits (packed as nibbles; 16 digits are not, so a
    /// file holding one is keyed as spans), with leading zeros and duplicates.
    func digitKeyedPair(seed: UInt64, rows: Int, longest: Int) -> (old: String, new: String) {
        var random = TestRandom(state: seed)
        func id() -> String {
            let length = 8 + random.below(longest - 7)
            return String((0..<length).map { _ in Character(String(random.below(10))) })
        }
        var old: [String] = (0..<rows).map { _ in id() }
        old += old.prefix(rows / 20)  // duplicates
        var lines = old.map { "\($0),\(random.below(5)),x" }
        var new = lines
        for _ in 0..<rows / 5 {
            switch random.below(4) {
            case 0: new.remove(at: random.below(new.count))
            case 1: new.insert("\(id()),n,x", at: random.below(new.count + 1))
            case 2: let line = new.remove(at: random.below(new.count)); new.insert(line, at: random.below(new.count + 1))
            default: let k = random.below(new.count); new[k] = new[k].split(separator: ",")[0] + ",u,x"
            }
        }
        lines.insert("id,v,w", at: 0)
        new.insert("id,v,w", at: 0)
        return (lines.joined(separator: "\n") + "\n", new.joined(separator: "\n") + "\n")
    }

    @Test("keys packed in words pair as keys as spans do", arguments: [15, 16])
    func packedEqualsSpans(longest: Int) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for seed in UInt64(1)...4 {
            let (old, new) = digitKeyedPair(seed: seed, rows: 1500, longest: longest)
            let oldPath = try scratch.write("old.csv", old), newPath = try scratch.write("new.csv", new)
            for ignoreOrder in [false, true] {
                var options = DiffOptions(oldPath: oldPath, newPath: newPath)
                options.keys = ["id"]
                options.ignoreOrder = ignoreOrder
                options.output = .jsonl
                let packed = try diffOutput(options, scratch: scratch)
                options.packsKeys = false
                let spans = try diffOutput(options, scratch: scratch)
                #expect(packed.output == spans.output && packed.differs == spans.differs)
                #expect(!packed.output.isEmpty)
                try expectFeedRoundTrip(oldPath, newPath, format: .csv, keys: ["id"], ignoreOrder: ignoreOrder, scratch: scratch)
            }
        }
    }

    @Test("the updates sweep finds the same updates on any thread count and window")
    func sweeps() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let old = scratch.path("old.csv"), new = scratch.path("new.csv")
        try CSVPairGenerator(rows: 6000, seed: 21).write(oldPath: old, newPath: new)
        // Whole blocks of NEW reversed as well, so that the window must follow runs elsewhere.
        var lines = try String(contentsOfFile: new, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.replaceSubrange(2000..<3000, with: lines[2000..<3000].reversed())
        lines.replaceSubrange(4000..<5000, with: Array(lines[4500..<5000] + lines[4000..<4500]))
        let shuffled = try scratch.write("shuffled.csv", lines.joined(separator: "\n"))
        for newPath in [new, shuffled] {
            let oldFile = try RecordFile(path: old, format: .csv), newFile = try RecordFile(path: newPath, format: .csv)
            let oldLayout = try RecordLayout(format: .csv, path: old, keys: ["id"], header: oldFile.headerBytes)
            let newLayout = try RecordLayout(format: .csv, path: newPath, keys: ["id"], header: newFile.headerBytes)
            let keys = { (file: RecordFile, layout: RecordLayout) in
                try KeySpans(file: file, layout: layout, copiesKeys: true)
            }
            let oldKeys = try keys(oldFile, oldLayout), newKeys = try keys(newFile, newLayout)
            let match = try SpanMatch(old: oldKeys.spans, new: newKeys.spans, findsMoves: false)
            var sweep = UpdateSweep(old: oldFile, oldLayout: oldLayout, new: newFile, newLayout: newLayout)
            sweep.window = .max / 4
            let reference = try sweep.updates(newToOld: match.newToOld, threads: 1)
            // The reference itself against the pairs compared one by one.
            let differing = match.newToOld.enumerated().filter { j, i in
                i != HECKEL_UNMATCHED && !oldFile.file.bytes[oldFile.content(Int(i))].elementsEqual(newFile.file.bytes[newFile.content(j)])
            }
            #expect(reference.map { [$0.old, $0.new] } == differing.map { [Int($0.element), $0.offset] })
            #expect(reference.count >= 60)
            for window in [0, 100, 5000] {
                for threads in [1, 2, 3, 7] {
                    sweep.window = window
                    let updates = try sweep.updates(newToOld: match.newToOld, threads: threads, perThread: 1)
                    #expect(updates == reference, "window \(window), \(threads) threads")
                }
            }
        }
    }
}
