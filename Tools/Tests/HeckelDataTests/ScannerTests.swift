import CSV
import Foundation
import HeckelDataFiles
import Testing

/// The byte scanner against yaslab/CSV.swift on the same random RFC 4180 inputs.
@Suite("CSV scanner, differential")
struct ScannerTests {
    /// Random records of fields with separators, quotes, newlines and spaces, quoted as RFC 4180 asks.
    func randomCSV(seed: UInt64, records: Int) -> (text: String, rows: [[String]]) {
        var random = TestRandom(state: seed)
        let pieces = ["a", "b", "é", ",", "\"", "\n", " ", "xyz", "1"]
        var rows: [[String]] = [], text = ""
        for _ in 0..<records {
            let columns = 2 + random.below(4)
            var row: [String] = []
            for _ in 0..<columns {
                var field = ""
                for _ in 0..<random.below(5) { field += pieces[random.below(pieces.count)] }
                row.append(field)
            }
            rows.append(row)
            text += row.map { field in
                field.contains(where: { ",\"\n".contains($0) }) || (random.below(4) == 0)
                    ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
            }.joined(separator: ",") + (random.below(3) == 0 ? "\r\n" : "\n")
        }
        return (text, rows)
    }

    func scanned(_ path: String) throws -> [[String]] {
        let file = try RecordFile(path: path, format: .csv, flexible: true)
        let bytes = file.file.bytes
        var rows: [[String]] = []
        let all = (file.header.map { [$0] } ?? []) + (0..<file.count).map { file.content($0) }
        for content in all {
            var fields: [FieldBounds] = []
            Fields.separated(bytes, start: content.lowerBound, end: content.upperBound, separator: 0x2C, into: &fields)
            rows.append(fields.map { field in
                var value: [UInt8] = []
                Fields.appendValue(of: field, in: bytes, to: &value)
                return String(decoding: value, as: UTF8.self)
            })
        }
        return rows
    }

    @Test("same fields as CSV.swift", arguments: 1...20)
    func sameFields(seed: UInt64) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (text, rows) = randomCSV(seed: seed, records: 1 + Int(seed) * 10)
        let path = try scratch.write("random.csv", text)
        let reader = try CSVReader(string: text, hasHeaderRow: false)
        var reference: [[String]] = []
        while let row = reader.next() { reference.append(row) }
        let ours = try scanned(path)
        #expect(ours == reference)
        #expect(ours == rows, "and the rows that were written")
    }

    /// The records (header included) of a file by the plain `scan`, one record at a time: the
    /// reference for the forward passes that look ahead for quotes.
    func plainScan(_ path: String) throws -> [[UInt8]] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let scanner = RecordScanner(format: .csv)
        var records: [[UInt8]] = [], position = 0
        try bytes.withUnsafeBytes { raw in
            while position < raw.count {
                guard case .record(let end, let next) = scanner.scan(raw, from: position, atEnd: true) else { throw DataFileError.unterminatedQuote(path: path, line: 0) }
                records.append(Array(raw[position..<end]))
                position = next
            }
        }
        return records
    }

    @Test("the mapped scan's quote look-ahead finds the records the plain scan finds", arguments: [false, true])
    func quoteLookAhead(finalNewline: Bool) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // Plain records for hundreds of KiB, a quoted field (separators, newlines, "") now and then.
        var random = TestRandom(state: 7)
        var text = "id,a,b\n"
        for k in 0..<12000 {
            let quoted = random.below(300) == 0
            text += "\(k),\(quoted ? "\"x,\n\"\"y\r\n\"" : "plain"),z" + (random.below(5) == 0 ? "\r\n" : "\n")
        }
        text += "\"last,\nrecord\",\"\"\"\"," + (finalNewline ? "\n" : "")
        let path = try scratch.write("sparse.csv", text)
        let file = try RecordFile(path: path, format: .csv, flexible: true)
        let mapped = (0..<file.count).map { Array(file.file.bytes[file.content($0)]) }
        let reference = try plainScan(path)
        #expect(mapped == Array(reference.dropFirst()))
        #expect(mapped.count == 12001)
        for blockSize in [1 << 12, 1 << 17] {
            var streamed: [[UInt8]] = []
            try BlockRecordReader(path: path, format: .csv, flexible: true, blockSize: blockSize).forEachRecord { _, bytes, content in streamed.append(Array(bytes[content])) }
            #expect(streamed == mapped)
        }
    }

    @Test("block reading finds the records mapping finds, for every block size")
    func blocks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (text, _) = randomCSV(seed: 99, records: 300)
        let path = try scratch.write("random.csv", text)
        let file = try RecordFile(path: path, format: .csv, flexible: true)
        let mapped = (0..<file.count).map { Array(file.file.bytes[file.content($0)]) }
        #expect(mapped == Array(try plainScan(path).dropFirst()))
        for blockSize in [16, 17, 100, 4096, 1 << 20] {
            var streamed: [[UInt8]] = []
            var header: [UInt8] = []
            try BlockRecordReader(path: path, format: .csv, flexible: true, blockSize: blockSize)
                .forEachRecord(header: { header = Array($0) }) { _, bytes, content in streamed.append(Array(bytes[content])) }
            #expect(streamed == mapped)
            #expect(header == Array(file.file.bytes[file.header!]))
        }
    }
}
