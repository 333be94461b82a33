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

    /// Maps `path` and indexes its records; JSON Lines records are checked to be JSON objects.
    /// `progress` is told the bytes done now and then. `releasingPages`: give scanned pages back as
    /// the scan moves on (see `MappedFile.release`). Cost: O(bytes), 8 bytes per record.
    public init(path: String, format: RecordFormat, releasingPages: Bool = false, progress: ((Int) -> Void)? = nil) throws {
        file = try MappedFile(path: path)
        self.format = format
        let bytes = file.bytes
        let scanner = RecordScanner(format: format)
        var starts: [Int] = []
        starts.reserveCapacity(bytes.count / 64 + 1)
        var header: Range<Int>?
        var members: [Fields.Member] = []
        var position = 0
        while position < bytes.count {
            switch scanner.scan(bytes, from: position, atEnd: true) {
            case .record(let end, let next):
                if format.hasHeader, header == nil {
                    header = position..<end
                } else {
                    if format == .jsonl {
                        members.removeAll(keepingCapacity: true)
                        guard Fields.jsonMembers(bytes, start: position, end: end, into: &members) else {
                            throw DataFileError.notAJSONObject(path: path, line: starts.count + 1)
                        }
                    }
                    starts.append(position)
                }
                position = next
                if starts.count & 0xFFFF == 0 {
                    progress?(position)
                    if releasingPages { file.release(0..<position) }
                }
            case .incomplete, .unterminatedQuote:
                throw DataFileError.unterminatedQuote(path: path, line: RecordScanner.lineNumber(of: position, in: bytes))
            }
        }
        starts.append(position)
        if releasingPages { file.release(0..<position) }
        self.starts = starts
        self.header = header
    }

    /// Data records (the header not counted).
    public var count: Int { starts.count - 1 }

    /// Record `k`'s content: its bytes without the terminator (`\n`, or `\r\n` for CSV/TSV). O(1).
    @inlinable
    public func content(_ k: Int) -> Range<Int> {
        let start = starts[k]
        var end = starts[k + 1]
        if end > start, file.bytes[end - 1] == 0x0A {
            end -= 1
            if format.separator != nil, end > start, file.bytes[end - 1] == 0x0D { end -= 1 }
        }
        return start..<end
    }

    /// Whether the file's last byte ends its last record (false for an empty file).
    public var endsWithNewline: Bool { file.bytes.last == 0x0A }
}
