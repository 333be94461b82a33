/// The UTF-8 byte order mark (EF BB BF) that some programs (Excel's "CSV UTF-8", Notepad) write
/// at the start of a text file. Readers skip it: it belongs to no record.
public enum ByteOrderMark {
    public static let length = 3

    /// Whether `bytes` begins with the mark. O(1).
    public static func starts(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }
}
