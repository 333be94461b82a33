#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file's records in blocks, never holding more than one block (grown only for a record
/// longer than a block): the streaming reader of the out-of-core path.
public struct BlockRecordReader {
    public let path: String
    public let format: RecordFormat
    public let blockSize: Int

    public init(path: String, format: RecordFormat, blockSize: Int = 1 << 20) {
        self.path = path
        self.format = format
        self.blockSize = max(blockSize, 16)
    }

    /// Calls `body(index, buffer, content)` for every data record in order (`index` counts from 0;
    /// CSV/TSV headers go to `header` instead). `content` indexes `buffer` and is valid only during
    /// the call. Throws `DataFileError`s as `RecordFile` does, and what `body` throws.
    /// Cost: O(bytes), O(block) memory.
    public func forEachRecord(header: ((UnsafeRawBufferPointer) throws -> Void)? = nil,
                              _ body: (Int, UnsafeRawBufferPointer, Range<Int>) throws -> Void) throws {
        let fd = try FileHandleOpening.open(path)
        defer { close(fd) }
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
                if got == 0 { atEnd = true } else { filled += got }
            }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<filled])
            scanning: while position < filled {
                switch scanner.scan(bytes, from: position, atEnd: atEnd, quoteFree: &quoteFree) {
                case .record(let end, let next):
                    if !sawHeader {
                        sawHeader = true
                        try header?(UnsafeRawBufferPointer(rebasing: bytes[position..<end]))
                    } else {
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
            if atEnd, position >= filled { return }
        }
    }
}

func countNewlines(_ bytes: UnsafeRawBufferPointer) -> Int {
    RecordScanner.lineNumber(of: bytes.count, in: bytes) - 1
}
