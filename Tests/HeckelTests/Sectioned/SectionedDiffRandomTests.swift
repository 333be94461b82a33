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
            if SectionedDiffChecker.recordedProblems(in: diff, old: old, new: new, seed: seed, identity: { AnyHashable($0.id) }) {
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
            if SectionedDiffChecker.recordedProblems(in: diff, old: old.withoutHeaders, new: new.withoutHeaders, seed: seed, identity: { AnyHashable($0) }) {
                return
            }
        }
    }

    /// Integer identities that fill all 64 bits (no room to pack a section
    /// tag beside them) and string identities take the hashed-key pass;
    /// identities in the top bits take either pass, depending on the snapshot;
    /// identities whose hash values all collide take the hashed-key pass with
    /// every candidate pair decided by `==`.
    @Test("identities of other kinds: negative integers, strings, top bits, colliding hashes",
          arguments: [0, 1, 2, 3] as [UInt64])
    func otherIdentities(kind: UInt64) throws {
        for seed in 0 ..< 1_000 as Range<UInt64> {
            var generator = SectionedSnapshotGenerator(seed: 30_000 + seed)
            let (old, new) = generator.pair()
            let diff = switch kind {
            case 0: try SectionedDiff(from: old, to: new, identifiedBy: { Int.min + $0.id })
            case 1: try SectionedDiff(from: old, to: new, identifiedBy: { "row \($0.id)" })
            case 2: try SectionedDiff(from: old, to: new, identifiedBy: { UInt64($0.id) << 59 })
            default: try SectionedDiff(from: old, to: new, identifiedBy: { ConstantHash($0.id) })
            }
            if SectionedDiffChecker.recordedProblems(in: diff, old: old, new: new, seed: seed, identity: { AnyHashable($0.id) }) {
                return
            }
        }
    }

    /// Sections only reordered, items sharing identities across sections:
    /// every item stays in its section, so only sections move.
    @Test("sections only reordered: no item changes, whatever the duplicates")
    func sectionsOnlyReordered() throws {
        for seed in 0 ..< 1_000 as Range<UInt64> {
            var generator = SectionedSnapshotGenerator(seed: 40_000 + seed, itemPool: 4)
            let old = generator.snapshot()
            let new = old.shuffled(using: &generator.random)
            let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
            let batch = diff.batchUpdates
            let itemChanges = diff.itemDeletions.count + diff.itemInsertions.count + diff.itemMoves.count + diff.itemUpdates.count
            let batchItemChanges = batch.itemDeletions.count + batch.itemInsertions.count + batch.itemMoves.count + batch.itemReloads.count
            let problems = SectionedDiffChecker.problems(in: diff, old: old, new: new) { AnyHashable($0.id) }
            if itemChanges + batchItemChanges != 0 || !problems.isEmpty {
                Issue.record(Comment(rawValue: "seed \(seed)\nold \(old)\nnew \(new)\n\(diff)\n" + problems.prefix(5).joined(separator: "\n")))
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
            if SectionedDiffChecker.recordedProblems(in: diff, old: old, new: new, seed: seed, showingSnapshots: false, identity: { AnyHashable($0.id) }) {
                return
            }
        }
    }
}
