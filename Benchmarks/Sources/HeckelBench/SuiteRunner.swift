import Foundation

/// A size the machine cannot hold, found before anything runs.
struct InsufficientMemory: Error, CustomStringConvertible {
    let description: String
}

/// Runs the planned jobs one child process at a time, skipping the ones estimated to pass the time
/// cap or the machine's memory, and turns the reports into rows. Wrong diffs and crashed children
/// are collected as errors, never as rows.
struct SuiteRunner {
    var jobs: [Job]
    /// The text files' sizes, when the text scenario is planned.
    var textFiles: TextFilesSummary?
    var launcher = ChildLauncher()

    private(set) var errors: [String] = []

    /// Refuses the run when some lists and the leanest engine do not fit in available memory.
    func checkMemory(available: Int = MemoryProbe.availableBytes()) throws {
        for job in jobs {
            let (old, new) = counts(of: job)
            let needed = Estimates.inputBytes(job.element, old: old, new: new)
                + Estimates.engineBytes(.ccore, job.element, old: old, new: new)
            if needed > available {
                throw InsufficientMemory(description: "\(job.group) needs about \(TableFormatter.bytes(needed)) "
                    + "for the two lists and a diff, but only \(TableFormatter.bytes(available)) is available "
                    + "(MemAvailable); choose a smaller --size or a smaller --element type")
            }
        }
    }

    mutating func run() -> [ResultRow] {
        let available = MemoryProbe.availableBytes()
        var rows: [ResultRow] = []
        for (index, job) in jobs.enumerated() {
            let (old, new) = counts(of: job)
            if let reason = skipReason(job, old: old, new: new, available: available) {
                rows.append(ResultRow(job: job, oldCount: old, newCount: new, status: .skipped, note: reason))
                continue
            }
            let label = "[\(index + 1)/\(jobs.count)] \(job.engine.rawValue) \(job.group)"
            do {
                let (report, _) = try launcher.run(job, progressLabel: label)
                switch report.status {
                case .ok, .timedOut:
                    var row = ResultRow(job: job, report: report)
                    if report.status == .timedOut {
                        row.note = "stopped after \(Self.format(job.timeCap * Job.hardLimitFactor)) s, "
                            + "\(Self.format(Job.hardLimitFactor)) times the time cap (--time-cap)"
                    }
                    if !report.peakWasReset {
                        let caveat = "the kernel refused to reset the memory peak: extra may include building the inputs"
                        row.note = [row.note, caveat].compactMap { $0 }.joined(separator: "; ")
                    }
                    rows.append(row)
                case .wrong:
                    errors.append("\(job.engine.rawValue) on \(job.group) gave a wrong diff: \(report.message ?? "")")
                case .failed:
                    errors.append("\(job.engine.rawValue) on \(job.group) failed: \(report.message ?? "")")
                }
            } catch {
                errors.append(String(describing: error))
            }
        }
        return Self.withRatios(rows)
    }

    private func counts(of job: Job) -> (old: Int, new: Int) {
        if job.scenario == .text { return (textFiles?.oldCount ?? 0, textFiles?.newCount ?? 0) }
        return Estimates.counts(job.scenario, size: job.size ?? 0, ratios: job.ratios)
    }

    private func skipReason(_ job: Job, old: Int, new: Int, available: Int) -> String? {
        let distance = job.scenario == .text
            ? textFiles?.editDistanceLowerBound
            : Estimates.editDistance(job.scenario, size: job.size ?? 0, ratios: job.ratios)
        let needed = Estimates.inputBytes(job.element, old: old, new: new)
            + Estimates.engineBytes(job.engine, job.element, old: old, new: new)
        if needed > available {
            return "estimated to need \(TableFormatter.bytes(needed)), \(TableFormatter.bytes(available)) available"
        }
        if job.engine == .stdlib, let distance {
            let seconds = Estimates.stdlibSeconds(old: old, new: new, editDistance: distance)
            if seconds > job.timeCap {
                return "estimated \(TableFormatter.seconds(seconds)) per run (O(n·d), d ≈ \(distance)) "
                    + "passes the \(Self.format(job.timeCap)) s time cap (--time-cap)"
            }
        }
        return nil
    }

    /// The engine every row's ratio compares with: listdiff, but in the sectioned scenario the flat
    /// `ListDiff` that `SectionedDiff` (engine listdiff there) should stay close to.
    static func ratioBase(ofScenario scenario: String) -> Engine {
        scenario == Scenario.sectioned.rawValue ? .flat : .listdiff
    }

    /// Fills in each row's median over the median of its ratio base on the same lists.
    private static func withRatios(_ rows: [ResultRow]) -> [ResultRow] {
        var baseMedians: [String: Double] = [:]
        for row in rows where row.engine == ratioBase(ofScenario: row.scenario).rawValue {
            if let median = row.medianSeconds { baseMedians["\(row.scenario) \(row.size) \(row.element)"] = median }
        }
        return rows.map { row in
            var row = row
            if let median = row.medianSeconds,
               let base = baseMedians["\(row.scenario) \(row.size) \(row.element)"], base > 0 {
                row.ratioToListDiff = median / base
            }
            return row
        }
    }

    /// Seconds as short as they go: "20", "0.6".
    static func format(_ value: Double) -> String {
        String(format: "%g", value)
    }
}
