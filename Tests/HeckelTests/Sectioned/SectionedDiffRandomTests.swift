import Heckel
import Testing

/// Thousands of seeded random snapshot pairs; a failure prints its seed.
@Suite("SectionedDiff on random snapshots")
struct SectionedDiffRandomTests {
    @Test("identified items: mappings, minimal moves, updates, both update forms", arguments: [0, 1, 2, 3] as [UInt64])
    func identified(batch: UInt64) throws {
        for seed in batch * 1_000 ..< (batch + 1) * 1_000 {
            var generator = SectionedSnapshotGenerator(seed: seed)
            let (old, new) = generator.pair()
            let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
            let problems = SectionedDiffChecker.problems(in: diff, old: old, new: new) { AnyHashable($0.id) }
            if !problems.isEmpty {
                let report = "seed \(seed)\nold \(old)\nnew \(new)\n" + problems.prefix(5).joined(separator: "\n")
                Issue.record(Comment(rawValue: report))
                return
            }
        }
    }

    @Test("Hashable items in ready-made sections", arguments: [0, 1] as [UInt64])
    func hashable(batch: UInt64) throws {
        for seed in batch * 1_000 ..< (batch + 1) * 1_000 {
            var generator = SectionedSnapshotGenerator(seed: 10_000 + seed, itemPool: 6)
            let (old, new) = generator.pair()
            let diff = try SectionedDiff(from: old.plainSections, to: new.plainSections)
            #expect(diff.itemUpdates.isEmpty && diff.sectionUpdates.isEmpty)
            let problems = SectionedDiffChecker.problems(in: diff, old: old.withoutHeaders, new: new.withoutHeaders) { AnyHashable($0) }
            if !problems.isEmpty {
                let report = "seed \(seed)\nold \(old)\nnew \(new)\n" + problems.prefix(5).joined(separator: "\n")
                Issue.record(Comment(rawValue: report))
                return
            }
        }
    }

    @Test("larger snapshots: dozens of sections, long sections")
    func larger() throws {
        for seed in 0 ..< 60 as Range<UInt64> {
            var generator = SectionedSnapshotGenerator(seed: 20_000 + seed, itemPool: 400, sectionPool: 40, maxSections: 30, maxItems: 40)
            let (old, new) = generator.pair()
            let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
            let problems = SectionedDiffChecker.problems(in: diff, old: old, new: new) { AnyHashable($0.id) }
            if !problems.isEmpty {
                let report = "seed \(seed)\n" + problems.prefix(5).joined(separator: "\n")
                Issue.record(Comment(rawValue: report))
                return
            }
        }
    }
}
