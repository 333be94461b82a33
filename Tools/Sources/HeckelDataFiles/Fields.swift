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
    /// record is not one JSON object (values are skipped, not fully validated). Cost: O(record).
    public static func jsonMembers(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, into members: inout [Member]) -> Bool {
        var i = start
        func skipSpace() { while i < end, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[i]) { i += 1 } }
        func skipString() -> Bool {  // at the opening quote; leaves i after the closing one
            i += 1
            while i < end {
                let byte = bytes[i]
                if byte == 0x5C { i += 2; continue }
                i += 1
                if byte == 0x22 { return true }
            }
            return false
        }
        func skipValue() -> Bool {
            guard i < end else { return false }
            switch bytes[i] {
            case 0x22: return skipString()
            case 0x7B, 0x5B:
                var depth = 0
                while i < end {
                    let byte = bytes[i]
                    if byte == 0x22 { if !skipString() { return false }; continue }
                    if byte == 0x7B || byte == 0x5B { depth += 1 }
                    if byte == 0x7D || byte == 0x5D { depth -= 1; if depth == 0 { i += 1; return true } }
                    i += 1
                }
                return false
            default:
                let first = i
                while i < end, ![0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0D, 0x0A].contains(bytes[i]) { i += 1 }
                return i > first
            }
        }
        skipSpace()
        guard i < end, bytes[i] == 0x7B else { return false }
        i += 1
        skipSpace()
        if i < end, bytes[i] == 0x7D {
            i += 1
        } else {
            while true {
                skipSpace()
                guard i < end, bytes[i] == 0x22 else { return false }
                let keyStart = i + 1
                guard skipString() else { return false }
                let keyEnd = i - 1
                skipSpace()
                guard i < end, bytes[i] == 0x3A else { return false }
                i += 1
                skipSpace()
                let valueStart = i
                guard skipValue() else { return false }
                members.append(Member(key: keyStart..<keyEnd, value: valueStart..<i))
                skipSpace()
                guard i < end else { return false }
                if bytes[i] == 0x2C { i += 1; continue }
                guard bytes[i] == 0x7D else { return false }
                i += 1
                break
            }
        }
        skipSpace()
        return i == end
    }
}
