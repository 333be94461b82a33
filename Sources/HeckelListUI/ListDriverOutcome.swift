/// How a snapshot reached the screen, as passed to the completions of
/// `ListDriver` and `OutlineDriver` (`ListDriver.Outcome`).
public enum ListDriverOutcome: Hashable, Sendable {
    /// As one batch update; `finished`: the view's own completion flag.
    case batch(finished: Bool)
    /// By a full reload, for the given reason.
    case reload(ListDriverReloadReason)
    /// Nothing to show: the snapshot equals the one on screen.
    case unchanged
}

/// Why a snapshot was shown by a full reload (`ListDriver.ReloadReason`).
public enum ListDriverReloadReason: Hashable, Sendable {
    /// The view was not in a window (`ListDriverView.isInWindow`).
    case notInWindow
    /// The batch had more operations than the driver's
    /// `fullReloadThreshold`.
    case aboveThreshold(operations: Int)
    /// The diff threw (a duplicate identity, a snapshot too large).
    case diffFailed(String)
}
