import Foundation

/// Ends the child with a timeout message when one run passes the hard limit (a multiple of the
/// time cap). The engines cannot be interrupted, so the process says so and exits.
final class Watchdog {
    private let limit: Double
    private let lock = NSLock()
    private var runsStarted = 0
    private var activeRun = 0  // the run being timed; 0 when none

    init(limit: Double) { self.limit = limit }

    func arm() {
        lock.lock()
        runsStarted += 1
        activeRun = runsStarted
        let run = runsStarted
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) { [self] in
            lock.lock()
            guard activeRun == run else { lock.unlock(); return }
            ChildMeasurement.emit(.timedOut("a run was stopped after \(SuiteRunner.format(limit)) s, "
                + "\(SuiteRunner.format(Job.hardLimitFactor)) times the time cap (--time-cap)"))
            _exit(0)  // not exit(): the main thread is still inside the engine
        }
    }

    func disarm() {
        lock.lock()
        activeRun = 0
        lock.unlock()
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
