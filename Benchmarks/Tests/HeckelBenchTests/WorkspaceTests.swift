import Heckel
import Testing
@testable import HeckelBench

/// `--workspace`: listdiff and ccore keep one workspace per measuring process, their results still
/// check out against the lists, and the table and figure lines name the rows that used one.
@Suite struct WorkspaceTests {
    /// 10^5 integers, a block deleted, one inserted and a few shuffled: large enough that the core
    /// takes scratch from the heap (or the workspace) rather than the stack.
    private static let lists: (old: [Int], new: [Int]) = {
        var generator = SeededGenerator(seed: 7)
        let old = (0..<100_000).map { _ in Int(bitPattern: UInt(generator.next())) }
        var new = Array(old[20_000...]) + (0..<20_000).map { _ in Int(bitPattern: UInt(generator.next())) }
        for _ in 0..<2_000 {
            new.swapAt(Int(generator.next() % UInt64(new.count)), Int(generator.next() % UInt64(new.count)))
        }
        return (old, new)
    }()

    @Test func coreCallsKeepTheirScratchInTheCurrentWorkspace() throws {
        let (old, new) = Self.lists
        let engine = CoreEngine<Int>(threads: 1)
        let workspace = try CoreWorkspace()
        #expect(workspace.keptBytes == 0)
        for _ in 0..<2 {
            let match = try CoreWorkspace.$current.withValue(workspace) { try engine.diff(old: old, new: new) }
            let edits = try engine.check(match, old: old, new: new)
            #expect(edits.deletions >= 20_000 && edits.insertions >= 20_000)
        }
        #expect(workspace.keptBytes >= 12 * old.count, "the scratch of 2·10^5 elements stays in the workspace")
        let outside = try engine.diff(old: old, new: new)
        _ = try engine.check(outside, old: old, new: new)
        #expect(CoreWorkspace.current == nil)
    }

    @Test func listDiffsKeepTheirScratchInTheWorkspace() throws {
        let (old, new) = Self.lists
        let engine = ListDiffEngine<Int>(threads: 1)
        let workspace = ListDiff.Workspace()
        let diff = ListDiff.withWorkspace(workspace) { engine.diff(old: old, new: new) }
        let edits = try engine.check(diff, old: old, new: new)
        #expect(edits.total == diff.deletions.count + diff.insertions.count + diff.moves.count)
        #expect(workspace.keptBytes >= 12 * old.count)
    }

    @Test func figureLinesNameWorkspaceRows() {
        var job = Job(lists: ListsKey(scenario: .random, size: 10_000, element: .int), engine: .ccore, threads: 1,
                      seed: 42, ratios: EditRatios(), timeCap: 20)
        job.workspace = true
        let record = ChildRecord(job: job)
        record.runs = [2, 1, 1, 1].map {
            RunMeasurement(seconds: $0, calls: 1, started: 0, peakResidentBytes: 0, extraBytes: 0, peakWasReset: true)
        }
        (record.oldCount, record.newCount) = (10_000, 10_000)
        let row = ResultRow(record)
        #expect(row.engineLabel == "ccore+workspace")
        let first = Figures.derive(from: [row]).first { $0.name == "first call over warm" }
        #expect(first?.subject.hasPrefix("ccore+workspace ") == true)
        #expect(first?.value == 2)
    }

    /// The built harness with `--workspace`: both engines' results check out, and the table says
    /// which rows kept a workspace.
    @Test func harnessRunsBothEnginesWithAWorkspace() throws {
        let run = try heckelBench(["--workspace", "--size", "1e4", "--runs", "2", "--cold-runs", "2", "--threads", "1",
                                   "--engine", "listdiff", "--engine", "ccore"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("listdiff+workspace") && run.output.contains("ccore+workspace"))
        #expect(run.output.contains("first call over warm"))
        #expect(run.output.contains(HeckelBenchCommand.workspaceNote))
    }
}
