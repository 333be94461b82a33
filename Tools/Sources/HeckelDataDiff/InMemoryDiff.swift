#if canImport(Glibc)
import Glibc
#endif
import CHeckel
import Dispatch
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
        // OLD on a second thread, NEW on this one: indexing and keying are per file.
        progress.phase("reading", total: fileSize(options.newPath))
        let oldSide = ResultBox<LoadedFile>()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            oldSide.result = Result { try LoadedFile(path: options.oldPath, format: format, keys: options.keys, progress: nil) }
        }
        let newSide = Result { try LoadedFile(path: options.newPath, format: format, keys: options.keys, progress: progress.update) }
        group.wait()
        let oldLoaded = try oldSide.result!.get(), newLoaded = try newSide.get()
        (old, oldLayout) = (oldLoaded.file, oldLoaded.layout)
        (new, newLayout) = (newLoaded.file, newLoaded.layout)
        let oldKeys = oldLoaded.keys, newKeys = newLoaded.keys
        progress.phase("matching", total: 0)
        let match = try oldKeys.withSpans { oldSpans in
            try newKeys.withSpans { newSpans in try SpanMatch(old: oldSpans, new: newSpans, findsMoves: findsMoves) }
        }
        progress.phase("updates", total: 0)
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

/// A result handed from a worker thread, read after the group's wait.
private final class ResultBox<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}

/// One file mapped, indexed, its columns resolved and its keys found.
struct LoadedFile {
    let file: RecordFile
    let layout: RecordLayout
    let keys: KeySpans

    init(path: String, format: RecordFormat, keys: [String], progress: ((Int) -> Void)?) throws {
        file = try RecordFile(path: path, format: format, progress: progress)
        layout = try RecordLayout(format: format, path: path, keys: keys, header: file.headerBytes)
        self.keys = try KeySpans(file: file, layout: layout)
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
