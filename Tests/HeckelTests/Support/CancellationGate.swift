import Foundation

/// Records that a diff reached its first comparison of a gate element, and holds it there until the
/// test lets it go: both sides wait on semaphores, never on a polling loop, each for at most
/// `patience`, so a broken test fails in that time with a message instead of hanging.
final class GateProbe: @unchecked Sendable {
    /// How long either side waits for the other. The diff itself reaches the gate in milliseconds,
    /// but its task first waits for a thread of the cooperative pool (as wide as the cores), which
    /// the suite's other tests hold while they run: on a loaded 2-core machine that wait has passed
    /// a minute.
    static let patience: TimeInterval = 300

    private let arrived = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var open = false

    /// Called by the gate (inside the diff): signals the test, then waits until it is let go (at
    /// once once it was: later comparisons of the gate pass). Returns whether it was let go
    /// (false: `patience` passed).
    @discardableResult
    func arriveAndWait() -> Bool {
        if lock.withLock({ open }) { return true }
        arrived.signal()
        return released.wait(timeout: .now() + Self.patience) == .success
    }

    /// Whether the diff reached the gate within `patience` (waits off the cooperative pool).
    func waitForArrival() async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.arrived.wait(timeout: .now() + Self.patience) == .success)
            }
        }
    }

    /// Lets the gate go on.
    func release() {
        lock.withLock { open = true }
        released.signal()
    }
}

/// An element whose `==`, when it compares the gate (value -1), reports to its probe and then
/// blocks until the test releases it: a diff can be cancelled while it is provably inside the core.
struct Gated: Hashable, Sendable {
    var value: Int
    var probe: GateProbe

    static func == (lhs: Gated, rhs: Gated) -> Bool {
        if lhs.value == -1 && rhs.value == -1 { lhs.probe.arriveAndWait() }
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
