/// How a data file splits into records and fields.
public enum RecordFormat: String, CaseIterable, Sendable {
    /// One record per line; the line's bytes (a `\r` before `\n` included) are the record.
    case lines
    /// RFC 4180: comma-separated fields, `"`-quoted fields with `""` escapes and embedded newlines,
    /// a header row naming the columns; records end at `\n` or `\r\n`.
    case csv
    /// As `csv` with tabs between fields.
    case tsv
    /// JSON Lines: one JSON object per line; fields are its top-level members.
    case jsonl

    /// The format a file name's extension implies (`.csv`, `.tsv`/`.tab`, `.jsonl`/`.ndjson`), else `lines`.
    public init(forPath path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { self = .lines; return }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "jsonl", "ndjson": self = .jsonl
        default: self = .lines
        }
    }

    /// The field separator of CSV and TSV.
    public var separator: UInt8? {
        switch self {
        case .csv: return UInt8(ascii: ",")
        case .tsv: return UInt8(ascii: "\t")
        case .lines, .jsonl: return nil
        }
    }

    /// Whether the first record names the columns.
    public var hasHeader: Bool { separator != nil }
}
