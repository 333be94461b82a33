#if canImport(Glibc)
import Glibc
#endif
import HeckelDataFiles

/// One file mapped, indexed, its columns resolved and its keys found: packed into 64-bit words
/// (`KeyPacker`) while the file is scanned when every key has a packed form, else as spans.
struct LoadedFile {
    let file: RecordFile
    let layout: RecordLayout
    /// nil when a key has no packed form, or when `packsKeys` was false.
    private(set) var packedKeys: [UInt64]?
    private var spans: KeySpans?

    /// `packsKeys` false: spans only (the general path, which tests compare the packed one with).
    /// Cost: O(bytes), one pass while every key packs, a second (keying as spans) otherwise.
    /// `flexible`: accept ragged CSV/TSV rows. `stopsMidScan`: this file's first batch is the
    /// "scanning" `StopPoint`.
    init(path: String, format: RecordFormat, keys: [String], flexible: Bool, packsKeys: Bool = true, stopsMidScan: Bool = false,
         progress: ((Int) -> Void)?) throws {
        var layout: RecordLayout?
        var packer: KeyPacker? = packsKeys && !keys.isEmpty ? KeyPacker(capacity: fileSize(path) / 64 + 1) : nil
        var fields: [FieldBounds] = [], members: [Fields.Member] = [], arena: [UInt8] = []
        // Keyed: keys are copied out, so the file's pages need not stay resident while matching.
        file = try RecordFile(path: path, format: format, flexible: flexible, releasingPages: !keys.isEmpty, progress: progress, header: { header in
            layout = try RecordLayout(format: format, path: path, keys: keys, header: header)
        }, records: { bytes, starts, first in
            if stopsMidScan, first == 0 { StopPoint.reach("scanning") }
            guard packer != nil, let layout else { return }
            // One memchr over the batch (in cache) spares one per record's key.
            let quoteFree = memchr(bytes.baseAddress! + starts.first!, 0x22, starts.last! - starts.first!) == nil
            let packed = try packer!.append(count: starts.count - 1) { words in
                for k in words.indices {
                    let content = RecordFile.content(of: starts[k]..<starts[k + 1], in: bytes, format: format)
                    let word: UInt64?
                    if let key = layout.plainKey(bytes, content, quoteFree: quoteFree) {
                        word = KeyPacker.pack(bytes, key)
                    } else {
                        arena.removeAll(keepingCapacity: true)
                        switch try layout.key(bytes, content, record: first + k + 1, fields: &fields, members: &members, arena: &arena) {
                        case .file(let range): word = KeyPacker.pack(bytes, range)
                        case .arena(let range): word = arena.withUnsafeBytes { KeyPacker.pack(UnsafeRawBufferPointer(rebasing: $0[range])) }
                        }
                    }
                    guard let word else { return false }
                    words[k] = word
                }
                return true
            }
            if !packed { packer = nil }
        })
        self.layout = layout!
        packedKeys = packer?.keys
        spans = packedKeys == nil ? try KeySpans(file: file, layout: self.layout, copiesKeys: self.layout.isKeyed) : nil
    }

    enum Keys {
        case packed([UInt64])
        case spans(KeySpans)
    }

    /// The keys, packed if `packed` and this file has them packed, else spans; then lets go of
    /// them, so that their memory is freed once the caller is done. O(1), or one more keying pass
    /// when spans must replace packed keys.
    mutating func takeKeys(packed: Bool) throws -> Keys {
        defer { packedKeys = nil; spans = nil }
        if packed, let packedKeys { return .packed(packedKeys) }
        return .spans(try spans ?? KeySpans(file: file, layout: layout, copiesKeys: layout.isKeyed))
    }
}
