/// One line of the results: an engine on one scenario, size and element type.
struct ResultRow: Codable {
    enum Status: String, Codable {
        case ok
        case skipped
        case timedOut = "timeout"
    }

    var scenario: String
    var size: String
    var element: String
    var engine: String
    var oldCount: Int
    var newCount: Int
    var status: Status
    var note: String?
    var runs = 0
    var medianSeconds: Double?
    var minSeconds: Double?
    var maxSeconds: Double?
    /// Median nanoseconds per element, counting (old + new) / 2 elements.
    var nanosecondsPerElement: Double?
    /// This engine's median over ListDiff's median on the same lists (in the sectioned scenario,
    /// over the flat ListDiff's median: see `SuiteRunner.ratioBase`).
    var ratioToListDiff: Double?
    /// The process's resident high-water mark during the diff, inputs included.
    var peakResidentBytes: Int?
    /// Resident growth during the diff: the engine's own memory, result included.
    var extraBytes: Int?
    /// `extraBytes` per element, counting (old + new) / 2 elements.
    var extraBytesPerElement: Double?
    var deletions: Int?
    var insertions: Int?
    var moves: Int?
    /// Deletions + insertions + moves.
    var editScriptSize: Int?

    /// (old + new) / 2: the element count per-element figures divide by.
    var elementBasis: Double { max(1, Double(oldCount + newCount) / 2) }

    init(job: Job, oldCount: Int, newCount: Int, status: Status, note: String? = nil) {
        scenario = job.scenario.rawValue
        size = job.size.map(SizeArgument.label) ?? "\(oldCount)/\(newCount)"  // text: line counts
        element = job.scenario == .text ? "line" : job.element.rawValue
        engine = job.engine.rawValue
        self.oldCount = oldCount
        self.newCount = newCount
        self.status = status
        self.note = note
    }

    init(job: Job, report: ChildReport) {
        self.init(job: job, oldCount: report.oldCount, newCount: report.newCount,
                  status: report.seconds.isEmpty ? .timedOut : .ok, note: report.message)
        let times = report.seconds.sorted()
        guard !times.isEmpty else { return }
        runs = times.count
        let median = times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
        medianSeconds = median
        minSeconds = times.first
        maxSeconds = times.last
        nanosecondsPerElement = median * 1e9 / elementBasis
        peakResidentBytes = report.peakResidentBytes
        extraBytes = max(0, report.extraBytes)
        extraBytesPerElement = Double(max(0, report.extraBytes)) / elementBasis
        deletions = report.deletions
        insertions = report.insertions
        moves = report.moves
        editScriptSize = report.deletions + report.insertions + report.moves
    }
}
