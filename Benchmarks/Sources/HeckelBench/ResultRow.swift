/// One line of the results: an engine, at a thread count, on one pair of lists.
struct ResultRow: Codable {
    enum Status: String, Codable {
        case ok
        case skipped
        case timedOut = "timeout"
    }

    var lists: ListsKey
    var engine: Engine
    var threads: Int
    /// Measured with `--workspace`: the engine kept one workspace in each measuring process.
    var workspace: Bool
    var oldCount: Int
    var newCount: Int
    var status: Status
    var note: String?
    /// Runs after the first (warm runs).
    var warmRuns = 0
    /// First calls measured, each in a fresh process (`--cold-runs`).
    var coldRuns = 0
    /// The first call in a fresh process (cold: code loading, page faults and all): the median
    /// over `coldRuns` fresh processes, and their fastest and slowest.
    var firstSeconds: Double?
    var firstMinSeconds: Double?
    var firstMaxSeconds: Double?
    /// Median, minimum and maximum of the warm runs (of the first alone when it was the only one).
    var medianSeconds: Double?
    var minSeconds: Double?
    var maxSeconds: Double?
    /// The warm runs' times per call in the order they ran: run k in the k-th round of the round
    /// robin, beside run k of every other row of its block (`Figures.ratio`).
    var warmSeconds: [Double] = []
    /// This engine's median over the ratio base's median on the same lists (see `Scenario.ratioBase`).
    var ratioToBase: Double?
    /// The process's resident high-water mark during a run, inputs included.
    var peakResidentBytes: Int?
    /// The largest resident growth during one run: the engine's own memory, result included.
    var extraBytes: Int?
    /// Minor page faults and CPU seconds of the first call (medians over the fresh processes), and
    /// the medians per call of the warm runs (JSON and CSV only).
    var firstMinorFaults: Double?
    var medianMinorFaults: Double?
    var firstCPUSeconds: Double?
    var medianCPUSeconds: Double?
    var edits: EditCounts?

    init(job: Job, oldCount: Int, newCount: Int, status: Status, note: String? = nil) {
        lists = job.lists
        engine = job.engine
        threads = job.threads
        workspace = job.workspace
        self.oldCount = oldCount
        self.newCount = newCount
        self.status = status
        self.note = note
    }

    init(_ record: ChildRecord) {
        self.init(job: record.job, oldCount: record.oldCount, newCount: record.newCount,
                  status: record.runs.isEmpty ? .timedOut : .ok, note: record.note)
        guard let first = record.runs.first else { return }
        let firstCalls = record.firstCalls
        coldRuns = firstCalls.count
        firstSeconds = Self.median(firstCalls.map(\.seconds))
        firstMinSeconds = firstCalls.map(\.seconds).min()
        firstMaxSeconds = firstCalls.map(\.seconds).max()
        warmSeconds = record.runs.dropFirst().map(\.seconds)
        let warm = warmSeconds.sorted()
        warmRuns = warm.count
        let times = warm.isEmpty ? [first.seconds] : warm
        medianSeconds = Self.median(times)
        minSeconds = times.first
        maxSeconds = times.last
        peakResidentBytes = (record.runs + record.coldRuns).map(\.peakResidentBytes).max()
        extraBytes = (record.runs + record.coldRuns).map(\.extraBytes).max()
        firstMinorFaults = Self.median(firstCalls.compactMap(\.minorFaults))
        firstCPUSeconds = Self.median(firstCalls.compactMap(\.cpuSeconds))
        medianMinorFaults = Self.median(record.runs.dropFirst().compactMap(\.minorFaults))
        medianCPUSeconds = Self.median(record.runs.dropFirst().compactMap(\.cpuSeconds))
        edits = first.edits
    }

    /// The middle value (the mean of the two middle ones for an even count); nil for none.
    static func median(_ values: [Double]) -> Double? {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The first call's CPU time over the warm median's: the cold penalty without the time spent
    /// waiting for a core (a loaded machine moves the wall-clock ratio).
    var coldToWarmCPU: Double? {
        guard let firstCPUSeconds, let medianCPUSeconds, medianCPUSeconds > 0 else { return nil }
        return firstCPUSeconds / medianCPUSeconds
    }

    /// (old + new) / 2, the count per-element figures divide by; nil for empty lists.
    var elementBasis: Double? { oldCount + newCount > 0 ? Double(oldCount + newCount) / 2 : nil }

    /// Median nanoseconds per element.
    var nanosecondsPerElement: Double? {
        guard let medianSeconds, let elementBasis else { return nil }
        return medianSeconds * 1e9 / elementBasis
    }

    /// `extraBytes` per element.
    var extraBytesPerElement: Double? {
        guard let extraBytes, let elementBasis else { return nil }
        return Double(extraBytes) / elementBasis
    }

    /// The first call (median of the fresh processes) over the warm median; nil without warm runs.
    var coldToWarm: Double? {
        guard warmRuns > 0, let firstSeconds, let medianSeconds, medianSeconds > 0 else { return nil }
        return firstSeconds / medianSeconds
    }

    /// The fastest and slowest fresh process's first call over the warm median; nil without warm
    /// runs or with one cold sample.
    var coldToWarmRange: ClosedRange<Double>? {
        guard coldRuns > 1, warmRuns > 0, let firstMinSeconds, let firstMaxSeconds, let medianSeconds,
              medianSeconds > 0 else { return nil }
        return (firstMinSeconds / medianSeconds)...(firstMaxSeconds / medianSeconds)
    }

    /// "10^6", or old/new line counts for text files.
    var sizeLabel: String { lists.size.map(SizeArgument.label) ?? "\(oldCount)/\(newCount)" }

    /// "int", or "line" for text files.
    var elementLabel: String { lists.scenario == .text ? "line" : lists.element.rawValue }

    /// "1", "2", or "auto" for the library's own choice.
    /// "listdiff", or "listdiff+workspace" for a `--workspace` row.
    var engineLabel: String { workspace ? engine.rawValue + "+workspace" : engine.rawValue }

    var threadsLabel: String { threads == 0 ? "auto" : String(threads) }
}
