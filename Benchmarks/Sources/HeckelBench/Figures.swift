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
}

enum Figures {
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

    /// Every figure the rows allow: speedup over one thread, `[String]` over `[Int]`, identified
    /// records over the plain diff of their ids, heavy duplicates over the random mix (per
    /// element), and each size over the next smaller one per element. Only the engines of this package (listdiff, ccore).
    static func derive(from rows: [ResultRow]) -> [Figure] {
        let measured = rows.filter { $0.medianSeconds != nil && [.listdiff, .ccore].contains($0.engine) }
        func subject(_ row: ResultRow, _ parts: [String]) -> String {
            ([row.engine.rawValue] + parts).joined(separator: " ")
        }
        var figures: [Figure] = []
        for row in measured {
            let (lists, median) = (row.lists, row.medianSeconds!)
            func peer(_ match: (ResultRow) -> Bool) -> ResultRow? {
                measured.first { $0.engine == row.engine && match($0) }
            }
            if row.threads != 1, let single = peer({ $0.lists == lists && $0.threads == 1 }) {
                let speedup = ratio(single, over: row)
                figures.append(Figure(name: "\(row.threadsLabel) threads over 1 (speedup)",
                                      subject: subject(row, [lists.label]), value: speedup.value,
                                      goal: row.threads == 2 && (lists.size ?? 0) >= 10_000_000 ? "≥ 1.7x at 10^7 and 10^8" : nil,
                                      pairs: speedup.pairs))
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
            if (lists.size ?? 0) >= 1_000_000, let cold = row.coldToWarm {
                let range = row.coldToWarmRange
                figures.append(Figure(name: "first call over warm", subject: ofThisRow, value: cold, goal: "≤ 1.3x",
                                      samples: row.coldRuns, low: range?.lowerBound, high: range?.upperBound))
                if let cpu = row.coldToWarmCPU {  // the same without waiting for a core
                    figures.append(Figure(name: "first call over warm, CPU time", subject: ofThisRow, value: cpu))
                }
            }
            if lists.element == .string, lists.scenario != .text,
               let integers = peer({ $0.lists == ListsKey(scenario: lists.scenario, size: lists.size, element: .int)
                   && $0.threads == row.threads }) {
                let over = ratio(row, over: integers)
                figures.append(Figure(name: "[String] over [Int]",
                                      subject: subject(row, [lists.scenario.rawValue, row.sizeLabel, "\(row.threadsLabel) thr"]),
                                      value: over.value, goal: "≤ 1.5x", pairs: over.pairs))
            }
            if let ids = lists.element.plainIDs, lists.scenario != .sectioned,
               let plain = peer({ $0.lists == ListsKey(scenario: lists.scenario, size: lists.size, element: ids)
                   && $0.threads == row.threads }) {
                let over = ratio(row, over: plain)
                figures.append(Figure(name: "identified over plain ids",
                                      subject: subject(row, [lists.scenario.rawValue, row.sizeLabel, ids.rawValue, "\(row.threadsLabel) thr"]),
                                      value: over.value, goal: "≤ 1.3x", pairs: over.pairs))
            }
            if lists.scenario == .duplicates, let perElement = row.nanosecondsPerElement,
               let mix = peer({ $0.lists == ListsKey(scenario: .random, size: lists.size, element: lists.element)
                   && $0.threads == row.threads }), let mixPerElement = mix.nanosecondsPerElement {
                figures.append(Figure(name: "duplicates over random, per element",
                                      subject: subject(row, [row.sizeLabel, lists.element.rawValue, "\(row.threadsLabel) thr"]),
                                      value: perElement / mixPerElement, goal: "≤ 2x"))
            }
            if let size = lists.size, let perElement = row.nanosecondsPerElement,
               let smaller = measured.filter({ $0.engine == row.engine && $0.threads == row.threads
                   && $0.lists.scenario == lists.scenario && $0.lists.element == lists.element
                   && ($0.lists.size ?? .max) < size }).max(by: { $0.lists.size! < $1.lists.size! }),
               let smallerPerElement = smaller.nanosecondsPerElement, smallerPerElement > 0 {
                figures.append(Figure(name: "\(row.sizeLabel) over \(smaller.sizeLabel), per element",
                                      subject: subject(row, [lists.scenario.rawValue, lists.element.rawValue, "\(row.threadsLabel) thr"]),
                                      value: perElement / smallerPerElement,
                                      goal: size == 100_000_000 ? "≤ 1.3x over 10^7" : nil))
            }
        }
        return figures
    }
}
