#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One field of a record: its raw bytes `start..<end` (quotes included when `quoted`).
public struct FieldBounds: Equatable, Sendable {
    public var start: Int
    public var end: Int
    public var quoted: Bool
}

/// Fields of CSV/TSV records and top-level members of JSON Lines records, as byte offsets into
/// the caller's buffer. No allocation but the caller's array.
public enum Fields {
    /// Appends to `fields` the fields of the CSV/TSV record `start..<end` of `bytes`, stopping after
    /// `limit` fields. Cost: O(bytes scanned).
    public static func separated(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, separator: UInt8,
                                 limit: Int = .max, into fields: inout [FieldBounds]) {
        let base = bytes.baseAddress!
        var i = start
        while fields.count < limit {
            if i < end, bytes[i] == 0x22 {
                var j = i + 1
                while j < end {
                    if bytes[j] == 0x22 {
                        if j + 1 < end, bytes[j + 1] == 0x22 { j += 2; continue }
                        break
                    }
                    j += 1
                }
                // A closing quote, then anything up to the separator (kept, leniently).
                var k = min(j + 1, end)
                if let hit = memchr(base + k, Int32(separator), end - k) { k = base.distance(to: UnsafeRawPointer(hit)) } else { k = end }
                fields.append(FieldBounds(start: i, end: k, quoted: true))
                if k >= end { return }
                i = k + 1
            } else {
                guard let hit = memchr(base + i, Int32(separator), end - i) else {
                    fields.append(FieldBounds(start: i, end: end, quoted: false))
                    return
                }
                let k = base.distance(to: UnsafeRawPointer(hit))
                fields.append(FieldBounds(start: i, end: k, quoted: false))
                i = k + 1
            }
        }
    }

    /// The value of a field, unquoted (`""` read as `"`), appended to `output`. Cost: O(field).
    public static func appendValue(of field: FieldBounds, in bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        guard field.quoted else {
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[field.start..<field.end]))
            return
        }
        var i = field.start + 1
        while i < field.end {
            let byte = bytes[i]
            if byte == 0x22 {
                if i + 1 < field.end, bytes[i + 1] == 0x22 { output.append(0x22); i += 2; continue }
                i += 1  // the closing quote; bytes after it are kept as they are
                continue
            }
            output.append(byte)
            i += 1
        }
    }

    /// One top-level member of a JSON object: the key's bytes between its quotes (escapes as
    /// written) and the value's bytes.
    public struct Member: Equatable, Sendable {
        public var key: Range<Int>
        public var value: Range<Int>
    }

    /// Appends the top-level members of the JSON object `start..<end` of `bytes`; false when the
    /// record is not one JSON object as RFC 8259 defines it (`JSONValidator`: strings, escapes,
    /// numbers, literals, nesting and UTF-8 checked). Cost: O(record).
    public static func jsonMembers(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, into members: inout [Member]) -> Bool {
        var parser = JSONValidator(bytes: bytes, at: start, end: end)
        parser.skipSpace()
        guard parser.take(0x7B) else { return false }
        parser.skipSpace()
        if !parser.take(0x7D) {
            while true {
                parser.skipSpace()
                let keyStart = parser.at + 1
                guard parser.peek == 0x22, parser.string() else { return false }
                let keyEnd = parser.at - 1
                parser.skipSpace()
                guard parser.take(0x3A) else { return false }
                parser.skipSpace()
                let valueStart = parser.at
                guard parser.value(depth: 1) else { return false }
                members.append(Member(key: keyStart..<keyEnd, value: valueStart..<parser.at))
                parser.skipSpace()
                if parser.take(0x2C) { continue }
                guard parser.take(0x7D) else { return false }
                break
            }
        }
        parser.skipSpace()
        return parser.at == end && parser.validUTF8(start..<end)
    }
}
