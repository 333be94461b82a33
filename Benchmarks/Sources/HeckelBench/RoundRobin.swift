import Foundation
import Subprocess
import SystemPackage

/// What the parent learns from one measuring child.
final class ChildRecord {
    let job: Job
    var oldCount = 0
    var newCount = 0
    /// The runs in order; the first is the cold one.
    var runs: [RunMeasurement] = []
    /// Set when the child stopped before the parent was done with it.
    var ending: ChildMessage?
    var note: String?

    init(job: Job) { self.job = job }

    var isLive: Bool { ending == nil }

    /// Whether the parent should ask for another run: a cold run plus `warmRuns`, more while they
    /// add up to under `Job.shortRowSeconds`, none that would pass the time cap.
    func wantsRun(warmRuns: Int) -> Bool {
        guard isLive else { return false }
        let total = runs.reduce(0) { $0 + $1.seconds * Double($1.calls) }
        let enough = runs.count > warmRuns && !(total < Job.shortRowSeconds && runs.count < Job.shortRowRuns)
        if enough { return false }
        if let last = runs.last, total + last.seconds * Double(last.calls) > job.timeCap {
            note = "another run would pass the \(SuiteRunner.format(job.timeCap)) s time cap (--time-cap)"
            return false
        }
        return true
    }

    func receive(_ message: ChildMessage?) {
        switch message {
        case let .ready(oldCount, newCount)?: (self.oldCount, self.newCount) = (oldCount, newCount)
        case let .run(run)?: runs.append(run)
        case let ending?: self.ending = ending
        case nil: ending = .failed("the measuring process ended without a report")
        }
    }
}

/// Runs a batch of jobs side by side: one child process per job, all started before the first run
/// and asked for their runs in turn (round robin), so a burst of load on a shared machine hits
/// every engine alike, while each engine's memory is still read in its own process. Only one child
/// runs at a time.
enum RoundRobin {
    static func measure(_ jobs: [Job], warmRuns: Int) async -> [ChildRecord] {
        let records = jobs.map(ChildRecord.init)
        await withChildren(records[...], open: []) { children in
            for child in children { await child.receive() }
            var asked = true
            while asked {
                asked = false
                for child in children where child.record.wantsRun(warmRuns: warmRuns) {
                    await child.ask()
                    asked = true
                }
            }
        }
        return records
    }

    /// The path of this executable, which re-runs itself with `--child JOB` (tests point it at the
    /// built heckel-bench).
    nonisolated(unsafe) static var executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]

    /// Starts one child per pending record, each inside the previous one's `run`, then calls `body`
    /// with all of them; every child's stdin closes (and the child exits) as the calls unwind.
    private static func withChildren(_ pending: ArraySlice<ChildRecord>, open: [Child],
                                     body: ([Child]) async -> Void) async {
        guard let record = pending.first else { return await body(open) }
        var started = false
        do {
            let job = String(decoding: try JSONEncoder().encode(record.job), as: UTF8.self)
            let result = try await Subprocess.run(
                .path(FilePath(executable)), arguments: ["--child", job],
                input: .inputWriter, output: .sequence, error: .currentStandardError
            ) { execution in
                started = true
                let child = Child(record: record, execution: execution)
                await withChildren(pending.dropFirst(), open: open + [child], body: body)
            }
            if case let .signaled(signal) = result.terminationStatus {
                let hint = signal == SIGKILL ? " (killed: out of memory?)" : ""
                record.ending = .failed("the measuring process died of signal \(signal)\(hint)")
            }
        } catch {
            record.ending = .failed("the measuring process: \(error)")
            if !started { await withChildren(pending.dropFirst(), open: open, body: body) }
        }
    }

    /// The parent's end of one child's pipes.
    private final class Child {
        let record: ChildRecord
        let execution: Execution<CustomWriteInput, SequenceOutput, FileDescriptorOutput>
        var lines: SubprocessOutputSequence.StringSequence<UTF8>.AsyncIterator

        init(record: ChildRecord, execution: Execution<CustomWriteInput, SequenceOutput, FileDescriptorOutput>) {
            self.record = record
            self.execution = execution
            lines = execution.standardOutput.strings(bufferingPolicy: .maxLineLength(1 << 20)).makeAsyncIterator()
        }

        /// Reads the child's next message into its record.
        func receive() async {
            guard record.isLive else { return }
            do {
                let line = try await lines.next()
                record.receive(try line.map { try JSONDecoder().decode(ChildMessage.self, from: Data($0.utf8)) })
            } catch {
                record.receive(.failed("unreadable report from the measuring process: \(error)"))
            }
        }

        /// Asks for one run and reads its report.
        func ask() async {
            do {
                _ = try await execution.standardInputWriter.write("run\n")
            } catch {
                record.receive(nil)
                return
            }
            await receive()
        }
    }
}
