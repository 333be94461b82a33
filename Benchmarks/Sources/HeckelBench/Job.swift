/// What the lists of a row are: rows with equal keys diff the same lists.
struct ListsKey: Codable, Hashable {
    var scenario: Scenario
    /// Old list length for generated scenarios; nil for text files.
    var size: Int?
    /// The element type (`string` for text files, whose elements are lines).
    var element: ElementKind

    /// "random 10^6 int", "text files".
    var label: String {
        scenario == .text ? "text files" : "\(blockLabel) \(element.rawValue)"
    }

    /// The lists of every element type for this scenario and size, which the suite measures side by side.
    var block: Block { Block(scenario: scenario, size: size) }

    /// "random 10^6", "text files".
    var blockLabel: String {
        scenario == .text ? "text files" : "\(scenario.rawValue) \(size.map(SizeArgument.label) ?? "")"
    }

    struct Block: Hashable {
        var scenario: Scenario
        var size: Int?
    }
}

/// One measurement: an engine on one pair of lists, run in its own process.
struct Job: Codable, Hashable {
    var lists: ListsKey
    var engine: Engine
    /// Threads the engine may use; 0: the library's own choice. Engines that take no thread
    /// count run with 1.
    var threads: Int
    var seed: UInt64
    var ratios: EditRatios
    /// Seconds an engine may spend on one row: no run starts once it would pass the cap in total,
    /// and the standard library is skipped where one run is estimated to pass it.
    var timeCap: Double
    var oldFile: String?
    var newFile: String?
    /// `--workspace`: listdiff (every `ListDiff` of the child) and ccore keep one workspace for the
    /// child's life instead of taking their scratch from the allocator on every call.
    var workspace = false

    var scenario: Scenario { lists.scenario }
    var size: Int? { lists.size }
    var element: ElementKind { lists.element }

    /// The salt that turns identities into elements (`BenchElement.init(identity:salt:)`).
    var elementSalt: UInt64 {
        var generator = SeededGenerator(seed: ~seed)
        return generator.next()
    }

    /// A run is stopped at this multiple of the cap: estimates are rough and a loaded machine can
    /// run twice as slow.
    static let hardLimitFactor = 3.0

    /// Fast engines run more than `--runs` times, until their runs add up to this many seconds or
    /// `shortRowRuns` runs: one load spike on a shared machine then cannot move the median.
    static let shortRowSeconds = 0.25
    static let shortRowRuns = 25

    /// A warm turn repeats the call until it lasts about this long.
    static let turnSeconds = 0.002
}

/// One timed turn, as the child measured it.
struct RunMeasurement: Codable {
    /// Seconds per call.
    var seconds: Double
    /// Calls made back to back in the turn (see `ChildMeasurement.serve`).
    var calls: Int
    /// When the turn started, on the machine's monotonic clock (comparable across processes).
    var started: Double
    /// The resident high-water mark during the run, inputs included.
    var peakResidentBytes: Int
    /// Resident growth during the run: high-water mark minus resident before it.
    var extraBytes: Int
    /// False when the kernel refused to reset the high-water mark: `extraBytes` is then an upper
    /// bound that may include building the inputs.
    var peakWasReset: Bool
    /// The checked result's edits; the first run only.
    var edits: EditCounts?
    /// Minor page faults per call (the process's, every thread's): a cold call's first touches of
    /// fresh memory, which warm calls reusing the allocator's blocks do not pay.
    var minorFaults: Double?
    /// CPU seconds (user + system, every thread's) per call: unlike `seconds`, no time spent
    /// waiting for a core on a loaded machine (getrusage's resolution: take it over long calls).
    var cpuSeconds: Double?
}

/// One line a measuring child prints on stdout, as JSON. The child prints `ready` once its lists
/// are built, then one `run` for each "run" line it reads on stdin, until stdin ends.
enum ChildMessage: Codable {
    case ready(oldCount: Int, newCount: Int)
    case run(RunMeasurement)
    /// A run passed `hardLimitFactor` times the time cap; the child has exited.
    case timedOut(String)
    /// The result failed the check; the child has exited.
    case wrong(String)
    /// The lists could not be built or the engine failed; the child has exited.
    case failed(String)
}
