import CHeckel

/// A failed call into the C core, before the public layer decides whether
/// it traps (synchronous initializers) or throws (`async` forms).
@usableFromInline
enum CoreFailure: Error, Sendable {
    case tooLarge(count: Int)
    case outOfMemory
    case cancelled

    /// Maps a status other than `HECKEL_OK`. `HECKEL_INVALID_ARGUMENT` can only
    /// come from a bug in this layer, so it traps.
    init(status: heckel_status, oldCount: Int, newCount: Int) {
        switch status {
        case HECKEL_TOO_LARGE: self = .tooLarge(count: max(oldCount, newCount))
        case HECKEL_OUT_OF_MEMORY: self = .outOfMemory
        case HECKEL_CANCELLED: self = .cancelled
        default:
            preconditionFailure("Heckel core refused its arguments: \(String(cString: heckel_status_description(status)))")
        }
    }

    /// The failure as the synchronous initializers report it: a trap.
    @usableFromInline
    func trap() -> Never {
        switch self {
        case .tooLarge(let count):
            preconditionFailure("ListDiff: a list of \(count) elements exceeds ListDiff.maximumCount (\(ListDiff.maximumCount))")
        case .outOfMemory:
            fatalError("ListDiff: out of memory")
        case .cancelled:
            preconditionFailure("ListDiff: cancelled without a cancel flag")
        }
    }
}
