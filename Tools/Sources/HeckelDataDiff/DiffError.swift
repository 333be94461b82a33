/// Trouble that ends `heckel diff` with exit status 2; `description` is the one line it prints.
public enum DiffError: Error, Equatable, CustomStringConvertible {
    case keyNeedsColumns(format: String)
    case noSuchKeyColumn(path: String, key: String)
    case recordWithoutKey(path: String, record: Int, key: String)
    /// A key named by a header name that more than one column has (`columns`: 1-based).
    case ambiguousKeyColumn(path: String, key: String, columns: [Int])
    /// A JSON Lines record that gives a key field more than once.
    case keyFieldTwice(path: String, record: Int, key: String)
    case invalidOption(String)
    case movesOverMemoryLimit(needed: Int, limit: Int)
    case unifiedOverMemoryLimit
    /// A pipe, FIFO or socket given with `--memory-limit`.
    case streamUnderMemoryLimit(path: String)
    /// One pipe, FIFO or socket given as both OLD and NEW.
    case oneStreamTwice(path: String)
    case core(String)
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .keyNeedsColumns(let format):
            return "--key needs csv, tsv or jsonl input, not \(format)"
        case .noSuchKeyColumn(let path, let key):
            return "\(path): no key column \(key)"
        case .recordWithoutKey(let path, let record, let key):
            return "\(path): record \(record) has no key field \(key)"
        case .ambiguousKeyColumn(let path, let key, let columns):
            let numbers = columns.map(String.init).joined(separator: ", ")
            return "\(path): key column \(key) is ambiguous: columns \(numbers) have that name; give the key by number"
        case .keyFieldTwice(let path, let record, let key):
            return "\(path): record \(record) has key field \(key) twice"
        case .invalidOption(let text):
            return text
        case .movesOverMemoryLimit(let needed, let limit):
            return "finding moves needs about \(MemorySize.text(needed)), over --memory-limit \(MemorySize.text(limit)); pass --ignore-order"
        case .unifiedOverMemoryLimit:
            return "--format unified needs both files in memory, over --memory-limit; use --format jsonl or summary"
        case .streamUnderMemoryLimit(let path):
            return "\(path): a pipe is read once, and --memory-limit reads its inputs more than once; save it to a file or drop --memory-limit"
        case .oneStreamTwice(let path):
            return "\(path): OLD and NEW are one pipe, which is read once; save each side to a file"
        case .core(let text):
            return "diff failed: \(text)"
        case .io(let path, let reason):
            return "\(path): \(reason)"
        }
    }
}
