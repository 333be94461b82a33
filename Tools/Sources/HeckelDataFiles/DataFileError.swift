/// Why a data file cannot be read or parsed. `description` is the one line the command prints.
public enum DataFileError: Error, Equatable, CustomStringConvertible {
    case noSuchFile(path: String)
    case isDirectory(path: String)
    case unreadable(path: String, reason: String)
    /// A quoted CSV/TSV field still open at the end of the file; `line` is where the record began.
    case unterminatedQuote(path: String, line: Int)
    /// A JSON Lines line that is not one JSON object.
    case notAJSONObject(path: String, line: Int)
    /// The file changed (its size, modification time or inode) between opening and the end of the
    /// run; `was` and `now` are its sizes then and now (`now` -1: it is gone).
    case changedWhileRead(path: String, was: Int, now: Int)
    /// A CSV/TSV record whose field count differs from the header's (without `--flexible`).
    case raggedRow(path: String, line: Int, fields: Int, header: Int)

    public var description: String {
        switch self {
        case .noSuchFile(let path): return "\(path): no such file"
        case .isDirectory(let path): return "\(path): is a directory"
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .unterminatedQuote(let path, let line): return "\(path):\(line): unterminated quoted field"
        case .notAJSONObject(let path, let line): return "\(path):\(line): not a JSON object"
        case .changedWhileRead(let path, let was, let now):
            let size = now < 0 ? "it is gone" : now == was ? "now modified" : "now \(now) bytes"
            return "\(path): changed while being read (\(was) bytes, \(size))"
        case .raggedRow(let path, let line, let fields, let header):
            return "\(path):\(line): \(fields) fields, the header has \(header) (--flexible accepts this)"
        }
    }
}
