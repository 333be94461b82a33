import Foundation

/// The child-process side of a measurement: build the inputs, run the engine `runs` times, read
/// time and memory around each run, check the first result, and print one `ChildReport`.
enum ChildMeasurement {
    static func run(_ job: Job) -> ChildReport {
        MemoryProbe.returnLargeBlocksOnFree()
        do {
            if job.scenario == .text {
                let old = try Inputs.lines(ofFile: job.oldFile ?? "")
                let new = try Inputs.lines(ofFile: job.newFile ?? "")
                return try measure(job, old: old, new: new)
            }
            switch (job.element, job.scenario == .sectioned) {
            case (.int, false): return try measureGenerated(job, as: Int.self)
            case (.uuid, false): return try measureGenerated(job, as: UUID.self)
            case (.string, false): return try measureGenerated(job, as: String.self)
            case (.struct, false): return try measureGenerated(job, as: Row.self)
            case (.int, true): return try SectionedMeasurement.run(job, as: Int.self)
            case (.uuid, true): return try SectionedMeasurement.run(job, as: UUID.self)
            case (.string, true): return try SectionedMeasurement.run(job, as: String.self)
            case (.struct, true): return try SectionedMeasurement.run(job, as: Row.self)
            }
        } catch let error as WrongDiff {
            return ChildReport(status: .wrong, message: error.description)
        } catch {
            return ChildReport(status: .failed, message: String(describing: error))
        }
    }

    /// Prints a report as the child's only output.
    static func emit(_ report: ChildReport) {
        let data = (try? JSONEncoder().encode(report)) ?? Data("{\"status\":\"failed\"}".utf8)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    private static func measureGenerated<Element: BenchElement>(_ job: Job, as type: Element.Type) throws -> ChildReport {
        let (old, new) = Inputs.generated(job, as: type)
        return try measure(job, old: old, new: new)
    }

    private static func measure<Element: BenchElement>(_ job: Job, old: [Element], new: [Element]) throws -> ChildReport {
        var report = ChildReport(status: .ok, oldCount: old.count, newCount: new.count)
        let (smallOld, smallNew) = (Array(old.prefix(warmUpCount)), Array(new.prefix(warmUpCount)))
        try timeRuns(job, report: &report, warmUp: { try job.engine.run(old: smallOld, new: smallNew) },
                     run: { try job.engine.run(old: old, new: new) }, check: { result in
            let outcome = job.engine.outcome(of: result, old: old, new: new)
            try verify(outcome, old: old, new: new)
            return (outcome.deletions.count, outcome.insertions.count, outcome.moves.count)
        })
        return report
    }

    /// Elements of the untimed warm-up run.
    static let warmUpCount = 1000

    /// Runs `warmUp` once untimed (on a short prefix of the lists: it loads code and builds type
    /// metadata, which a fresh process does on its first call), then `run` `job.runs` times within
    /// the time cap, more while the runs so far are short (see `Job.shortRowSeconds`), reading
    /// time and resident memory around each run. `check` verifies the first result and counts its
    /// deletions, insertions and moves.
    static func timeRuns(_ job: Job, report: inout ChildReport, warmUp: () throws -> Any, run: () throws -> Any,
                         check: (Any) throws -> (deletions: Int, insertions: Int, moves: Int)) throws {
        _ = try warmUp()
        MemoryProbe.releaseFreeMemory()
        report.residentBeforeBytes = MemoryProbe.residentBytes()
        let watchdog = Watchdog(limit: job.timeCap * Job.hardLimitFactor)
        var index = 0
        while index < job.runs || (report.seconds.reduce(0, +) < Job.shortRowSeconds && index < Job.shortRowRuns) {
            defer { index += 1 }
            if let last = report.seconds.last, report.seconds.reduce(0, +) + last > job.timeCap {
                report.message = "another run would pass the \(SuiteRunner.format(job.timeCap)) s time cap (--time-cap)"
                break
            }
            MemoryProbe.releaseFreeMemory()
            report.peakWasReset = MemoryProbe.resetPeak() && report.peakWasReset
            let before = MemoryProbe.residentBytes()
            watchdog.arm(reportingOnTimeout: report)
            let start = monotonicSeconds()
            let result = try run()
            let seconds = monotonicSeconds() - start
            let peak = MemoryProbe.peakResidentBytes()
            watchdog.disarm()

            report.seconds.append(seconds)
            report.peakResidentBytes = max(report.peakResidentBytes, peak)
            report.extraBytes = max(report.extraBytes, peak - before)
            if index == 0 {
                (report.deletions, report.insertions, report.moves) = try check(result)
            }
        }
    }
}
