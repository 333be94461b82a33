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
    /// it even when order is ignored). `packsKeys` false: keys as spans only (the general path,
    /// for tests). Cost: O(bytes) plus the core's O(n log n) for moves.
    init(options: DiffOptions, findsMoves: Bool, packsKeys: Bool = true, progress: Progress) throws {
        let format = options.resolvedFormat
        // OLD and NEW at once: indexing and keying are per file.
        progress.phase("reading", total: fileSize(options.newPath))
        var loaded = try concurrentMap(2) { side in
            try LoadedFile(path: side == 0 ? options.oldPath : options.newPath, format: format, keys: options.keys,
                           flexible: options.flexible, packsKeys: packsKeys, stopsMidScan: side == 1,
                           progress: side == 1 ? progress.update : nil)
        }
        (old, oldLayout) = (loaded[0].file, loaded[0].layout)
        (new, newLayout) = (loaded[1].file, loaded[1].layout)
        // Packed keys when both files have them, else spans (a packed side is keyed again). The
        // keys are let go once matched, before the updates sweep.
        let bothPacked = loaded[0].packedKeys != nil && loaded[1].packedKeys != nil
        let match: SpanMatch
        do {
            let oldKeys = try loaded[0].takeKeys(packed: bothPacked), newKeys = try loaded[1].takeKeys(packed: bothPacked)
            progress.phase("matching", total: 0)
            switch (oldKeys, newKeys) {
            case (.packed(let a), .packed(let b)): match = try SpanMatch(oldKeys: a, newKeys: b, findsMoves: findsMoves)
            case (.spans(let a), .spans(let b)): match = try SpanMatch(old: a.spans, new: b.spans, findsMoves: findsMoves)
            default: preconditionFailure("both sides are keyed alike")
            }
        }
        progress.phase("updates", total: 0)
        let updates = oldLayout.isKeyed
            ? try UpdateSweep(old: old, oldLayout: oldLayout, new: new, newLayout: newLayout).updates(newToOld: match.newToOld)
            : []
        let headerChanged: Bool
        if let a = old.header, let b = new.header {
            headerChanged = !equalBytes(old.file.bytes, a, new.file.bytes, b)
        } else {
            headerChanged = (old.header == nil) != (new.header == nil)
        }
        result = DiffResult(oldCount: old.count, newCount: new.count, newToOld: match.newToOld, moved: match.moved,
                            updates: updates, headerChanged: headerChanged, ordered: !options.ignoreOrder,
                            byteOrderMark: old.byteOrderMark == new.byteOrderMark ? nil : new.byteOrderMark,
                            finalNewline: old.file.bytes.isEmpty || new.file.bytes.isEmpty || old.endsWithNewline == new.endsWithNewline
                                ? nil : new.endsWithNewline)
    }

    /// Throws `DataFileError.changedWhileRead` when either input changed since it was mapped. O(1).
    func verifyInputs() throws {
        try old.file.verifyUnchanged()
        try new.file.verifyUnchanged()
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
