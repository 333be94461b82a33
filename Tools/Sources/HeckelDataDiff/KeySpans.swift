#if canImport(Glibc)
import Glibc
#endif
import CHeckel
import HeckelDataFiles

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
