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
    /// The first calls of the fresh children started beside or after the warm runs, one call each
    /// (`--cold-runs`): with `runs[0]`, the cold samples the row's first call is the median of.
    var coldRuns: [RunMeasurement] = []
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

    /// Every cold sample: the first run of the measuring child, then the fresh children's.
    var firstCalls: [RunMeasurement] { Array(runs.prefix(1)) + coldRuns }

    /// Whether the parent should start another fresh child for one more cold sample: up to
    /// `coldRuns` samples in all, for this package's engines only (the goal's figures are theirs;
    /// the others keep one), none that would take the row past the time cap.
    func wantsColdRun(coldRuns wanted: Int) -> Bool {
        guard isLive, job.engine.takesColdSamples, let first = runs.first, firstCalls.count < wanted else { return false }
        let total = runs.reduce(0) { $0 + $1.seconds * Double($1.calls) } + coldRuns.reduce(0) { $0 + $1.seconds }
        let next = firstCalls.map(\.seconds).max() ?? first.seconds
        return total + next <= job.timeCap
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
    /// More cold samples (`coldRuns` in all) come from fresh children that make only that call,
    /// the engines in turn, one child at a time: between the rounds of warm runs when
    /// `coldBeside` (so that a change of load over the batch hits cold and warm runs alike; the
    /// caller says whether memory holds one more child beside the batch's), else once the batch's
    /// children have exited.
    static func measure(_ jobs: [Job], warmRuns: Int, coldRuns: Int = 1, coldBeside: Bool = true) async -> [ChildRecord] {
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
                if coldBeside, await takeColdRuns(records, coldRuns: coldRuns) { asked = true }
            }
        }
        while await takeColdRuns(records, coldRuns: coldRuns) {}
        return records
    }

    /// One more cold sample for every record that wants one, in turn; whether any was taken.
    private static func takeColdRuns(_ records: [ChildRecord], coldRuns: Int) async -> Bool {
        var took = false
        for record in records where record.wantsColdRun(coldRuns: coldRuns) {
            await coldSample(record)
            took = true
        }
        return took
    }

    /// Starts a fresh child for `record`'s job, asks it for one run (its cold call, checked as every
    /// first call is) and adds it to `record.coldRuns`; a child that fails ends the
    /// record as the first one would.
    private static func coldSample(_ record: ChildRecord) async {
        let sample = ChildRecord(job: record.job)
        await withChildren([sample][...], open: []) { children in
            for child in children {
                await child.receive()
                await child.ask()
            }
        }
        switch (sample.ending, sample.runs.first) {
        case (nil, let run?): record.coldRuns.append(run)
        case (let ending?, _): record.ending = ending
        case (nil, nil): record.ending = .failed("a cold-sample process ended without a report")
        }
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
