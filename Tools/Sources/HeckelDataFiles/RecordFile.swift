#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CDataFiles

/// A mapped data file split into records: the header (CSV/TSV) and the start of every data record.
///
/// Invariants: `starts` is ascending, `starts.last` is the end of the last record (its terminator
/// included), so record `k` spans `starts[k]..<starts[k + 1]` with its terminator.
public final class RecordFile: @unchecked Sendable {
    public let file: MappedFile
    public let format: RecordFormat
    /// The header record's content (CSV/TSV with at least one record), else nil.
    public let header: Range<Int>?
    /// Data record starts, then the end of the last record: `count + 1` entries.
    public let starts: [Int]
    /// Whether the file begins with a UTF-8 byte order mark (EF BB BF), which no record includes.
    public let byteOrderMark: Bool

    /// Maps `path` and indexes its records; JSON Lines records are checked to be JSON objects, and
    /// CSV/TSV records to have the header's field count unless `flexible`. A byte order mark at the
    /// start is skipped. `progress` is told the bytes done now and then. `releasingPages`: give
    /// scanned pages back as the scan moves on (see `MappedFile.release`). Cost: O(bytes), 8 bytes
    /// per record.
    public convenience init(path: String, format: RecordFormat, flexible: Bool = false, releasingPages: Bool = false,
                            progress: ((Int) -> Void)? = nil) throws {
        try self.init(path: path, format: format, flexible: flexible, releasingPages: releasingPages, progress: progress,
                      header: { _ in }, records: { _, _, _ in })
    }

    /// Records handed to a scan's caller at a time: their bytes are still in cache.
    public static let batch = 4096

    /// As `init(path:format:releasingPages:progress:)`, and hands the records to the caller while
    /// their bytes are in cache (before their pages are released): `header` once, before the first
    /// data record (or at the end when there is none), with the header's bytes or nil; then
    /// `records(bytes, starts, first)` for every `batch` records in order (fewer at the end), where
    /// `starts` holds the starts of records `first...` and then the end of the last of them, as
    /// `starts` does.
    public init(path: String, format: RecordFormat, flexible: Bool = false, releasingPages: Bool = false, progress: ((Int) -> Void)? = nil,
                header headerBody: (UnsafeRawBufferPointer?) throws -> Void,
                records recordsBody: (UnsafeRawBufferPointer, UnsafeBufferPointer<Int>, Int) throws -> Void) throws {
        let mapped = try MappedFile(path: path)
        file = mapped
        self.format = format
        let bytes = file.bytes
        let scanner = RecordScanner(format: format)
        var starts: [Int] = []
        starts.reserveCapacity(bytes.count / 64 + 1)
        var header: Range<Int>?
        var members: [Fields.Member] = []
        byteOrderMark = ByteOrderMark.starts(bytes)
        var position = byteOrderMark ? ByteOrderMark.length : 0
        // CSV/TSV: the header's field count, once read (0: not checked).
        var headerFields = 0
        var fields: [FieldBounds] = []
        let separator = format.separator ?? 0
        func ragged(_ start: Int, _ fieldCount: Int) -> DataFileError {
            .raggedRow(path: path, line: RecordScanner.lineNumber(of: start, in: bytes), fields: fieldCount, header: headerFields)
        }
        var released = ReleaseCursor()
        var toldHeader = false
        var quoteFree = 0
        var batchStart = 0  // the first record not handed to the caller yet
        // Hands records batchStart... to the caller, `position` being the end of the last.
        func handOver() throws {
            if !toldHeader {
                toldHeader = true
                try headerBody(header.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) })
            }
            guard starts.count > batchStart else { return }
            starts.append(position)
            try starts.withUnsafeBufferPointer { try recordsBody(bytes, UnsafeBufferPointer(rebasing: $0[batchStart...]), batchStart) }
            starts.removeLast()
            batchStart = starts.count
        }
        // After each record: hand a full batch over, and now and then tell progress and release.
        func recorded() throws {
            guard starts.count - batchStart == Self.batch else { return }
            try handOver()
            if starts.count & 0xFFFF == 0 {
                progress?(position)
                if releasingPages { released.release(mapped, upTo: position) }
            }
        }
        // Lines have no quotes to look for; JSON Lines records are checked one by one.
        if format == .lines { quoteFree = bytes.count }
        let base = bytes.baseAddress
        while position < bytes.count {
            // Records wholly before `quoteFree` end at their first newline.
            if format != .jsonl, header != nil || !format.hasHeader, let base {
                while position < quoteFree, let hit = memchr(base + position, 0x0A, quoteFree - position) {
                    let end = base.distance(to: UnsafeRawPointer(hit))
                    if headerFields > 0, heckel_count_byte(base + position, end - position, separator) + 1 != headerFields {
                        throw ragged(position, heckel_count_byte(base + position, end - position, separator) + 1)
                    }
                    starts.append(position)
                    position = end + 1
                    try recorded()
                }
                guard position < bytes.count else { break }
            }
            switch scanner.scan(bytes, from: position, atEnd: true, quoteFree: &quoteFree) {
            case .record(let end, let next):
                if format.hasHeader, header == nil {
                    header = position..<end
                    if !flexible {
                        Fields.separated(bytes, start: position, end: end, separator: separator, into: &fields)
                        headerFields = fields.count
                    }
                    position = next
                    continue
                }
                if headerFields > 0 {
                    fields.removeAll(keepingCapacity: true)
                    Fields.separated(bytes, start: position, end: end, separator: separator, into: &fields)
                    if fields.count != headerFields { throw ragged(position, fields.count) }
                }
                if format == .jsonl {
                    members.removeAll(keepingCapacity: true)
                    guard Fields.jsonMembers(bytes, start: position, end: end, into: &members) else {
                        throw DataFileError.notAJSONObject(path: path, line: starts.count + 1)
                    }
                }
                starts.append(position)
                position = next
                try recorded()
            case .incomplete, .unterminatedQuote:
                throw DataFileError.unterminatedQuote(path: path, line: RecordScanner.lineNumber(of: position, in: bytes))
            }
        }
        try handOver()
        starts.append(position)
        if releasingPages { released.release(file, upTo: position) }
        self.starts = starts
        self.header = header
    }

    /// Data records (the header not counted).
    public var count: Int { starts.count - 1 }

    /// Record `k`'s content: its bytes without the terminator (`\n`, or `\r\n` for CSV/TSV). O(1).
    @inlinable
    public func content(_ k: Int) -> Range<Int> {
        content(of: starts[k]..<starts[k + 1], in: file.bytes)
    }

    /// The content of the record whose bytes with terminator are `record` of `bytes` (the mapped
    /// file, or a copy of the record read into a buffer). O(1).
    @inlinable
    public func content(of record: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Range<Int> {
        Self.content(of: record, in: bytes, format: format)
    }

    /// The content of a record of `format` whose bytes with terminator are `record` of `bytes`. O(1).
    @inlinable
    public static func content(of record: Range<Int>, in bytes: UnsafeRawBufferPointer, format: RecordFormat) -> Range<Int> {
        let start = record.lowerBound
        var end = record.upperBound
        if end > start, bytes[end - 1] == 0x0A {
            end -= 1
            if format.separator != nil, end > start, bytes[end - 1] == 0x0D { end -= 1 }
        }
        return start..<end
    }

    /// Whether the file's last byte ends its last record (false for an empty file).
    public var endsWithNewline: Bool { file.bytes.last == 0x0A }
}
