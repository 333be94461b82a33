#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HeckelDataFiles

/// `heckel diff` from options to output: picks the in-memory or the spilled path, writes the
/// chosen format, and tells whether anything differs.
public enum DiffRunner {
    /// Runs the diff and writes to `outputPath` (nil: stdout). Returns whether the files differ.
    /// Throws `DataFileError` or `DiffError` (exit status 2) before any output is committed.
    /// An input that changes between its opening and the commit (its size, modification time or
    /// inode; a page past a mapped file's new end) throws `DataFileError.changedWhileRead`, in
    /// place of whatever else its change caused.
    public static func run(_ options: DiffOptions, outputPath: String? = nil) throws -> Bool {
        guard options.context >= 0 else { throw DiffError.invalidOption("-U must be 0 or more, not \(options.context)") }
        // Both inputs are checked before anything is written, and stamped before any is read.
        for path in [options.oldPath, options.newPath] { try FileHandleOpening.check(path) }
        // Read whole as OLD, one stream would leave NEW empty.
        if FileHandleOpening.isOneStream(options.oldPath, options.newPath) {
            throw DiffError.oneStreamTwice(path: options.oldPath)
        }
        // The estimate samples each input and the spill reads NEW twice: a stream allows neither.
        if options.memoryLimit != nil, let stream = [options.oldPath, options.newPath].first(where: FileHandleOpening.isStream) {
            throw DiffError.streamUnderMemoryLimit(path: stream)
        }
        let stamps = [options.oldPath, options.newPath].compactMap { FileStamp(path: $0) }
        do {
            return try run(options, outputPath: outputPath, stamps: stamps)
        } catch {
            for stamp in stamps { try stamp.verify() }
            throw error
        }
    }

    private static func run(_ options: DiffOptions, outputPath: String?, stamps: [FileStamp]) throws -> Bool {
        let progress = Progress(enabled: options.showsProgress && isatty(2) != 0)
        defer { progress.finish() }
        let sink = try OutputSink(path: outputPath)
        let format = options.resolvedFormat
        let findsMoves = !options.ignoreOrder || options.output == .unified
        var differs: Bool
        if let limit = options.memoryLimit, InMemoryEstimate(options).bytes > limit {
            guard options.output != .unified else { throw DiffError.unifiedOverMemoryLimit }
            let spilled = try SpilledDiff(options: options, limit: limit, progress: progress)
            differs = spilled.result.hasDifferences
            progress.finish()  // erased before any output, which may share the terminal
            progress.phase("writing", total: 0)
            // NEW is read again: a record past the count spilled means it changed (told by its stamp).
            let newCount = spilled.result.newCount
            try write(spilled.result, options: options, sink: sink, newHeader: spilled.newHeader.map { $0[...] }) { body in
                try BlockRecordReader(path: options.newPath, format: format, flexible: options.flexible).forEachRecord { j, bytes, content in
                    guard j < newCount else { throw DiffError.io(path: options.newPath, reason: "more records than when first read") }
                    try body(j, bytes, content)
                }
            }
        } else {
            let diff = try InMemoryDiff(options: options, findsMoves: findsMoves, packsKeys: options.packsKeys, progress: progress)
            differs = diff.result.hasDifferences
            progress.finish()  // erased before any output, which may share the terminal
            try diff.verifyInputs()  // nothing is written from inputs that changed while read
            progress.phase("writing", total: 0)
            if options.output == .unified {
                let wroteHunks = UnifiedWriter(sink: sink, context: options.context)
                    .write(diff.result, old: diff.old, new: diff.new, oldLabel: options.oldPath, newLabel: options.newPath)
                differs = differs || wroteHunks
            } else {
                let header = diff.new.headerBytes
                try write(diff.result, options: options, sink: sink, newHeader: header.map { Array($0)[...] }) { body in
                    // NEW's pages go back behind the pass (each record's end is read, so all are touched).
                    var released = ReleaseCursor()
                    for j in 0..<diff.new.count {
                        try body(j, diff.new.file.bytes, diff.new.content(j))
                        if j & 0xFFFF == 0xFFFF { released.release(diff.new.file, upTo: diff.new.starts[j]) }
                    }
                }
            }
            try diff.verifyInputs()
        }
        for stamp in stamps { try stamp.verify() }
        try sink.commit()
        return differs
    }

    private static func write(_ result: DiffResult, options: DiffOptions, sink: OutputSink, newHeader: ArraySlice<UInt8>?,
                              newRecords: ((Int, UnsafeRawBufferPointer, Range<Int>) throws -> Void) throws -> Void) throws {
        switch options.output {
        case .summary:
            var parts = ["\(result.deletionCount) deleted", "\(result.insertionCount) inserted"]
            if result.ordered { parts.append("\(result.moved.count) moved") }
            if !options.keys.isEmpty { parts.append("\(result.updates.count) updated") }
            if result.headerChanged { parts.append("header changed") }
            if let present = result.byteOrderMark { parts.append(present ? "byte order mark added" : "byte order mark removed") }
            if let present = result.finalNewline { parts.append(present ? "final newline added" : "final newline removed") }
            sink.write(parts.joined(separator: ", ") + " (old \(result.oldCount) records, new \(result.newCount))\n")
        case .jsonl:
            var result = result
            if !result.ordered { result.moved = [] }
            try newHeader.map(Array.init).withOptionalBytes { header in
                try ChangeFeedWriter(format: options.resolvedFormat, sink: sink)
                    .write(result, newHeader: header, finalNewline: result.finalNewline, newRecords: newRecords)
            }
        case .unified:
            preconditionFailure("unified output is written from the mapped files")
        }
    }
}

extension Optional where Wrapped == [UInt8] {
    func withOptionalBytes<R>(_ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard let self else { return try body(nil) }
        return try self.withUnsafeBytes { try body($0) }
    }
}

/// What the in-memory path would take at its peak: both files' pages, plus per record its start,
/// its key span, the core's tables and the pairing (about 72 bytes), records counted from a sample.
public struct InMemoryEstimate: Sendable {
    public let bytes: Int
    /// Records of both files.
    public let records: Int
    /// Records of NEW.
    public let newRecords: Int

    /// O(64 KiB per file).
    public init(_ options: DiffOptions) {
        let sizes = [options.oldPath, options.newPath].map(fileSize)
        let records = zip([options.oldPath, options.newPath], sizes).map { path, size in
            size / max(1, averageRecordLength(path))
        }
        self.records = records.reduce(0, +)
        newRecords = records[1]
        bytes = sizes.reduce(0, +) + 72 * self.records
    }
}

/// The mean length of the first records of `path` (1 for an empty file). O(64 KiB).
func averageRecordLength(_ path: String) -> Int {
    guard let fd = try? FileHandleOpening.open(path) else { return 64 }
    defer { close(fd) }
    var sample = [UInt8](repeating: 0, count: 1 << 16)
    let got = sample.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard got > 0 else { return 1 }
    let newlines = sample[0..<got].lazy.filter { $0 == 0x0A }.count
    return max(1, got / max(1, newlines))
}
