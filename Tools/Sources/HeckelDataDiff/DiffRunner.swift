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
    public static func run(_ options: DiffOptions, outputPath: String? = nil) throws -> Bool {
        guard options.context >= 0 else { throw DiffError.invalidOption("-U must be 0 or more, not \(options.context)") }
        let progress = Progress(enabled: options.showsProgress && isatty(2) != 0)
        defer { progress.finish() }
        // Both inputs are checked before anything is written.
        for path in [options.oldPath, options.newPath] { close(try FileHandleOpening.open(path)) }
        let sink = try OutputSink(path: outputPath)
        let format = options.resolvedFormat
        let findsMoves = !options.ignoreOrder || options.output == .unified
        let differs: Bool
        if let limit = options.memoryLimit, InMemoryEstimate(options).bytes > limit {
            guard options.output != .unified else { throw DiffError.unifiedOverMemoryLimit }
            let spilled = try SpilledDiff(options: options, limit: limit, progress: progress)
            differs = spilled.result.hasDifferences
            progress.finish()  // erased before any output, which may share the terminal
            try write(spilled.result, options: options, sink: sink, newHeader: spilled.newHeader.map { $0[...] }) { body in
                try BlockRecordReader(path: options.newPath, format: format).forEachRecord { j, bytes, content in
                    try body(j, bytes, content)
                }
            }
        } else {
            let diff = try InMemoryDiff(options: options, findsMoves: findsMoves, packsKeys: options.packsKeys, progress: progress)
            differs = diff.result.hasDifferences
            progress.finish()  // erased before any output, which may share the terminal
            if options.output == .unified {
                UnifiedWriter(sink: sink, context: options.context)
                    .write(diff.result, old: diff.old, new: diff.new, oldLabel: options.oldPath, newLabel: options.newPath)
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
        }
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
    public let records: Int

    /// O(64 KiB per file).
    public init(_ options: DiffOptions) {
        let sizes = [options.oldPath, options.newPath].map(fileSize)
        let records = zip([options.oldPath, options.newPath], sizes).map { path, size in
            size / max(1, averageRecordLength(path))
        }
        self.records = records.reduce(0, +)
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
