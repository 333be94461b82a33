import HeckelDataFiles

/// What `heckel diff` writes.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Counts of deleted, inserted, moved and updated records.
    case summary
    /// Unified hunks that GNU `patch` applies to OLD to give NEW.
    case unified
    /// A JSON Lines change feed, one object per change.
    case jsonl
}

/// Everything `heckel diff` is asked to do.
public struct DiffOptions: Sendable {
    public var oldPath: String
    public var newPath: String
    /// nil: from the file extension of OLD (then NEW).
    public var format: RecordFormat?
    /// Key columns by header name or 1-based number, or top-level JSON fields; empty: whole records.
    public var keys: [String] = []
    public var ignoreOrder = false
    /// Accept CSV/TSV records whose field count differs from the header's (else exit 2): a missing
    /// field differs from an empty one, and fields past the header are named by their number.
    public var flexible = false
    public var output: OutputFormat = .summary
    /// Unified context lines.
    public var context = 3
    /// Peak resident memory to stay under, in bytes; nil: no limit.
    public var memoryLimit: Int?
    /// Draw a progress bar on stderr (when it is a terminal and the run passes a second).
    public var showsProgress = false
    /// Tests only: false keys every record as a span (the general path) instead of packing keys
    /// into words, so that the two can be compared on the same inputs.
    var packsKeys = true

    public init(oldPath: String, newPath: String) {
        self.oldPath = oldPath
        self.newPath = newPath
    }

    /// The record format in force: the flag's, else the extension's of OLD, else of NEW.
    public var resolvedFormat: RecordFormat {
        if let format { return format }
        let fromOld = RecordFormat(forPath: oldPath)
        return fromOld != .lines ? fromOld : RecordFormat(forPath: newPath)
    }
}
