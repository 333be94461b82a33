import CSV
import Foundation
import HeckelDataFiles

/// CSV/TSV records against CSV.swift's: the same rows of the same field values.
enum CSVOracle {
    static func check(_ content: [UInt8], format: RecordFormat, header: [UInt8]?, records: [[UInt8]]) {
        var bytes = content[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }  // ours skips the mark
        guard let text = String(validating: bytes, as: UTF8.self) else { return }  // CSV.swift reads text
        // A CR not before LF ends a record for CSV.swift, never for ours (\n or \r\n): not compared.
        guard !zip(bytes, bytes.dropFirst().map(Optional.some) + [nil]).contains(where: { $0 == 0x0D && $1 != 0x0A }) else { return }
        let separator = format.separator!
        // Quoting outside RFC 4180 (a quote inside an unquoted field, bytes after a closing
        // quote): ours keeps such bytes as they are, CSV.swift reads them otherwise; not compared.
        guard ((header.map { [$0] } ?? []) + records).allSatisfy({ wellQuoted($0, separator: separator) }) else { return }
        let ours = ((header.map { [$0] } ?? []) + records).map { fields(of: $0, separator: separator) }
        guard let reader = try? CSVReader(string: text, hasHeaderRow: false, trimFields: false,
                                          delimiter: UnicodeScalar(separator), whitespaces: []) else {
            expectAgreement(false, "CSV.swift refuses what ours reads: \(ours)")
            return
        }
        var theirs: [[String]] = []
        while let row = reader.next() { theirs.append(row) }
        expectAgreement(reader.error == nil, "CSV.swift: \(String(describing: reader.error)); ours \(ours)")
        expectAgreement(ours == theirs, "fields differ:\n ours   \(ours)\n theirs \(theirs)")
    }

    /// Whether every field of `record` is unquoted without a quote, or quoted from its first byte
    /// to its last with inner quotes doubled.
    static func wellQuoted(_ record: [UInt8], separator: UInt8) -> Bool {
        record.withUnsafeBytes { raw in
            var bounds: [FieldBounds] = []
            Fields.separated(raw, start: 0, end: raw.count, separator: separator, into: &bounds)
            return bounds.allSatisfy { field in
                let bytes = raw[field.start..<field.end]
                guard field.quoted else { return !bytes.contains(0x22) }
                guard bytes.count >= 2, bytes.last == 0x22 else { return false }
                var inner = bytes.dropFirst().dropLast()[...]
                while let quote = inner.firstIndex(of: 0x22) {
                    guard inner.index(after: quote) < inner.endIndex, inner[inner.index(after: quote)] == 0x22 else { return false }
                    inner = inner[(quote + 2)...]
                }
                return true
            }
        }
    }

    static func fields(of record: [UInt8], separator: UInt8) -> [String] {
        record.withUnsafeBytes { raw in
            var bounds: [FieldBounds] = []
            Fields.separated(raw, start: 0, end: raw.count, separator: separator, into: &bounds)
            return bounds.map { field in
                var value: [UInt8] = []
                Fields.appendValue(of: field, in: raw, to: &value)
                return String(decoding: value, as: UTF8.self)
            }
        }
    }
}

/// JSON Lines records against JSONSerialization: every record one object with the same fields
/// (names unescaped, values decoded and compared as Foundation objects).
enum JSONOracle {
    static func check(_ records: [[UInt8]]) {
        for record in records {
            // A number beyond Double's range fits JSON's grammar, and ours keeps values as
            // written (RFC 8259 section 6 leaves the range to each implementation);
            // JSONSerialization refuses it: not compared.
            guard !holdsNumberBeyondDouble(record) else { continue }
            let theirs = try? JSONSerialization.jsonObject(with: Data(record)) as? [String: Any]
            expectAgreement(theirs != nil, "JSONSerialization refuses a record ours reads: \(String(decoding: record, as: UTF8.self))")
            guard let theirs else { return }
            var members: [Fields.Member] = []
            record.withUnsafeBytes { raw in _ = Fields.jsonMembers(raw, start: 0, end: raw.count, into: &members) }
            var ours: [String: Any] = [:]
            for member in members {  // a name given twice: the last occurrence, as JSONSerialization keeps
                let name = decode(Array(record[member.key.lowerBound - 1..<member.key.upperBound + 1])) as? String
                let value = decode(Array(record[member.value]))
                expectAgreement(name != nil && value != nil, "a member ours reads does not decode: \(String(decoding: record, as: UTF8.self))")
                ours[name!] = value!
            }
            // Compared through one serializer, so that numbers, booleans and null are alike.
            let canonical = { (object: [String: Any]) in try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) }
            expectAgreement(canonical(ours) != nil && canonical(ours) == canonical(theirs),
                            "fields differ:\n ours   \(ours)\n theirs \(theirs)\n record \(String(decoding: record, as: UTF8.self))")
        }
    }

    /// Whether a number outside the strings of `record` reads as an infinite Double.
    static func holdsNumberBeyondDouble(_ record: [UInt8]) -> Bool {
        var inString = false, escaped = false, token: [UInt8] = []
        func overflows() -> Bool {
            defer { token = [] }
            return !token.isEmpty && Double(String(decoding: token, as: UTF8.self))?.isFinite == false
        }
        for byte in record {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
            } else if byte == 0x22 {
                if overflows() { return true }
                inString = true
            } else if (0x30...0x39).contains(byte) || [0x2B, 0x2D, 0x2E, 0x45, 0x65].contains(byte) {
                token.append(byte)
            } else if overflows() {
                return true
            }
        }
        return overflows()
    }

    static func decode(_ bytes: [UInt8]) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    }
}

