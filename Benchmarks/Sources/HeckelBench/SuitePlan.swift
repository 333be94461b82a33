/// Which measurements a command line asks for.
enum SuitePlan {
    /// The suite run with no arguments: the random mix from 10^2 (list UIs) to 10^6, and the other
    /// scenarios at 10^6.
    static let defaultSuite: [(Scenario, Int)] = [
        (.random, 100), (.random, 1_000), (.random, 10_000), (.random, 100_000), (.random, 1_000_000),
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

    /// One job per scenario and size, element type, thread count and engine, in that nesting
    /// (`Scenario.engines` orders the engines: the ratio base first, so ratios read down from it).
    static func jobs(pairs: [(Scenario, Int?)], elements: [ElementKind], engines: [Engine], threads: [Int],
                     template: Job) -> [Job] {
        let elementKinds = unique(elements.isEmpty ? [.int] : elements)
        var jobs: [Job] = []
        for (scenario, size) in pairs {
            for element in scenario == .text ? [.string] : elementKinds {
                let planned = scenario.engines(asked: engines).flatMap { engine in
                    scenario.threadCounts(for: engine, asked: threads).map { (engine, $0) }
                }
                for threads in unique(planned.map(\.1)) {
                    for (engine, engineThreads) in planned where engineThreads == threads {
                        var job = template
                        job.lists = ListsKey(scenario: scenario, size: size, element: element)
                        (job.engine, job.threads) = (engine, threads)
                        jobs.append(job)
                    }
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
