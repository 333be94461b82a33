import Foundation
import TextTable

/// The human-readable table: one block of rows per lists (scenario, size and element type), then
/// the derived figures and the notes.
enum TableFormatter {
    /// A table line's cells, by column title; blank lead cells continue the block above.
    private typealias Line = [String: String]

    private static let columns: [(title: String, align: Alignment)] = [
        ("scenario", .left), ("size", .left), ("element", .left), ("engine", .left), ("threads", .right),
        ("runs", .right), ("first", .right), ("median", .right), ("min .. max", .right), ("ns/elem", .right),
        ("vs listdiff", .right), ("cold/warm", .right), ("peak RSS", .right), ("extra", .right),
        ("B/elem", .right), ("edits", .right), ("moves", .right),
    ]

    private static let table = TextTable<Line> { line in
        columns.map { Column(title: $0.title, value: line[$0.title] ?? "", align: $0.align) }
    }

    static func render(_ summary: RunSummary) -> String {
        var lines: [Line] = []
        var notes: [String] = []
        var previous: ListsKey?
        for row in summary.rows {
            var line: Line = ["engine": row.engineLabel, "threads": row.threadsLabel]
            if row.lists != previous {
                (line["scenario"], line["size"], line["element"]) = (row.lists.scenario.rawValue, row.sizeLabel, row.elementLabel)
            }
            previous = row.lists
            let name = "\(row.engineLabel) (\(row.threadsLabel) thr) on \(row.lists.label)"
            switch row.status {
            case .ok:
                line["runs"] = "\(row.coldRuns)+\(row.warmRuns)"
                line["first"] = seconds(row.firstSeconds)
                line["median"] = seconds(row.medianSeconds)
                line["min .. max"] = row.warmRuns > 1 ? seconds(row.minSeconds) + " .. " + seconds(row.maxSeconds) : ""
                line["ns/elem"] = decimal(row.nanosecondsPerElement)
                line["vs listdiff"] = ratio(row.ratioToBase)
                line["cold/warm"] = ratio(row.coldToWarm)
                line["peak RSS"] = bytes(row.peakResidentBytes)
                line["extra"] = bytes(row.extraBytes)
                line["B/elem"] = decimal(row.extraBytesPerElement)
                line["edits"] = row.edits.map { String($0.total) } ?? ""
                line["moves"] = row.edits.map { String($0.moves) } ?? ""
                if let note = row.note { notes.append("\(name): \(note)") }
            case .skipped, .timedOut:
                line["first"] = row.status == .skipped ? "skipped" : "timed out"
                notes.append("\(name): \(row.note ?? row.status.rawValue)")
            }
            lines.append(line)
        }
        var text = (table.string(for: lines) ?? "").split(separator: "\n")
            .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        if !summary.figures.isEmpty {
            text.append("")
            let width = summary.figures.map(\.name.count).max() ?? 0
            text += summary.figures.map { figure in
                figure.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + padded(figure.unit.map { String(format: "%.2f ", figure.value) + $0 } ?? ratio(figure.value), to: 8) + "  " + figure.subject
                    + (figure.goal.map { "  (goal \($0))" } ?? "") + spread(figure)
            }
        }
        text.append("")
        text.append("runs: C+W: C first (cold) calls, each in a fresh process (listdiff, ccore and flat: up to --cold-runs "
            + "\(summary.coldRuns), the first child's first run, then children that make one call each, the engines in turn; "
            + "the others: 1), then --runs \(summary.runs) warm runs in the first child, more (up to "
            + "\(Job.shortRowRuns) in all) while they add up to under \(format(Job.shortRowSeconds)) s, fewer where they "
            + "would pass the \(format(summary.timeCapSeconds)) s time cap; the engines and element types of one scenario and size take turns run by run, and a figure comparing two of them "
            + "is the median of their per-round ratios ('paired runs');")
        text.append("a warm run repeats the call back to back for about \(format(Job.turnSeconds * 1000)) ms and counts the time "
            + "per call; first is the median of the cold calls; median, min .. max, ns/elem and vs listdiff are over the warm "
            + "runs; cold/warm is first over median, with each fresh process's range beside the figure (the first call starts "
            + "from a trimmed heap, warm calls reuse what the allocator kept; 'CPU time' figures: the same ratio in user + "
            + "system time);")
        text.append("ns/elem and B/elem per element, counting (old + new) / 2 elements;")
        text.append("peak RSS: the measuring process's high-water mark, inputs included; extra: the largest resident growth "
            + "during a run, the cold one's where it faults in all its memory (one process per engine);")
        let usesMix = summary.rows.contains { [.random, .duplicates].contains($0.lists.scenario) }
        text.append("edits: deletes + inserts + moves; " + (usesMix ? "random: \(summary.randomMix); " : "")
            + "seed \(summary.seed); \(summary.cores) cores, \(bytes(Int(summary.physicalMemoryBytes))) RAM.")
        text += (summary.notes + notes).map { "note: " + $0 }
        return text.joined(separator: "\n") + "\n"
    }

    static func seconds(_ value: Double?) -> String {
        guard let value else { return "" }
        switch value {
        case ..<1e-5: return String(format: "%.1f µs", value * 1e6)
        case ..<1e-3: return String(format: "%.0f µs", value * 1e6)
        case ..<1: return String(format: value < 0.1 ? "%.2f ms" : "%.0f ms", value * 1e3)
        case ..<100: return String(format: "%.2f s", value)
        default: return String(format: "%.0f s", value)
        }
    }

    private static func decimal(_ value: Double?) -> String {
        guard let value else { return "" }
        return value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)
    }

    /// "  [1.02x .. 1.31x, 3 fresh processes]" after a median figure of several samples; a speedup's
    /// pairs with the load it was measured under: "  [median of 7 paired runs; load 0.4]".
    private static func spread(_ figure: Figure) -> String {
        if let pairs = figure.pairs {
            return "  [median of \(pairs) paired runs" + (figure.load.map { String(format: "; load %.1f", $0) } ?? "") + "]"
        }
        guard let samples = figure.samples, samples > 1, let low = figure.low, let high = figure.high else { return "" }
        return "  [\(ratio(low)) .. \(ratio(high)), \(samples) fresh processes]"
    }

    /// `text` with spaces after it up to `width` characters, never cut.
    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func ratio(_ value: Double?) -> String {
        guard let value else { return "" }
        return value < 10 ? String(format: "%.2fx", value) : String(format: "%.0fx", value)
    }

    static func bytes(_ value: Int?) -> String {
        guard let value else { return "" }
        let units = ["B", "KB", "MB", "GB", "TB"]
        var amount = Double(value)
        var unit = 0
        while amount >= 1000, unit < units.count - 1 { amount /= 1024; unit += 1 }
        return unit == 0 ? "\(value) B" : String(format: amount < 10 ? "%.1f" : "%.0f", amount) + " " + units[unit]
    }

    private static func format(_ value: Double) -> String { SuiteRunner.format(value) }
}
