import Foundation

/// A size the machine cannot hold, found before anything runs.
struct InsufficientMemory: Error, CustomStringConvertible {
    let description: String
}

/// Runs the planned jobs block by block (a scenario and size): the jobs of one block, every engine
/// and element type, run side by side, round robin (RoundRobin.swift), in as few batches as memory
/// allows; jobs estimated to pass the time cap or the
/// machine's memory are skipped. Wrong diffs and crashed children are collected as errors, never
/// as rows.
struct SuiteRunner {
    var jobs: [Job]
    /// Timed runs after each child's first (cold) one.
    var warmRuns: Int
    /// First calls to measure per row, each in a fresh child (`--cold-runs`).
    var coldRuns: Int
    /// The text files' sizes, when the text scenario is planned.
    var textFiles: TextFilesSummary?

    private(set) var errors: [String] = []
    private(set) var notes: [String] = []

    init(jobs: [Job], warmRuns: Int, coldRuns: Int = 1, textFiles: TextFilesSummary?) {
        self.jobs = jobs
        self.warmRuns = warmRuns
        self.coldRuns = coldRuns
        self.textFiles = textFiles
    }

    /// Refuses the run when some lists and the leanest engine do not fit in available memory.
    func checkMemory(available: Int = MemoryProbe.availableBytes()) throws {
        for job in jobs {
            let (old, new) = counts(of: job)
            let needed = Estimates.inputBytes(job.element, old: old, new: new)
                + Estimates.engineBytes(.ccore, job.element, old: old, new: new)
            if needed > available {
                throw InsufficientMemory(description: "\(job.lists.label) needs about \(TableFormatter.bytes(needed)) "
                    + "for the two lists and a diff, but only \(TableFormatter.bytes(available)) is available "
                    + "(MemAvailable); choose a smaller --size or a smaller --element type")
            }
        }
    }

    mutating func run() async -> [ResultRow] {
        let available = MemoryProbe.availableBytes()
        let groups = Self.blocks(jobs)
        var rows: [ResultRow] = []
        for (index, group) in groups.enumerated() {
            var measured: [Job: ChildRecord] = [:]
            var skipped: [Job: String] = [:]
            var batches: [[Job]] = [[]]
            var batchesBytes: [(total: Int, largest: Int)] = [(0, 0)]  // needed by each batch, by its biggest job
            for job in group {
                let (old, new) = counts(of: job)
                let needed = Estimates.inputBytes(job.element, old: old, new: new)
                    + Estimates.engineBytes(job.engine, job.element, old: old, new: new)
                if let reason = skipReason(job, old: old, new: new, needed: needed, available: available) {
                    skipped[job] = reason
                    continue
                }
                if batchesBytes[batches.count - 1].total + needed > available, !batches[batches.count - 1].isEmpty {
                    batches.append([])
                    batchesBytes.append((0, 0))
                }
                batches[batches.count - 1].append(job)
                let bytes = batchesBytes[batches.count - 1]
                batchesBytes[batches.count - 1] = (bytes.total + needed, max(bytes.largest, needed))
            }
            if batches.count > 1 {
                notes.append("\(group[0].lists.blockLabel): ran in \(batches.count) batches to fit in memory, "
                    + "its jobs interleaved within each batch only")
            }
            let progress = ProgressLine(label: "[\(index + 1)/\(groups.count)] \(group[0].lists.blockLabel)")
            for (batch, bytes) in zip(batches, batchesBytes) where !batch.isEmpty {
                // A fresh child for a cold sample runs beside the batch's when memory holds one more.
                let beside = bytes.total + bytes.largest <= available
                for record in await RoundRobin.measure(batch, warmRuns: warmRuns, coldRuns: coldRuns, coldBeside: beside) {
                    measured[record.job] = record
                }
            }
            progress.finish()
            for job in group {
                if let reason = skipped[job] {
                    let (old, new) = counts(of: job)
                    rows.append(ResultRow(job: job, oldCount: old, newCount: new, status: .skipped, note: reason))
                } else if let record = measured[job], let row = row(of: record) {
                    rows.append(row)
                }
            }
        }
        return Self.withRatios(rows)
    }

