import Foundation

/// Where and when a run happened: what `--results-file` writes above the table, so a figure in it
/// can be traced to a command, a machine and a commit.
struct RunProvenance: Equatable {
    /// The command that reproduces the file (`./Scripts/bench.sh --results`), when a script says so.
    var command: String
    /// The harness's own command line, as it was started.
    var harnessCommand: String
    var date: Date
    var cpuModel: String
    var cores: Int
    var memoryBytes: UInt64
    var operatingSystem: String
    var swiftVersion: String
    /// The short hash of HEAD, and whether tracked files had changes when the run started.
    var commit: String
    var dirty: Bool

    /// The date as the file prints it: `2024-01-31 12:34 UTC`.
    var utcDate: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// The machine this process runs on, and the repository `directory` lies in. `resultsPath`,
    /// if it is tracked, does not make the tree dirty: the run is about to rewrite it. Arguments
    /// inside the repository are shown relative to its top, so the file names no local folder.
    static func current(arguments: [String] = CommandLine.arguments,
                        environment: [String: String] = ProcessInfo.processInfo.environment,
                        directory: URL, resultsPath: String?) -> RunProvenance {
        let top = run(["git", "-C", directory.path, "rev-parse", "--show-toplevel"]).map { $0 + "/" }
        let shown = arguments.dropFirst().map { argument in
            top.flatMap { argument.hasPrefix($0) ? String(argument.dropFirst($0.count)) : nil } ?? argument
        }
        let harness = (["heckel-bench"] + shown).joined(separator: " ")
        // Tracked files that differ from HEAD, staged or not, named from the repository's top.
        let changed = (run(["git", "-C", directory.path, "diff", "HEAD", "--name-only"]) ?? "")
            .split(separator: "\n").map { (top ?? "") + $0 }
            .filter { path in path != resultsPath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } }
        return RunProvenance(
            command: environment["HECKEL_BENCH_COMMAND"] ?? harness,
            harnessCommand: harness,
            date: Date(),
            cpuModel: cpuModel() ?? "unknown",
            cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: ProcessInfo.processInfo.physicalMemory,
            operatingSystem: operatingSystem(),
            swiftVersion: run(["swift", "--version"])?.split(separator: "\n").first.map(String.init) ?? "unknown",
            commit: run(["git", "-C", directory.path, "rev-parse", "--short", "HEAD"]) ?? "unknown",
            dirty: !changed.isEmpty)
    }

    /// `model name` from /proc/cpuinfo (Linux), else nil.
    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `PRETTY_NAME` from /etc/os-release and the kernel release, else Foundation's description.
    private static func operatingSystem() -> String {
        var system = utsname()
        uname(&system)
        let kernel = withUnsafeBytes(of: system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let pretty = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        guard let pretty else { return ProcessInfo.processInfo.operatingSystemVersionString }
        return "\(pretty), kernel \(kernel)"
    }

    /// The command's standard output, trimmed, or nil when it cannot run or fails.
    private static func run(_ command: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
