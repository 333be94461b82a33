import Foundation

/// Ends the child with a timeout report when one run passes the hard limit (a multiple of the
/// time cap). The engines cannot be interrupted, so the process prints what it has and exits.
final class Watchdog {
    private let limit: Double
    private let lock = NSLock()
    private var runsStarted = 0
    private var activeRun = 0  // the run being timed; 0 when none

    init(limit: Double) { self.limit = limit }

    func arm(reportingOnTimeout report: ChildReport) {
        lock.lock()
        runsStarted += 1
        activeRun = runsStarted
        let run = runsStarted
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) { [self] in
            lock.lock()
            guard activeRun == run else { lock.unlock(); return }
            var timedOut = report
            timedOut.status = report.seconds.isEmpty ? .timedOut : .ok
            timedOut.message = "a run was stopped after \(SuiteRunner.format(limit)) s, "
                + "\(SuiteRunner.format(Job.hardLimitFactor)) times the time cap (--time-cap)"
            ChildMeasurement.emit(timedOut)
            _exit(0)  // not exit(): the main thread is still inside the engine
        }
    }

    func disarm() {
        lock.lock()
        activeRun = 0
        lock.unlock()
    }
}