    /// The jobs by block, in the planned order: one block per scenario and size, so that its element
    /// types take turns too and the figures comparing them (`[String]` over `[Int]`, identified over
    /// plain ids) come from interleaved runs, as the engines' do.
    static func blocks(_ jobs: [Job]) -> [[Job]] {
        SuitePlan.unique(jobs.map(\.lists.block)).map { block in jobs.filter { $0.lists.block == block } }
    }

    /// The record's row, or nil (and an error) when the child failed or gave a wrong diff.
    private mutating func row(of record: ChildRecord) -> ResultRow? {
        let name = "\(record.job.engine.rawValue) (\(record.job.threads) threads) on \(record.job.lists.label)"
        switch record.ending {
        case let .wrong(message)?:
            errors.append("\(name) gave a wrong diff: \(message)")
            return nil
        case let .failed(message)?:
            errors.append("\(name) failed: \(message)")
            return nil
        case let .timedOut(message)?:
            record.note = [record.note, message].compactMap { $0 }.joined(separator: "; ")
        case .ready?, .run?, nil:
            break
        }
        var row = ResultRow(record)
        if record.runs.contains(where: { !$0.peakWasReset }) {
            let caveat = "the kernel refused to reset the memory peak: extra may include building the inputs"
            row.note = [row.note, caveat].compactMap { $0 }.joined(separator: "; ")
        }
        return row
    }

    private func counts(of job: Job) -> (old: Int, new: Int) {
        if job.scenario == .text { return (textFiles?.oldCount ?? 0, textFiles?.newCount ?? 0) }
        return Estimates.counts(job.scenario, size: job.size ?? 0, ratios: job.ratios)
    }

    private func skipReason(_ job: Job, old: Int, new: Int, needed: Int, available: Int) -> String? {
        if needed > available {
            return "estimated to need \(TableFormatter.bytes(needed)), \(TableFormatter.bytes(available)) available"
        }
        let distance = job.scenario == .text
            ? textFiles?.editDistanceLowerBound
            : Estimates.editDistance(job.scenario, size: job.size ?? 0, ratios: job.ratios)
        if job.engine == .stdlib, let distance {
            let seconds = Estimates.stdlibSeconds(old: old, new: new, editDistance: distance)
            if seconds > job.timeCap {
                return "estimated \(TableFormatter.seconds(seconds)) per run (O(n·d), d ≈ \(distance)) "
                    + "passes the \(Self.format(job.timeCap)) s time cap (--time-cap)"
            }
        }
        return nil
    }

    /// Fills in each row's median over the median of its ratio base on the same lists, at the same
    /// thread count where the base ran at it, else at the base's first thread count.
    static func withRatios(_ rows: [ResultRow]) -> [ResultRow] {
        func isBase(_ row: ResultRow) -> Bool { row.engine == row.lists.scenario.ratioBase && row.medianSeconds != nil }
        return rows.map { row in
            var row = row
            let base = rows.first { isBase($0) && $0.lists == row.lists && $0.threads == row.threads }
                ?? rows.first { isBase($0) && $0.lists == row.lists }
            if let median = row.medianSeconds, let baseMedian = base?.medianSeconds, baseMedian > 0 {
                row.ratioToBase = median / baseMedian
            }
            return row
        }
    }

    /// Seconds as short as they go: "20", "0.6".
    static func format(_ value: Double) -> String {
        String(format: "%g", value)
    }
}

/// "[3/12] random 10^6 int ..." on stderr, written only once the step has run a second, then its time.
final class ProgressLine {
    private let label: String
    private let start = monotonicSeconds()
    private let lock = NSLock()
    private var shown = false
    private var finished = false

    init(label: String) {
        self.label = label
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [self] in
            lock.withLock {
                guard !finished else { return }
                shown = true
                FileHandle.standardError.write(Data("\(label) ...".utf8))
            }
        }
    }

    func finish() {
        lock.withLock {
            finished = true
            if shown { FileHandle.standardError.write(Data(String(format: " %.1f s\n", monotonicSeconds() - start).utf8)) }
        }
    }
}
