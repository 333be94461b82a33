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
        // Packed keys when both files have them, else spans (a packed side is keyed again).
        let oldKeys = try oldLoaded.keys(packed: newLoaded.packedKeys != nil)
        let newKeys = try newLoaded.keys(packed: oldLoaded.packedKeys != nil)
        progress.phase("matching", total: 0)
        let match: SpanMatch
        switch (oldKeys, newKeys) {
        case (.packed(let a), .packed(let b)): match = try SpanMatch(oldKeys: a, newKeys: b, findsMoves: findsMoves)
        case (.spans(let a), .spans(let b)): match = try SpanMatch(old: a.spans, new: b.spans, findsMoves: findsMoves)
        default: preconditionFailure("both sides are keyed alike")
        }
        progress.phase("updates", total: 0)
        var updates: [DiffResult.Update] = []
        if oldLayout.isKeyed {
            let oldBytes = old.file.bytes, newBytes = new.file.bytes
            var oldReach = 0, nextMove = 0
            for (j, i) in match.newToOld.enumerated() where i != HECKEL_UNMATCHED {
                let oldContent = old.content(Int(i)), newContent = new.content(j)
                // Pages behind the sweep go back; the pairs in order (not moved) sweep OLD forward,
                // and a moved record's page is simply read again.
                while nextMove < match.moved.count, match.moved[nextMove] < j { nextMove += 1 }
                if nextMove == match.moved.count || match.moved[nextMove] != j { oldReach = oldContent.lowerBound }
                if j & 0xFFFF == 0xFFFF {
                    new.file.release(0..<newContent.lowerBound)
                    old.file.release(0..<oldReach)
                }
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

/// One file mapped, indexed, its columns resolved and its keys found: packed into 64-bit words
/// when every key has at most 7 bytes, else as spans.
struct LoadedFile {
    let file: RecordFile
    let layout: RecordLayout
    let packedKeys: [UInt64]?
    private let spans: KeySpans?

    init(path: String, format: RecordFormat, keys: [String], progress: ((Int) -> Void)?) throws {
        // Keyed: keys are copied out, so the file's pages need not stay resident while matching.
        file = try RecordFile(path: path, format: format, releasingPages: !keys.isEmpty, progress: progress)
        layout = try RecordLayout(format: format, path: path, keys: keys, header: file.headerBytes)
        packedKeys = layout.isKeyed ? try PackedKeys.keys(of: file, layout: layout) : nil
        spans = packedKeys == nil ? try KeySpans(file: file, layout: layout, copiesKeys: layout.isKeyed) : nil
    }

    enum Keys {
        case packed([UInt64])
        case spans(KeySpans)
    }

    /// The keys, packed if `packed` and this file has them packed, else spans. O(1), or one more
    /// keying pass when spans must replace packed keys.
    func keys(packed: Bool) throws -> Keys {
        if packed, let packedKeys { return .packed(packedKeys) }
        return .spans(try spans ?? KeySpans(file: file, layout: layout, copiesKeys: layout.isKeyed))
    }
}

/// Keys of at most 7 bytes packed into one word: the bytes in the low 56 bits, the length in the
/// top 8, so equal words are equal keys and the core needs no equality callback.
enum PackedKeys {
    /// Every record's packed key, or nil as soon as one key is longer than 7 bytes.
    /// O(bytes up to the last key column), 8 bytes per record.
    static func keys(of file: RecordFile, layout: RecordLayout) throws -> [UInt64]? {
        var keys: [UInt64] = []
        keys.reserveCapacity(file.count)
        var fields: [FieldBounds] = [], members: [Fields.Member] = [], scratch: [UInt8] = []
        let bytes = file.file.bytes
        for k in 0..<file.count {
            let content = file.content(k)
            scratch.removeAll(keepingCapacity: true)
            let word: UInt64?
            switch try layout.key(bytes, content, record: k + 1, fields: &fields, members: &members, arena: &scratch) {
            case .file(let range): word = pack(UnsafeRawBufferPointer(rebasing: bytes[range]))
            case .arena(let range): word = scratch.withUnsafeBytes { pack(UnsafeRawBufferPointer(rebasing: $0[range])) }
            }
            guard let word else { return nil }
            keys.append(word)
            if k & 0xFFFF == 0xFFFF { file.file.release(0..<content.lowerBound) }
        }
        file.file.release(0..<bytes.count)
        return keys
    }

    @inline(__always)
    private static func pack(_ key: UnsafeRawBufferPointer) -> UInt64? {
        guard key.count <= 7 else { return nil }
        var word = UInt64(key.count) << 56
        for (shift, byte) in key.enumerated() { word |= UInt64(byte) << (8 * shift) }
        return word
    }
}

/// The key of every record of a mapped file as a span into the file, or into an arena for
/// quoted and composite keys and, with `copiesKeys`, for every key (so that the file's pages can
/// be given back while the core matches).
final class KeySpans {
    private(set) var spans: [heckel_span] = []
    /// Records whose key is in the arena when not every key is.
    private var arenaRecords: [Int] = []
    private var arena: UnsafeMutableRawPointer?
    private var arenaCount = 0
    private var arenaCapacity = 0

    /// O(bytes up to the last key column of every record); 16 bytes per record plus the arena.
    init(file: RecordFile, layout: RecordLayout, copiesKeys: Bool) throws {
        spans.reserveCapacity(file.count)
        var fields: [FieldBounds] = [], members: [Fields.Member] = [], scratch: [UInt8] = []
        let bytes = file.file.bytes
        for k in 0..<file.count {
            let content = file.content(k)
            switch try layout.key(bytes, content, record: k + 1, fields: &fields, members: &members, arena: &scratch) {
            case .file(let range) where !copiesKeys:
                spans.append(heckel_span(bytes: bytes.baseAddress.map { $0 + range.lowerBound }, length: range.count))
            case .file(let range):
                spans.append(heckel_span(bytes: nil, length: append(UnsafeRawBufferPointer(rebasing: bytes[range]))))
            case .arena(let range):
                if !copiesKeys { arenaRecords.append(k) }
                spans.append(heckel_span(bytes: nil, length: scratch.withUnsafeBytes { append(UnsafeRawBufferPointer(rebasing: $0[range])) }))
                scratch.removeAll(keepingCapacity: true)
            }
            if copiesKeys, k & 0xFFFF == 0xFFFF { file.file.release(0..<content.lowerBound) }
        }
        if copiesKeys { file.file.release(0..<bytes.count) }
        // The arena no longer grows: point the spans at it (their lengths were kept; offsets follow).
        var offset = 0
        let fix = { (k: Int) in
            self.spans[k].bytes = UnsafeRawPointer(self.arena.map { $0 + offset })
            offset += self.spans[k].length
        }
        if copiesKeys { for k in spans.indices { fix(k) } } else { for k in arenaRecords { fix(k) } }
    }

    deinit { free(arena) }

    /// Appends bytes to the arena, growing it by doubling; returns their count.
    private func append(_ bytes: UnsafeRawBufferPointer) -> Int {
        if arenaCount + bytes.count > arenaCapacity {
            // realloc: big blocks grow by mremap, without a second copy resident at the peak.
            let capacity = max(1 << 16, arenaCapacity + arenaCapacity / 2, arenaCount + bytes.count)
            guard let grown = realloc(arena, capacity) else { fatalError("out of memory for \(capacity) bytes of keys") }
            arena = grown
            arenaCapacity = capacity
        }
        if let source = bytes.baseAddress { (arena! + arenaCount).copyMemory(from: source, byteCount: bytes.count) }
        arenaCount += bytes.count
        return bytes.count
    }

    /// Calls `body` with the spans, valid only during the call.
    func withSpans<R>(_ body: ([heckel_span]) throws -> R) rethrows -> R { try body(spans) }
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
