import Foundation

/// The human-readable table: one block of rows per scenario, size and element type.
enum TableFormatter {
    private static let headers = ["scenario", "size", "element", "engine", "runs", "median", "min .. max",
                                  "ns/elem", "vs listdiff", "peak RSS", "extra", "B/elem", "edits", "moves"]
    /// Columns aligned right (numbers).
    private static let rightAligned: Set<Int> = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13]

    static func render(_ summary: RunSummary) -> String {
        var cells: [[String]] = []
        var notes: [String] = []
        var previousGroup = ""
        for row in summary.rows {
            let group = "\(row.scenario) \(row.size) \(row.element)"
            let firstOfGroup = group != previousGroup
            previousGroup = group
            let lead = firstOfGroup ? [row.scenario, row.size, row.element] : ["", "", ""]
            switch row.status {
            case .ok:
                cells.append(lead + [
                    row.engine, String(row.runs), seconds(row.medianSeconds), range(row), decimal(row.nanosecondsPerElement),
                    ratio(row.ratioToListDiff), bytes(row.peakResidentBytes), bytes(row.extraBytes),
                    decimal(row.extraBytesPerElement), row.editScriptSize.map(String.init) ?? "",
                    row.moves.map(String.init) ?? "",
                ])
                if let note = row.note {
                    let runs = row.runs < summary.runs ? "\(row.runs) of \(summary.runs) runs, " : ""
                    notes.append("\(row.engine) on \(group): \(runs)\(note)")
                }
            case .skipped, .timedOut:
                cells.append(lead + [row.engine, "", row.status == .skipped ? "skipped" : "timed out"]
                    + Array(repeating: "", count: headers.count - 6))
                notes.append("\(row.engine) on \(group): \(row.note ?? row.status.rawValue)")
            }
        }
        var lines = layout([headers] + cells)
        lines.append("")
        lines.append("runs: --runs \(summary.runs), more (up to \(Job.shortRowRuns)) while they add up to under "
            + "\(format(Job.shortRowSeconds)) s, fewer where they would pass the \(format(summary.timeCapSeconds)) s time cap; "
            + "times are the median, min and max;")
        lines.append("ns/elem and B/elem per element, counting (old + new) / 2 elements;")
        lines.append("peak RSS: the measuring process's high-water mark, inputs included; extra: resident growth during "
            + "the diff (one fresh process per engine);")
        let usesMix = summary.rows.contains { ["random", "duplicates"].contains($0.scenario) }
        lines.append("edits: deletes + inserts + moves; " + (usesMix ? "random: \(summary.randomMix); " : "")
            + "seed \(summary.seed); \(summary.cores) cores, \(bytes(Int(summary.physicalMemoryBytes))) RAM.")
        lines += (summary.notes + notes).map { "note: " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func layout(_ rows: [[String]]) -> [String] {
        let widths = headers.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            row.indices.map { column in
                let pad = String(repeating: " ", count: widths[column] - row[column].count)
                return rightAligned.contains(column) ? pad + row[column] : row[column] + pad
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        lines.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
        return lines
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

    private static func range(_ row: ResultRow) -> String {
        guard row.runs > 1 else { return "" }
        return seconds(row.minSeconds) + " .. " + seconds(row.maxSeconds)
    }

    private static func decimal(_ value: Double?) -> String {
        guard let value else { return "" }
        return value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)
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
