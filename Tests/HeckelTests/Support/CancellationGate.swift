import Foundation

/// Records that a diff reached its first comparison of a gate element.
final class GateProbe: @unchecked Sendable {
    /// How long a gate waits, and a test waits for it: generous, since on a
    /// loaded machine the cooperative pool may start the diff late; a
    /// passing run takes milliseconds.
    static let patience: TimeInterval = 300

    private let lock = NSLock()
    private var reached = false

    var hasArrived: Bool { lock.withLock { reached } }
    func arrive() { lock.withLock { reached = true } }
}

/// An element whose `==`, when it compares the gate (value -1), reports to its
/// probe and then blocks until the running task is cancelled (or `GateProbe.patience` passes):
/// a diff can be cancelled while it is provably inside the core.
struct Gated: Hashable, Sendable {
    var value: Int
    var probe: GateProbe

    static func == (lhs: Gated, rhs: Gated) -> Bool {
        if lhs.value == -1 && rhs.value == -1 {
            lhs.probe.arrive()
            let deadline = Date().addingTimeInterval(GateProbe.patience)
            while !Task.isCancelled && Date() < deadline { usleep(200) }
        }
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
