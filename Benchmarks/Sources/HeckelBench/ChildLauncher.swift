import Foundation

/// A child process that did not deliver a report.
struct ChildFailure: Error, CustomStringConvertible {
    let description: String
}

/// The parent side of a measurement: re-runs this executable with `--child JOB` so every engine
/// starts from a fresh process (its memory peak cannot hide behind another engine's), reads the
/// child's JSON report from stdout, and shows a progress line on stderr when a child runs for more
/// than a second.
struct ChildLauncher {
    let executable: URL

    init() {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        executable = URL(fileURLWithPath: path)
    }

    func run(_ job: Job, progressLabel: String) throws -> (report: ChildReport, wallSeconds: Double) {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--child", String(decoding: try JSONEncoder().encode(job), as: UTF8.self)]
        let output = Pipe()
        process.standardOutput = output
        let start = monotonicSeconds()
        let progress = ProgressLine(label: progressLabel)
        try process.run()
        progress.showAfter(seconds: 1)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let wallSeconds = monotonicSeconds() - start
        progress.finish(wallSeconds: wallSeconds)

        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            let hint = signal == SIGKILL ? " (killed: out of memory?)" : ""
            throw ChildFailure(description: "\(progressLabel): the measuring process died of signal \(signal)\(hint)")
        }
        guard let report = try? JSONDecoder().decode(ChildReport.self, from: data) else {
            let text = String(decoding: data.prefix(500), as: UTF8.self)
            throw ChildFailure(description: "\(progressLabel): the measuring process exited with status \(process.terminationStatus) without a report\(text.isEmpty ? "" : ": \(text)")")
        }
        return (report, wallSeconds)
    }
}

/// "[3/12] listdiff random 10^6 int ..." on stderr, written only once the step has run a second.
private final class ProgressLine {
    private let label: String
    private let lock = NSLock()
    private var shown = false
    private var finished = false

    init(label: String) { self.label = label }

    func showAfter(seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock()
            defer { lock.unlock() }
            guard !finished else { return }
            shown = true
            FileHandle.standardError.write(Data("\(label) ...".utf8))
        }
    }

    func finish(wallSeconds: Double) {
        lock.lock()
        defer { lock.unlock() }
        finished = true
        if shown { FileHandle.standardError.write(Data(String(format: " %.1f s\n", wallSeconds).utf8)) }
    }
}
