#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// A progress bar on stderr: drawn only when enabled (stderr a terminal), and only once the run
/// has passed a second; redrawn five times a second; erased by `finish()`.
public final class Progress: @unchecked Sendable {
    private let lock = NSLockish()
    private var name = ""
    private var total = 0
    private var done = 0
    private var drawn = false
    private let start = DispatchTime.now()
    private var timer: DispatchSourceTimer?

    /// `enabled`: draw at all (the caller checks `isatty(2)`). O(1).
    public init(enabled: Bool) {
        guard enabled else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + 1, repeating: .milliseconds(200))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
        self.timer = timer
    }

    /// Starts a phase of `total` units (0: no bar, the name only).
    public func phase(_ name: String, total: Int) {
        StopPoint.reach(name)
        lock.locked { self.name = name; self.total = total; self.done = 0 }
        if Self.timesPhases {
            let now = DispatchTime.now().uptimeNanoseconds
            let memory = ProcessMemory.resident().map { " (\($0.now >> 20) MB resident, \($0.peak >> 20) MB peak)" } ?? ""
            fputs("heckel: \((now - phaseStart) / 1_000_000) ms\(memory), then \(name)\n", stderr)
            phaseStart = now
        }
    }

    /// HECKEL_PHASE_TIMES=1: print each phase's start, the time since the last and the resident
    /// memory (for profiling).
    private static let timesPhases = getenv("HECKEL_PHASE_TIMES") != nil
    private var phaseStart = DispatchTime.now().uptimeNanoseconds

    /// Units done so far in the current phase.
    public func update(_ done: Int) {
        guard timer != nil else { return }
        lock.locked { self.done = done }
    }

    private func draw() {
        guard !lock.locked({ finished }) else { return }
        let line: String = lock.locked {
            let width = 30
            guard total > 0 else { return "\(name)..." }
            let filled = min(width, done * width / total)
            return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                + "] \(min(100, done * 100 / total))% \(name)"
        }
        let text = "\r\u{1B}[K" + line
        lock.locked {
            guard !finished else { return }
            drawn = true
            _ = text.withCString { write(2, $0, strlen($0)) }
        }
    }

    /// Stops drawing and erases the bar.
    public func finish() {
        if Self.timesPhases, !lock.locked({ finished }) { phase("done", total: 0) }
        lock.locked { finished = true }
        timer?.cancel()
        timer = nil
        // Erased once; a draw already under way when the timer was cancelled finishes first.
        if lock.locked({ let was = drawn; drawn = false; return was }) {
            _ = "\r\u{1B}[K".withCString { write(2, $0, strlen($0)) }
        }
    }

    private var finished = false
}

/// A pthread mutex, so this module needs no Foundation.
final class NSLockish: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

