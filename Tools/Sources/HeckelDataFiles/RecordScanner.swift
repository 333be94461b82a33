#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where one record ends, found by `RecordScanner.scan`.
public enum ScannedRecord: Equatable {
    /// Content is `start..<contentEnd` (no terminator); the next record starts at `next`.
    case record(contentEnd: Int, next: Int)
    /// The bytes end before the record does and more may follow (block reading only).
    case incomplete
    /// A quoted field is still open at the end of the input.
    case unterminatedQuote
}

/// Splits bytes into records: at `\n` for lines and JSON Lines, at `\n` or `\r\n` outside quotes
/// for CSV and TSV (RFC 4180). Works on a whole mapped file or on a block that may end mid-record.
///
/// Records without a quote are found with `memchr` (SIMD in libc); only records with a `"` are
/// walked byte by byte.
public struct RecordScanner: Sendable {
    public let format: RecordFormat

    public init(format: RecordFormat) { self.format = format }

    /// The record that begins at `start` (< `bytes.count`). `atEnd`: no bytes follow `bytes`, so an
    /// unterminated record ends there. Cost: O(record length).
    @inline(__always)
    public func scan(_ bytes: UnsafeRawBufferPointer, from start: Int, atEnd: Bool) -> ScannedRecord {
        let base = bytes.baseAddress!
        let count = bytes.count
        guard let separator = format.separator else {
            if let hit = memchr(base + start, 0x0A, count - start) {
                let p = base.distance(to: UnsafeRawPointer(hit))
                return .record(contentEnd: p, next: p + 1)
            }
            return atEnd ? .record(contentEnd: count, next: count) : .incomplete
        }
        let newline = memchr(base + start, 0x0A, count - start).map { base.distance(to: UnsafeRawPointer($0)) }
        let lineEnd = newline ?? count
        if memchr(base + start, 0x22, lineEnd - start) == nil {
            guard let p = newline else { return atEnd ? .record(contentEnd: count, next: count) : .incomplete }
            return .record(contentEnd: p > start && bytes[p - 1] == 0x0D ? p - 1 : p, next: p + 1)
        }
        return scanQuoted(bytes, from: start, separator: separator, atEnd: atEnd)
    }

    /// As `scan`, for a pass that moves forward through `bytes`: `quoteFree` (start it at 0) is
    /// kept by the pass as an offset before which, from the current record on, no `"` is. One
    /// `memchr` over the next 64 KiB then tells many records quote-free, instead of one per record.
    /// Same results as `scan`. Cost: O(record length), amortized.
    @inline(__always)
    public func scan(_ bytes: UnsafeRawBufferPointer, from start: Int, atEnd: Bool, quoteFree: inout Int) -> ScannedRecord {
        let base = bytes.baseAddress!
        let count = bytes.count
        guard let separator = format.separator, let hit = memchr(base + start, 0x0A, count - start) else {
            return scan(bytes, from: start, atEnd: atEnd)
        }
        let p = base.distance(to: UnsafeRawPointer(hit))
        if p >= quoteFree {
            let ahead = min(count, max(p + 1, start + (1 << 16)))
            quoteFree = memchr(base + start, 0x22, ahead - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? ahead
        }
        guard p < quoteFree else { return scanQuoted(bytes, from: start, separator: separator, atEnd: atEnd) }
        return .record(contentEnd: p > start && bytes[p - 1] == 0x0D ? p - 1 : p, next: p + 1)
    }

    private func scanQuoted(_ bytes: UnsafeRawBufferPointer, from start: Int, separator: UInt8, atEnd: Bool) -> ScannedRecord {
        var i = start
        var fieldStart = true
        var quoted = false
        while i < bytes.count {
            let byte = bytes[i]
            if quoted {
                if byte == 0x22 {
                    if i + 1 < bytes.count, bytes[i + 1] == 0x22 { i += 2; continue }
                    if i + 1 == bytes.count, !atEnd { return .incomplete }
                    quoted = false
                }
            } else if byte == 0x0A {
                return .record(contentEnd: i > start && bytes[i - 1] == 0x0D ? i - 1 : i, next: i + 1)
            } else if byte == separator {
                fieldStart = true
                i += 1
                continue
            } else if byte == 0x22, fieldStart {
                quoted = true
            }
            fieldStart = false
            i += 1
        }
        if !atEnd { return .incomplete }
        return quoted ? .unterminatedQuote : .record(contentEnd: bytes.count, next: bytes.count)
    }

    /// The 1-based line on which byte `offset` sits. Cost: O(offset); for error messages.
    public static func lineNumber(of offset: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var line = 1
        var i = 0
        while i < offset, let base = bytes.baseAddress, let hit = memchr(base + i, 0x0A, offset - i) {
            line += 1
            i = base.distance(to: UnsafeRawPointer(hit)) + 1
        }
        return line
    }
}
