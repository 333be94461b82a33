/// One measurement: an engine on one scenario, size and element type, run in its own process.
struct Job: Codable, Hashable {
    var scenario: Scenario
    /// Old list length for generated scenarios; nil for text files.
    var size: Int?
    var element: ElementKind
    var engine: Engine
    var runs: Int
    var seed: UInt64
    var ratios: EditRatios
    /// Seconds an engine may spend on one row: no run starts once it would pass the cap in total,
    /// and the standard library is skipped where one run is estimated to pass it.
    var timeCap: Double

    /// A run is stopped at this multiple of the cap: estimates are rough and a loaded machine can
    /// run twice as slow.
    static let hardLimitFactor = 3.0

    /// Fast engines run more than `runs` times, until their runs add up to this many seconds or
    /// `shortRowRuns` runs: one load spike on a shared machine then cannot move the median.
    static let shortRowSeconds = 0.25
    static let shortRowRuns = 25
    var oldFile: String?
    var newFile: String?

    /// Rows sharing a group are the same lists under different engines.
    var group: String {
        scenario == .text ? "text files" : "\(scenario.rawValue) \(size.map(SizeArgument.label) ?? "") \(element.rawValue)"
    }
}

/// What a child process prints on stdout, as one JSON object.
struct ChildReport: Codable {
    enum Status: String, Codable {
        case ok
        case timedOut = "timeout"
        case wrong
        case failed
    }

    var status: Status
    var message: String?
    var oldCount = 0
    var newCount = 0
    var seconds: [Double] = []
    /// Resident bytes once the inputs are built, before the first run.
    var residentBeforeBytes = 0
    /// The largest resident high-water mark seen during a run.
    var peakResidentBytes = 0
    /// The largest growth of resident memory during one run (high-water mark minus resident
    /// before the run).
    var extraBytes = 0
    /// False when the kernel refused to reset the high-water mark: `extraBytes` is then an upper
    /// bound that may include building the inputs.
    var peakWasReset = true
    var deletions = 0
    var insertions = 0
    var moves = 0
}
