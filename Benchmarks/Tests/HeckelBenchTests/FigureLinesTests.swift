import Testing
@testable import HeckelBench

/// Issue 27's figures each get their own line, with the goal the issue sets, from the rows that
/// allow them.
@Suite struct FigureLinesTests {
    private static func row(_ scenario: Scenario = .random, _ element: ElementKind = .int, size: Int = 1_000,
                            engine: Engine = .listdiff, threads: Int = 1, warm: [Double], cold: Double = 1) -> ResultRow {
        let job = Job(lists: ListsKey(scenario: scenario, size: size, element: element), engine: engine,
                      threads: threads, seed: 42, ratios: EditRatios(), timeCap: 20)
        let record = ChildRecord(job: job)
        record.runs = ([cold] + warm).map {
            RunMeasurement(seconds: $0, calls: 1, started: 0, peakResidentBytes: 0, extraBytes: 0, peakWasReset: true)
        }
        record.oldCount = size
        record.newCount = size
        return ResultRow(record)
    }

    private static func figures(_ name: String, _ rows: [ResultRow]) -> [Figure] {
        Figures.derive(from: rows).filter { $0.name == name }
    }

    /// 10^5 and 10^6 per element over 10^4's, with the issue's goals on `[Int]` random; 10^6 is
    /// compared with 10^5 (the next smaller) and with 10^4.
    @Test func largeSizesAreComparedWithTenThousand() throws {
        let rows = [Self.row(size: 10_000, warm: [1, 1, 1]), Self.row(size: 100_000, warm: [20, 20, 20]),
                    Self.row(size: 1_000_000, warm: [300, 300, 300])]
        let overTenThousand = try #require(Self.figures("10^5 over 10^4, per element", rows).first)
        #expect(overTenThousand.value == 2 && overTenThousand.goal == "≤ 1.3x")
        #expect(Self.figures("10^5 over 10^4, per element", rows).count == 1, "the next smaller is 10^4: one line")
        let million = try #require(Self.figures("10^6 over 10^4, per element", rows).first)
        #expect(million.value == 3 && million.goal == "≤ 1.5x")
        let overNext = try #require(Self.figures("10^6 over 10^5, per element", rows).first)
        #expect(overNext.value == 1.5 && overNext.goal == nil)
        let strings = [Self.row(.random, .string, size: 10_000, warm: [1, 1, 1]),
                       Self.row(.random, .string, size: 1_000_000, warm: [100, 100, 100])]
        #expect(Self.figures("10^6 over 10^4, per element", strings).first?.goal == nil, "goals are set for [Int] only")
    }

    /// Both string kinds over `[Int]` of the same block, paired by round, against the 2x goal.
    @Test func bothStringKindsAreComparedWithIntegers() throws {
        let rows = [Self.row(.unchanged, .int, warm: [1, 2, 1]), Self.row(.unchanged, .string, warm: [3, 6, 3]),
                    Self.row(.unchanged, .shortString, warm: [2, 2, 2])]
        let long = try #require(Self.figures("[String] over [Int]", rows).first)
        #expect(long.value == 3 && long.pairs == 3 && long.goal == "≤ 2x")
        let short = try #require(Self.figures("[String] of 15 bytes over [Int]", rows).first)
        #expect(short.value == 2 && short.pairs == 3)
    }

    /// `SectionedDiff` (listdiff) over the flat diff of its items, paired by round; the goal at 10^6.
    @Test func sectionedIsComparedWithFlat() throws {
        let rows = [Self.row(.sectioned, size: 1_000_000, engine: .flat, threads: 0, warm: [2, 4, 2, 8]),
                    Self.row(.sectioned, size: 1_000_000, engine: .listdiff, threads: 0, warm: [3, 6, 3, 4])]
        let figure = try #require(Self.figures("sectioned over flat", rows).first)
        #expect(figure.value == 1.5 && figure.pairs == 4 && figure.goal == "≤ 1.5x at 10^6")
        #expect(Figures.derive(from: rows).allSatisfy { $0.subject.hasPrefix("listdiff") }, "flat is only a base")
    }

    /// Duplicates over random per element, two threads over one and the first call over warm carry
    /// the issue's goals at the sizes it names.
    @Test func goalsFollowTheIssue() throws {
        let rows = [Self.row(.random, size: 100_000, warm: [2, 2, 2]), Self.row(.duplicates, size: 100_000, warm: [3, 3, 3]),
                    Self.row(.random, size: 100_000, threads: 2, warm: [1, 1, 1])]
        let duplicates = try #require(Self.figures("duplicates over random, per element", rows).first)
        #expect(duplicates.value == 1.5 && duplicates.goal == "≤ 1.3x at 10^5 and 10^6")
        #expect(Self.figures("2 threads over 1 (speedup)", rows).first?.goal == nil, "below 10^6")
        let million = [Self.row(size: 1_000_000, warm: [4, 4, 4]), Self.row(size: 1_000_000, threads: 2, warm: [2, 2, 2])]
        #expect(Self.figures("2 threads over 1 (speedup)", million).first?.goal == "≥ 1.7x from 10^6")
        let first = Self.figures("first call over warm", [Self.row(size: 1_000, warm: [2, 2, 2], cold: 5)])
        #expect(first.first?.value == 2.5 && first.first?.goal == "≤ 1.3x from 10^3")
        #expect(Self.figures("first call over warm", [Self.row(size: 100, warm: [2, 2, 2], cold: 5)]).isEmpty)
    }

    /// A speedup over one thread carries the load average it was measured under, where the system
    /// reports one (Linux), and its line prints it after the pairs.
    @Test func speedupCarriesTheLoad() throws {
        let million = [Self.row(size: 1_000_000, warm: [4, 4, 4]), Self.row(size: 1_000_000, threads: 2, warm: [2, 2, 2])]
        let speedup = try #require(Self.figures("2 threads over 1 (speedup)", million).first)
        #if os(Linux)
        let load = try #require(speedup.load)
        #expect(load >= 0)
        #else
        #expect(speedup.load == nil)
        #endif
        #expect(Self.figures("first call over warm", [Self.row(size: 1_000, warm: [2, 2, 2], cold: 5)]).first?.load == nil)
    }

    /// `short-string` elements are 15-byte ASCII strings held inline, distinct for distinct
    /// identities and equal for equal ones; `string` keeps its 21-byte lines.
    @Test func shortStringsAreFifteenInlineBytes() {
        let strings = (0..<10_000).map { String.make(identity: $0, salt: 7, kind: .shortString) }
        #expect(strings.allSatisfy { $0.utf8.count == 15 && $0.utf8.allSatisfy { $0 < 0x80 } })
        #expect(Set(strings).count == strings.count)
        #expect(String.make(identity: 3, salt: 7, kind: .shortString) == strings[3])
        #expect(String.make(identity: 3, salt: 7, kind: .string).utf8.count == 21)
        let small = strings.withUnsafeBytes { bytes in
            // Bit 61 of a String's second word is set in the small (inline) forms only.
            (0..<strings.count).allSatisfy { bytes.load(fromByteOffset: $0 * 16 + 8, as: UInt64.self) >> 61 & 1 == 1 }
        }
        #expect(small)
    }
}
