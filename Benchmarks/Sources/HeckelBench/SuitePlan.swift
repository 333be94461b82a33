/// Which measurements a command line asks for.
enum SuitePlan {
    /// The suite run with no arguments: about a minute on a 2-core machine.
    static let defaultSuite: [(Scenario, Int)] = [
        (.random, 10_000), (.random, 100_000), (.random, 1_000_000),
        (.oneMove, 1_000_000), (.reversed, 1_000_000), (.duplicates, 1_000_000),
        (.unchanged, 1_000_000), (.allNew, 1_000_000), (.sectioned, 1_000_000),
    ]

    /// Explicit scenarios and sizes combine; either alone takes the other's default (random, 10^6).
    /// Text files give the text scenario on its own unless scenarios are named too.
    static func pairs(scenarios: [Scenario], sizes: [Int], haveFiles: Bool) -> [(Scenario, Int?)] {
        if scenarios.isEmpty && sizes.isEmpty {
            return haveFiles ? [(.text, nil)] : defaultSuite.map { ($0.0, $0.1) }
        }
        let named = scenarios.isEmpty ? (haveFiles && sizes.isEmpty ? [.text] : [.random]) : scenarios
        var pairs: [(Scenario, Int?)] = []
        for scenario in unique(named) {
            if scenario == .text { pairs.append((.text, nil)); continue }
            for size in unique(sizes.isEmpty ? [1_000_000] : sizes) { pairs.append((scenario, size)) }
        }
        return pairs
    }

    /// One job per scenario and size, element type and engine, in that nesting; engines in the
    /// order listdiff, ccore, stdlib, reference so ratios read down from listdiff. The sectioned
    /// scenario runs flat then listdiff (`SectionedDiff`), its ratios reading down from flat; flat
    /// runs nowhere else.
    static func jobs(pairs: [(Scenario, Int?)], elements: [ElementKind], engines: [Engine], template: Job) -> [Job] {
        let elementKinds = unique(elements.isEmpty ? [.int] : elements)
        let engineList = engines.isEmpty ? Engine.allCases : Engine.allCases.filter(engines.contains)
        var jobs: [Job] = []
        for (scenario, size) in pairs {
            for element in scenario == .text ? [.string] : elementKinds {
                let engines = scenario == .sectioned ? [Engine.flat, .listdiff].filter(engineList.contains)
                    : engineList.filter { $0 != .flat }
                for engine in engines {
                    var job = template
                    (job.scenario, job.size, job.element, job.engine) = (scenario, size, element, engine)
                    jobs.append(job)
                }
            }
        }
        return jobs
    }

    static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }
}
