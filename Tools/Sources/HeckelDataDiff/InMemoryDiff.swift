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
