/// Why a data file cannot be read or parsed. `description` is the one line the command prints.
public enum DataFileError: Error, Equatable, CustomStringConvertible {
    case noSuchFile(path: String)
    case isDirectory(path: String)
    case unreadable(path: String, reason: String)
    /// A quoted CSV/TSV field still open at the end of the file; `line` is where the record began.
    case unterminatedQuote(path: String, line: Int)
    /// A JSON Lines line that is not one JSON object.
    case notAJSONObject(path: String, line: Int)

    public var description: String {
        switch self {
        case .noSuchFile(let path): return "\(path): no such file"
        case .isDirectory(let path): return "\(path): is a directory"
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .unterminatedQuote(let path, let line): return "\(path):\(line): unterminated quoted field"
        case .notAJSONObject(let path, let line): return "\(path):\(line): not a JSON object"
        }
    }
}
