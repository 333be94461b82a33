#if canImport(Glibc)
import Glibc
#endif
import CHeckel
import HeckelDataFiles

/// Both files mapped and indexed, keys as spans into them (or an arena), matched in one core call.
struct InMemoryDiff {
    let old: RecordFile
    let new: RecordFile
    let oldLayout: RecordLayout
    let newLayout: RecordLayout
    let result: DiffResult

    /// Reads, keys and matches both files. `findsMoves`: run the move pass (unified output needs
    /// it even when order is ignored). Cost: O(bytes) plus the core's O(n log n) for moves.
    init(options: DiffOptions, findsMoves: Bool, progress: Progress) throws {
        let format = options.resolvedFormat
        progress.phase("reading OLD", total: fileSize(options.oldPath))
        old = try RecordFile(path: options.oldPath, format: format, progress: progress.update)
        progress.phase("reading NEW", total: fileSize(options.newPath))
        new = try RecordFile(path: options.newPath, format: format, progress: progress.update)
        oldLayout = try RecordLayout(format: format, path: options.oldPath, keys: options.keys, header: old.headerBytes)
        newLayout = try RecordLayout(format: format, path: options.newPath, keys: options.keys, header: new.headerBytes)
        progress.phase("matching", total: 0)
        let oldKeys = try KeySpans(file: old, layout: oldLayout)
        let newKeys = try KeySpans(file: new, layout: newLayout)
        let match = try oldKeys.withSpans { oldSpans in
            try newKeys.withSpans { newSpans in try SpanMatch(old: oldSpans, new: newSpans, findsMoves: findsMoves) }
        }
        var updates: [DiffResult.Update] = []
        if oldLayout.isKeyed {
            let oldBytes = old.file.bytes, newBytes = new.file.bytes
            for (j, i) in match.newToOld.enumerated() where i != HECKEL_UNMATCHED {
                let oldContent = old.content(Int(i)), newContent = new.content(j)
                if !equalBytes(oldBytes, oldContent, newBytes, newContent) {
                    let columns = newLayout.changedColumns(old: oldBytes, oldContent, oldLayout: oldLayout, new: newBytes, newContent)
                    updates.append(DiffResult.Update(old: Int(i), new: j, columns: columns))
                }
            }
        }
        let headerChanged: Bool
        if let a = old.header, let b = new.header {
            headerChanged = !equalBytes(old.file.bytes, a, new.file.bytes, b)
        } else {
            headerChanged = (old.header == nil) != (new.header == nil)
        }
        result = DiffResult(oldCount: old.count, newCount: new.count, newToOld: match.newToOld, moved: match.moved,
                            updates: updates, headerChanged: headerChanged, ordered: !options.ignoreOrder,
                            finalNewline: old.file.bytes.isEmpty || new.file.bytes.isEmpty || old.endsWithNewline == new.endsWithNewline
                                ? nil : new.endsWithNewline)
    }

}

/// The key of every record of a mapped file as a span into the file, or into an arena for
/// quoted and composite keys (pointers set once the arena stops growing).
struct KeySpans {
    private var spans: [heckel_span] = []
    private var arenaKeys: [(record: Int, offset: Int)] = []
    private var arena: [UInt8] = []

    /// O(bytes up to the last key column of every record); 16 bytes per record.
    init(file: RecordFile, layout: RecordLayout) throws {
        spans.reserveCapacity(file.count)
        var fields: [FieldBounds] = [], members: [Fields.Member] = []
        let bytes = file.file.bytes
        for k in 0..<file.count {
            switch try layout.key(bytes, file.content(k), record: k + 1, fields: &fields, members: &members, arena: &arena) {
            case .file(let range):
                spans.append(heckel_span(bytes: bytes.baseAddress.map { $0 + range.lowerBound }, length: range.count))
            case .arena(let range):
                arenaKeys.append((k, range.lowerBound))
                spans.append(heckel_span(bytes: nil, length: range.count))
            }
        }
    }

    /// Calls `body` with the spans, valid only during the call.
    func withSpans<R>(_ body: ([heckel_span]) throws -> R) rethrows -> R {
        if arenaKeys.isEmpty { return try body(spans) }
        var spans = self.spans
        return try arena.withUnsafeBytes { arena in
            for key in arenaKeys { spans[key.record].bytes = UnsafeRawPointer(arena.baseAddress! + key.offset) }
            return try body(spans)
        }
    }
}

extension RecordFile {
    /// The header's bytes, or nil.
    var headerBytes: UnsafeRawBufferPointer? {
        header.map { UnsafeRawBufferPointer(rebasing: file.bytes[$0]) }
    }
}

func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}
