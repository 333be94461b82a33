import HeckelDataFiles

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
