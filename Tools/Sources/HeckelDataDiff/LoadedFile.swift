import HeckelDataFiles

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
