#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CDataFiles

/// Reads a file's records in blocks, never holding more than one block (grown only for a record
/// longer than a block): the streaming reader of the out-of-core path.
public struct BlockRecordReader {
    public let path: String
    public let format: RecordFormat
    public let blockSize: Int
    /// Accept CSV/TSV records whose field count differs from the header's.
    public let flexible: Bool

    public init(path: String, format: RecordFormat, flexible: Bool = false, blockSize: Int = 1 << 20) {
        self.path = path
        self.format = format
        self.flexible = flexible
        self.blockSize = max(blockSize, 16)
    }

    /// Calls `body(index, buffer, content)` for every data record in order (`index` counts from 0;
    /// CSV/TSV headers go to `header` instead). `content` indexes `buffer` and is valid only during
    /// the call. A byte order mark at the start is skipped. Throws `DataFileError`s as `RecordFile`
    /// does, `changedWhileRead` when a regular file's bytes read differ from its size when opened or
    /// its stamp changed by the end, and what `body` throws.
    /// Cost: O(bytes), O(block) memory.
    public func forEachRecord(header: ((UnsafeRawBufferPointer) throws -> Void)? = nil,
                              _ body: (Int, UnsafeRawBufferPointer, Range<Int>) throws -> Void) throws {
        let fd = try FileHandleOpening.open(path)
        defer { close(fd) }
        let stamp = FileStamp(fd: fd, path: path)
        var total = 0, headerFields = 0, checkedMark = false
        var fields: [FieldBounds] = []
        let separator = format.separator ?? 0
        let scanner = RecordScanner(format: format)
        var capacity = blockSize
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var filled = 0, position = 0, index = 0, linesBefore = 1
        var atEnd = false
        var sawHeader = !format.hasHeader
        var members: [Fields.Member] = []
        var quoteFree = 0  // see RecordScanner.scan(_:from:atEnd:quoteFree:); offsets change when the block moves
        while true {
            // Move the unfinished record to the front, grow if it fills the block, and read more.
            if position > 0 {
                linesBefore += countNewlines(UnsafeRawBufferPointer(rebasing: buffer[0..<position]))
                buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + position, byteCount: filled - position)
                filled -= position
                position = 0
                quoteFree = 0
            }
            if filled == capacity {
                capacity *= 2
                let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
                bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
                buffer.deallocate()
                buffer = bigger
            }
            while !atEnd, filled < capacity {
                let got = read(fd, buffer.baseAddress! + filled, capacity - filled)
                if got < 0 {
                    if errno == EINTR { continue }
                    throw DataFileError.unreadable(path: path, reason: errnoText())
                }
                if got == 0 { atEnd = true } else { filled += got; total += got }
            }
            if !checkedMark {
                checkedMark = true  // the first block: skip the mark
                if ByteOrderMark.starts(UnsafeRawBufferPointer(rebasing: buffer[0..<filled])) { position = ByteOrderMark.length }
            }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<filled])
            scanning: while position < filled {
                switch scanner.scan(bytes, from: position, atEnd: atEnd, quoteFree: &quoteFree) {
                case .record(let end, let next):
                    if !sawHeader {
                        sawHeader = true
                        if format.hasHeader, !flexible {
                            Fields.separated(bytes, start: position, end: end, separator: separator, into: &fields)
                            headerFields = fields.count
                        }
                        try header?(UnsafeRawBufferPointer(rebasing: bytes[position..<end]))
                    } else {
                        if headerFields > 0 {
                            var count = heckel_count_byte(bytes.baseAddress! + position, end - position, separator) + 1
                            if memchr(bytes.baseAddress! + position, 0x22, end - position) != nil {
                                fields.removeAll(keepingCapacity: true)
                                Fields.separated(bytes, start: position, end: end, separator: separator, into: &fields)
                                count = fields.count
                            }
                            if count != headerFields {
                                let line = linesBefore + countNewlines(UnsafeRawBufferPointer(rebasing: bytes[0..<position]))
                                throw DataFileError.raggedRow(path: path, line: line, fields: count, header: headerFields)
                            }
                        }
                        if format == .jsonl {
                            members.removeAll(keepingCapacity: true)
                            guard Fields.jsonMembers(bytes, start: position, end: end, into: &members) else {
                                let line = linesBefore + countNewlines(UnsafeRawBufferPointer(rebasing: bytes[0..<position]))
                                throw DataFileError.notAJSONObject(path: path, line: line)
                            }
                        }
                        try body(index, bytes, position..<end)
                        index += 1
                    }
                    position = next
                case .incomplete:
                    break scanning
                case .unterminatedQuote:
                    let line = linesBefore + countNewlines(UnsafeRawBufferPointer(rebasing: bytes[0..<position]))
                    throw DataFileError.unterminatedQuote(path: path, line: line)
                }
            }
            if atEnd, position >= filled {
                if let stamp {
                    guard total == stamp.size else {
                        throw DataFileError.changedWhileRead(path: path, was: stamp.size, now: FileStamp(path: path)?.size ?? -1)
                    }
                    try stamp.verify()
                }
                return
            }
        }
    }
}

func countNewlines(_ bytes: UnsafeRawBufferPointer) -> Int {
    RecordScanner.lineNumber(of: bytes.count, in: bytes) - 1
}
