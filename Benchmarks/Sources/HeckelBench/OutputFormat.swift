import ArgumentParser
import Foundation

enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table
    case json
    case csv
}

/// What the run measured, with the settings needed to reproduce it.
struct RunSummary: Codable {
    var command: String
    var seed: UInt64
    var runs: Int
    var coldRuns: Int
    var timeCapSeconds: Double
    var randomMix: String
    var cores: Int
    var physicalMemoryBytes: UInt64
    var notes: [String]
    var rows: [ResultRow]
    var figures: [Figure]
}

enum OutputFormatter {
    static func render(_ summary: RunSummary, as format: OutputFormat) -> String {
        switch format {
        case .table: return TableFormatter.render(summary)
        case .json: return json(summary)
        case .csv: return csv(summary.rows)
        }
    }

    private static func json(_ summary: RunSummary) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(summary)) ?? Data(), as: UTF8.self) + "\n"
    }

    private static func csv(_ rows: [ResultRow]) -> String {
        let header = "scenario,size,element,engine,threads,old_count,new_count,status,warm_runs,first_s,median_s,min_s,"
            + "max_s,ns_per_element,ratio_to_base,cold_to_warm,peak_resident_bytes,extra_bytes,"
            + "extra_bytes_per_element,deletions,insertions,moves,edit_script_size,first_minor_faults,median_minor_faults,first_cpu_s,median_cpu_s,"
            + "cold_runs,first_min_s,first_max_s,note"
        func number(_ value: Double?) -> String { value.map { String(format: "%.9g", $0) } ?? "" }
        func integer(_ value: Int?) -> String { value.map(String.init) ?? "" }
        func quoted(_ text: String?) -> String {
            guard let text, !text.isEmpty else { return "" }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        let lines = rows.map { row in
            [row.lists.scenario.rawValue, integer(row.lists.size), row.elementLabel, row.engine.rawValue,
             String(row.threads), String(row.oldCount), String(row.newCount), row.status.rawValue, String(row.warmRuns),
             number(row.firstSeconds), number(row.medianSeconds), number(row.minSeconds), number(row.maxSeconds),
             number(row.nanosecondsPerElement), number(row.ratioToBase), number(row.coldToWarm),
             integer(row.peakResidentBytes), integer(row.extraBytes), number(row.extraBytesPerElement),
             integer(row.edits?.deletions), integer(row.edits?.insertions), integer(row.edits?.moves),
             integer(row.edits?.total), number(row.firstMinorFaults), number(row.medianMinorFaults),
             number(row.firstCPUSeconds), number(row.medianCPUSeconds), String(row.coldRuns),
             number(row.firstMinSeconds), number(row.firstMaxSeconds), quoted(row.note)].joined(separator: ",")
        }
        return ([header] + lines).joined(separator: "\n") + "\n"
    }
}
