#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import Heckel
import Testing

/// A key path to a stored identity has its identities loaded from the items'
/// storage, section by section, where the items are contiguous; a closure
/// that reads the same property calls it per item. Both must give the same
/// diff: identities of several kinds and places in the item (first field,
/// after other fields, a string, hash values that all collide), duplicates
/// (small pools), and sections whose items are not contiguous (the per-item
/// fallback of the key path form).
@Suite("SectionedDiff with identities stored in the items")
struct SectionedStoredIdentityTests {
    /// An item whose identity sits after another field, in one of three
    /// kinds; `content` changes when the item is updated.
    struct Record: Equatable {
        var content: Int
        var id: Int
        var name: String
        var colliding: ConstantHash
    }

    /// A section whose items are a collection without contiguous storage.
    struct LazySection: DiffableSection {
        var id: Int
        var records: [Record]
        var items: LazyMapCollection<[Record], Record> { records.lazy.map { $0 } }
    }

    struct PlainSection: DiffableSection {
        var id: Int
        var items: [Record]
    }

    static func records(_ snapshot: [SectionedGroup]) -> [PlainSection] {
        snapshot.map { group in
            PlainSection(id: group.id, items: group.items.map {
                Record(content: $0.content, id: $0.id, name: "row \($0.id)", colliding: ConstantHash($0.id))
            })
        }
    }

    @Test("key paths agree with closures: integers, strings, colliding hashes, duplicates",
          arguments: [4, 12] as [Int])
    func keyPathsAgreeWithClosures(itemPool: Int) throws {
        for seed in 0 ..< 500 as Range<UInt64> {
            var generator = SectionedSnapshotGenerator(seed: 70_000 + seed, itemPool: itemPool)
            let (plainOld, plainNew) = generator.pair()
            let (old, new) = (Self.records(plainOld), Self.records(plainNew))
            let byInt = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
            let byIntClosure = try SectionedDiff(from: old, to: new) { $0.id }
            let byName = try SectionedDiff(from: old, to: new, identifiedBy: \.name)
            let byNameClosure = try SectionedDiff(from: old, to: new) { $0.name }
            let byColliding = try SectionedDiff(from: old, to: new, identifiedBy: \.colliding)
            let byCollidingClosure = try SectionedDiff(from: old, to: new) { $0.colliding }
            #expect(byInt == byIntClosure, "seed \(seed)")
            #expect(byName == byNameClosure, "seed \(seed)")
            #expect(byColliding == byCollidingClosure, "seed \(seed)")
            // Items equal as rows exactly when equal as records, so the
            // checker's statement of the diff (by the rows' ids) holds for all;
            // the records' sections have no header, so the rows' go.
            #expect(byName == byInt && byColliding == byInt, "seed \(seed)")
            if byInt != byIntClosure || byName != byNameClosure || byColliding != byCollidingClosure
                || SectionedDiffChecker.recordedProblems(in: byInt, old: plainOld.withoutHeaders, new: plainNew.withoutHeaders, seed: seed,
                                                         showingSnapshots: false, identity: { AnyHashable($0.id) }) {
                return
            }
        }
    }

    @Test("items without contiguous storage take the per-item reads, with the same diff")
    func nonContiguousItems() throws {
        for seed in 0 ..< 500 as Range<UInt64> {
            var generator = SectionedSnapshotGenerator(seed: 80_000 + seed, itemPool: 6)
            let (plainOld, plainNew) = generator.pair()
            let (old, new) = (Self.records(plainOld), Self.records(plainNew))
            let lazyOld = old.map { LazySection(id: $0.id, records: $0.items) }
            let lazyNew = new.map { LazySection(id: $0.id, records: $0.items) }
            let contiguous = try SectionedDiff(from: old, to: new, identifiedBy: \.name)
            let lazy = try SectionedDiff(from: lazyOld, to: lazyNew, identifiedBy: \.name)
            #expect(lazy == contiguous, "seed \(seed)")
            if lazy != contiguous { return }
        }
    }

    /// Each pair of sections is matched on its own (`SectionPairs`): integer
    /// identities narrower than 8 bytes are widened into exact keys, 8-byte
    /// ones are their own keys, UUIDs are matched as 16-byte records, other
    /// identities are keyed by hash value and compared; all agree with the general pass (`Opaque`), sections of
    /// over 65,534 items (the core's partitioned path within one pair)
    /// included.
    @Test("section pairs matched one by one agree with the general pass, small and large sections")
    func sectionPairsAgree() throws {
        for seed in 0 ..< 300 as Range<UInt64> {
            var generator = SectionedSnapshotGenerator(seed: 90_000 + seed, itemPool: 5)
            let (old, new) = generator.pair()
            let general = try SectionedDiff(from: old, to: new) { Opaque($0.id) }
            #expect(try SectionedDiff(from: old, to: new) { Int16($0.id) } == general, "seed \(seed)")
            #expect(try SectionedDiff(from: old, to: new) { UInt32($0.id) } == general, "seed \(seed)")
            #expect(try SectionedDiff(from: old, to: new) { $0.id } == general, "seed \(seed)")
            #expect(try SectionedDiff(from: old, to: new) { Self.uuid($0.id) } == general, "seed \(seed)")
        }
        var generator = SectionedSnapshotGenerator(seed: 99_999, itemPool: 40_000, sectionPool: 4, maxSections: 3,
                                                   maxItems: 80_000)
        for _ in 0 ..< 2 {
            let (old, new) = generator.pair()
            let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
            #expect(diff == (try SectionedDiff(from: old, to: new) { Opaque($0.id) }))
            #expect(diff == (try SectionedDiff(from: old, to: new) { Int32($0.id) }))
            #expect(diff == (try SectionedDiff(from: old, to: new) { Self.uuid($0.id) }))
        }
    }

    /// A `UUID` per identity (distinct identities, distinct UUIDs), its bytes
    /// differing in both halves.
    static func uuid(_ identity: Int) -> UUID {
        let word = UInt64(bitPattern: Int64(identity))
        func byte(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * (index % 8))) }
        return UUID(uuid: (byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7),
                           0xA5, byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(0)))
    }
}
