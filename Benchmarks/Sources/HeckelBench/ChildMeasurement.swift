import Foundation
import Heckel

/// The child-process side of a measurement: build the lists, say `ready`, then time one run of the
/// engine for each "run" line on stdin, reading resident memory around it, and check the first
/// result. The parent interleaves several such children (RoundRobin.swift).
enum ChildMeasurement {
    static func run(_ job: Job) {
        do {
            if job.workspace {
                // Every ListDiff of the child (SectionedDiff's too) and every ccore call go through
                // one workspace, kept for the child's life as a caller that diffs over and over does.
                try ListDiff.withWorkspace(ListDiff.Workspace()) {
                    try CoreWorkspace.$current.withValue(try CoreWorkspace()) { try serveJob(job) }
                }
            } else {
                try serveJob(job)
            }
        } catch let error as WrongDiff {
            emit(.wrong(error.description))
        } catch {
            emit(.failed(String(describing: error)))
        }
    }

    /// Prints one message as a line of JSON.
    static func emit(_ message: ChildMessage) {
        let data = (try? JSONEncoder().encode(message)) ?? Data("{}".utf8)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// Builds the job's lists and serves its engine on them (`serve`).
    private static func serveJob(_ job: Job) throws {
        switch (job.scenario, job.element) {
        case (.text, _):
            try serveLists(job, old: Inputs.lines(ofFile: job.oldFile ?? ""), new: Inputs.lines(ofFile: job.newFile ?? ""))
        case (.sectioned, .int): try SectionedScenario.serve(job, as: Int.self)
        case (.sectioned, .uuid): try SectionedScenario.serve(job, as: UUID.self)
        case (.sectioned, .string), (.sectioned, .shortString): try SectionedScenario.serve(job, as: String.self)
        case (.sectioned, .struct): try SectionedScenario.serve(job, as: Row.self)
        case (.sectioned, .identifiedInt): try SectionedScenario.serve(job, as: Int.self)
        case (.sectioned, .identifiedUUID): try SectionedScenario.serve(job, as: UUID.self)
        case (.sectioned, .identifiedString): try SectionedScenario.serve(job, as: String.self)
        case (_, .int): try serveGenerated(job, as: Int.self)
        case (_, .uuid): try serveGenerated(job, as: UUID.self)
        case (_, .string), (_, .shortString): try serveGenerated(job, as: String.self)
        case (_, .struct): try serveGenerated(job, as: Row.self)
        case (_, .identifiedInt): try serveIdentified(job, as: Int.self)
        case (_, .identifiedUUID): try serveIdentified(job, as: UUID.self)
        case (_, .identifiedString): try serveIdentified(job, as: String.self)
        }
    }

    private static func serveGenerated<Element: BenchElement>(_ job: Job, as _: Element.Type) throws {
        let (old, new) = Inputs.generated(job, as: Element.self)
        try serveLists(job, old: old, new: new)
    }

    /// Records with ids of type `ID` (the ids the plain kind makes from the same identities), 2% of
    /// them updated: `listdiff` diffs them by id, the other engines as they diff any list (`ccore`
    /// on the ids).
    private static func serveIdentified<ID: BenchElement>(_ job: Job, as _: ID.Type) throws {
        let (old, new) = Inputs.identified(job, as: ID.self)
        switch job.engine {
        case .listdiff: try serve(IdentifiedListDiffEngine<ID>(threads: job.threads), job: job, old: old, new: new)
        case .ccore: try serve(IdentifiedCoreEngine<ID>(threads: job.threads), job: job, old: old, new: new)
        case .stdlib: try serve(StdlibEngine<SectionItem<ID>>(), job: job, old: old, new: new)
        case .reference: try serve(ReferenceEngine<SectionItem<ID>>(), job: job, old: old, new: new)
        case .flat: preconditionFailure("flat runs in the sectioned scenario only")
        }
    }

    private static func serveLists<Element: BenchElement>(_ job: Job, old: [Element], new: [Element]) throws {
        switch job.engine {
        case .listdiff: try serve(ListDiffEngine<Element>(threads: job.threads), job: job, old: old, new: new)
        case .ccore: try serve(CoreEngine<Element>(threads: job.threads), job: job, old: old, new: new)
        case .stdlib: try serve(StdlibEngine<Element>(), job: job, old: old, new: new)
        case .reference: try serve(ReferenceEngine<Element>(), job: job, old: old, new: new)
        case .flat: preconditionFailure("flat runs in the sectioned scenario only")
        }
    }

    /// Says `ready`, then times one turn of `engine` per "run" line on stdin until stdin ends. The
    /// first turn is one call, the cold one: the first in the process, with no warm-up before it,
    /// after the heap's free pages went back to the system, so it faults in and counts all of its
    /// memory (`extraBytes`) as a fresh process does. A warm turn repeats the call back to back
    /// until it lasts about `Job.turnSeconds` (a list UI diffs 100 rows in microseconds: one call
    /// alone after a pause would time the wake-up and cold caches), and reports the time per call.
    /// Warm turns reuse what the allocator kept of the calls before, as a process's repeated calls
    /// do: no trim between them. (Trimming before each turn measured warm calls two ways: glibc's
    /// `malloc_trim` releases free chunks in bins but not the top of a thread's arena, so, by heap
    /// layout alone, one engine's warm call faulted in its 8 MB result afresh and another's reused
    /// it.)
    static func serve<E: DiffEngine>(_ engine: E, job: Job, old: [E.Element], new: [E.Element],
                                     oldCount: Int? = nil, newCount: Int? = nil) throws {
        emit(.ready(oldCount: oldCount ?? old.count, newCount: newCount ?? new.count))
        let watchdog = Watchdog(limit: job.timeCap * Job.hardLimitFactor)
        var last: RunMeasurement?
        while readLine() == "run" {
            let calls = last.map { max(1, min(10_000, Int(Job.turnSeconds / max($0.seconds, 1e-9)))) } ?? 1
            if last == nil { MemoryProbe.releaseFreeMemory() }
            let peakWasReset = MemoryProbe.resetPeak()
            let before = MemoryProbe.residentBytes()
            let usageBefore = MemoryProbe.usage()
            watchdog.arm()
            var output: E.Output?
            let start = monotonicSeconds()
            for _ in 0..<calls { output = try engine.diff(old: old, new: new) }
            let seconds = (monotonicSeconds() - start) / Double(calls)
            let usageAfter = MemoryProbe.usage()
            let peak = withExtendedLifetime(output) { MemoryProbe.peakResidentBytes() }
            watchdog.disarm()
            var run = RunMeasurement(seconds: seconds, calls: calls, started: start, peakResidentBytes: peak,
                                     extraBytes: max(0, peak - before), peakWasReset: peakWasReset)
            run.minorFaults = Double(usageAfter.minorFaults - usageBefore.minorFaults) / Double(calls)
            run.cpuSeconds = (usageAfter.cpuSeconds - usageBefore.cpuSeconds) / Double(calls)
            if last == nil, let output { run.edits = try engine.check(output, old: old, new: new) }
            emit(.run(run))
            last = run
        }
    }
}
