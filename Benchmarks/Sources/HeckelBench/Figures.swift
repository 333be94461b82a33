/// A figure the issues set a goal for, derived from two rows of the same run.
struct Figure: Codable {
    /// What is compared: "2 threads over 1", "[String] over [Int]", "identified over plain ids",
    /// "10^8 over 10^7 per element".
    var name: String
    /// The rows' common part: "listdiff random 10^7 int".
    var subject: String
    var value: Double
    /// The goal the design brief sets, if any: "≥ 1.7x".
    var goal: String?
    /// The unit of a figure that is not a ratio: "ns", "µs".
    var unit: String? = nil
    /// A median's samples, and the lowest and highest value they gave (the first call over warm:
    /// one value per fresh process).
    var samples: Int? = nil
    var low: Double? = nil
    var high: Double? = nil
    /// For a ratio of two rows that ran side by side: the rounds whose ratios it is the median of.
    var pairs: Int? = nil
    /// The system's 1-minute load average as the figure was derived (a speedup over one thread
    /// needs idle cores: at a load of the core count or more, a second thread waits for one).
    var load: Double? = nil
}

enum Figures {
    /// The 1-minute load average (`/proc/loadavg`, Linux), or nil where the system has no such file.
    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first else { return nil }
        return Double(first)
    }

    /// `row`'s time over `base`'s. Rows of one block (a scenario and size) ran their warm runs in
    /// turns, run k of each in round k, so the ratio is the median of the per-round ratios: a burst
    /// of load that slows a round slows both sides of its ratio. Rows that ran apart (other sizes or
    /// scenarios), or with fewer than 3 rounds in common, give the ratio of their medians.
    static func ratio(_ row: ResultRow, over base: ResultRow) -> (value: Double, pairs: Int?) {
        let rounds = min(row.warmSeconds.count, base.warmSeconds.count)
        guard row.lists.block == base.lists.block, rounds >= 3 else {
            return (row.medianSeconds! / base.medianSeconds!, nil)
        }
        let ratios = (0..<rounds).map { row.warmSeconds[$0] / base.warmSeconds[$0] }
        return (ResultRow.median(ratios)!, rounds)
    }

    /// Every figure the rows allow, each goal the issues set beside it: speedup over one thread,
    /// `[String]` (21-byte and 15-byte strings) over `[Int]`, identified records over the plain
    /// diff of their ids, `SectionedDiff` over the flat diff of its items, heavy duplicates over
    /// the random mix (per element), the 100-element diff, the first call over warm from 10^3 up,
    /// each size over the next smaller one per element, and 10^5 and 10^6 over 10^4 per element.
    /// Only the engines of this package (listdiff, ccore; flat as the base of sectioned).
    static func derive(from rows: [ResultRow]) -> [Figure] {
        let measured = rows.filter { $0.medianSeconds != nil && [.listdiff, .ccore, .flat].contains($0.engine) }
        func subject(_ row: ResultRow, _ parts: [String]) -> String {
            ([row.engineLabel] + parts).joined(separator: " ")
        }
        var figures: [Figure] = []
        for row in measured where row.engine != .flat {
            let (lists, median) = (row.lists, row.medianSeconds!)
            func peer(_ match: (ResultRow) -> Bool) -> ResultRow? {
                measured.first { $0.engine == row.engine && match($0) }
            }
            if row.threads != 1, let single = peer({ $0.lists == lists && $0.threads == 1 }) {
                let speedup = ratio(single, over: row)
                figures.append(Figure(name: "\(row.threadsLabel) threads over 1 (speedup)",
                                      subject: subject(row, [lists.label]), value: speedup.value,
                                      goal: row.threads == 2 && (lists.size ?? 0) >= 1_000_000 ? "≥ 1.7x from 10^6" : nil,
                                      pairs: speedup.pairs, load: loadAverage()))
            }
            let ofThisRow = subject(row, [lists.label, "\(row.threadsLabel) thr"])
            if lists.scenario == .random, lists.element == .int, let perElement = row.nanosecondsPerElement {
                // Issue 11's small-list goals, on the classic mix.
                if lists.size == 100 {
                    figures.append(Figure(name: "100-element diff", subject: ofThisRow,
                                          value: median * 1e6, goal: "< 1 µs", unit: "µs"))
                } else if lists.size == 1_000 || lists.size == 10_000 {
                    figures.append(Figure(name: "per element of old + new",
                                          subject: ofThisRow, value: perElement / 2, goal: "≤ 6 ns at 10^3 and 10^4", unit: "ns"))
                }
            }
            if (lists.size ?? 0) >= 1_000, let cold = row.coldToWarm {
                let range = row.coldToWarmRange
                figures.append(Figure(name: "first call over warm", subject: ofThisRow, value: cold, goal: "≤ 1.3x from 10^3",
                                      samples: row.coldRuns, low: range?.lowerBound, high: range?.upperBound))
                if let cpu = row.coldToWarmCPU {  // the same without waiting for a core
                    figures.append(Figure(name: "first call over warm, CPU time", subject: ofThisRow, value: cpu))
                }
            }
            if let name = stringFigureName(lists.element), lists.scenario != .text,
               let integers = peer({ $0.lists == ListsKey(scenario: lists.scenario, size: lists.size, element: .int)
                   && $0.threads == row.threads }) {
                let over = ratio(row, over: integers)
                figures.append(Figure(name: name,
                                      subject: subject(row, [lists.scenario.rawValue, row.sizeLabel, "\(row.threadsLabel) thr"]),
                                      value: over.value, goal: "≤ 2x", pairs: over.pairs))
            }
            if let ids = lists.element.plainIDs, lists.scenario != .sectioned,
               let plain = peer({ $0.lists == ListsKey(scenario: lists.scenario, size: lists.size, element: ids)
                   && $0.threads == row.threads }) {
                let over = ratio(row, over: plain)
                figures.append(Figure(name: "identified over plain ids",
                                      subject: subject(row, [lists.scenario.rawValue, row.sizeLabel, ids.rawValue, "\(row.threadsLabel) thr"]),
                                      value: over.value, goal: "≤ 1.3x", pairs: over.pairs))
            }
            if lists.scenario == .sectioned, row.engine == .listdiff,
               let flat = measured.first(where: { $0.engine == .flat && $0.lists == lists && $0.threads == row.threads }) {
                let over = ratio(row, over: flat)
                figures.append(Figure(name: "sectioned over flat", subject: subject(row, [lists.label]), value: over.value,
                                      goal: (lists.size ?? 0) >= 1_000_000 ? "≤ 1.5x at 10^6" : nil, pairs: over.pairs))
            }
            if lists.scenario == .duplicates, let perElement = row.nanosecondsPerElement,
               let mix = peer({ $0.lists == ListsKey(scenario: .random, size: lists.size, element: lists.element)
                   && $0.threads == row.threads }), let mixPerElement = mix.nanosecondsPerElement {
                let size = lists.size ?? 0
                figures.append(Figure(name: "duplicates over random, per element",
                                      subject: subject(row, [row.sizeLabel, lists.element.rawValue, "\(row.threadsLabel) thr"]),
                                      value: perElement / mixPerElement,
                                      goal: size == 100_000 || size == 1_000_000 ? "≤ 1.3x at 10^5 and 10^6" : nil))
            }
            figures += perElementFigures(row, among: measured)
        }
        return figures
    }

    /// The name of the figure comparing lists of `element` with `[Int]`, for the string kinds.
    private static func stringFigureName(_ element: ElementKind) -> String? {
        switch element {
        case .string: return "[String] over [Int]"
        case .shortString: return "[String] of 15 bytes over [Int]"
        default: return nil
        }
    }

    /// `row`'s time per element over that of the same lists' next smaller size, and over 10^4's
    /// when that is not the next smaller (10^5 and 10^6: the flat per-element cost).
    private static func perElementFigures(_ row: ResultRow, among measured: [ResultRow]) -> [Figure] {
        let lists = row.lists
        guard let size = lists.size, let perElement = row.nanosecondsPerElement else { return [] }
        let smaller = measured.filter { $0.engine == row.engine && $0.threads == row.threads
            && $0.lists.scenario == lists.scenario && $0.lists.element == lists.element
            && ($0.lists.size ?? .max) < size && ($0.nanosecondsPerElement ?? 0) > 0 }
        let onRandomInt = lists.scenario == .random && lists.element == .int
        func goal(over base: Int) -> String? {
            if size == 100_000_000 { return "≤ 1.3x over 10^7" }
            guard onRandomInt, base == 10_000 else { return nil }
            return size == 100_000 ? "≤ 1.3x" : size == 1_000_000 ? "≤ 1.5x" : nil
        }
        func figure(over base: ResultRow) -> Figure {
            Figure(name: "\(row.sizeLabel) over \(base.sizeLabel), per element",
                   subject: ([row.engineLabel, lists.scenario.rawValue, lists.element.rawValue, "\(row.threadsLabel) thr"])
                       .joined(separator: " "),
                   value: perElement / base.nanosecondsPerElement!, goal: goal(over: base.lists.size!))
        }
        var figures: [Figure] = []
        if let next = smaller.max(by: { $0.lists.size! < $1.lists.size! }) { figures.append(figure(over: next)) }
        if size == 100_000 || size == 1_000_000, let tenThousand = smaller.first(where: { $0.lists.size == 10_000 }),
           figures.first?.name.hasSuffix("over 10^4, per element") != true {
            figures.append(figure(over: tenThousand))
        }
        return figures
    }
}
