@testable import Heckel
import Testing

/// 8-byte integer identities that fill their 64 bits are their own exact
/// keys in each section pair's match (`SectionPairs`), read where they lie;
/// `Opaque` hides the same identities from that route, so the general pass
/// (hash values, `==` through a Swift closure) diffs the same snapshots for
/// comparison.
@Suite("SectionedDiff with full 64-bit integer identities")
struct SectionedWordIdentityTests {
    @Test("agrees with the general pass, duplicates included, and with the data", arguments: [4, 12] as [Int])
    func agreesWithGeneralPass(itemPool: Int) throws {
        for seed in 0 ..< 1_000 as Range<UInt64> {
            var generator = SectionedSnapshotGenerator(seed: 50_000 + seed, itemPool: itemPool)
            let (old, new) = generator.pair()
            let wide = { (row: SectionedRow) in Int.min + row.id }
            let diff = try SectionedDiff(from: old, to: new, identifiedBy: wide)
            let general = try SectionedDiff(from: old, to: new) { Opaque(wide($0)) }
            #expect(diff == general, "seed \(seed)")
            if diff != general || SectionedDiffChecker.recordedProblems(
                in: diff, old: old, new: new, seed: seed, identity: { AnyHashable($0.id) }) {
                return
            }
        }
    }

    /// A tag spread over 64 bits by an odd multiplier, as a pass keyed by
    /// (section pair, identity) folds it into an identity's key.
    static func spread(_ tag: UInt32) -> UInt64 { UInt64(tag) &* 0x9E37_79B9_7F4A_7C15 }

    /// Every item's identity is its pool number with the top bit set, mixed
    /// with its section's tag by `spread`: in a match keyed by (section pair,
    /// identity) the key (identity ^ spread tag) of every item with one pool
    /// number is the same in every section, so only comparing identities
    /// keeps them apart; matched pair by pair, the identities differ from
    /// section to section. Either way only equal identities pair.
    @Test("colliding keys across sections: only equal identities pair")
    func collidingKeys() throws {
        for seed in 0 ..< 1_000 as Range<UInt64> {
            var generator = SectionedSnapshotGenerator(seed: 60_000 + seed, itemPool: 4)
            let (plainOld, plainNew) = generator.pair()
            let newOffsets = Dictionary(uniqueKeysWithValues: plainNew.enumerated().map { ($1.id, $0) })
            let oldIDs = Set(plainOld.map(\.id))
            let old = plainOld.map { section in
                Self.mixing(section, tag: newOffsets[section.id].map { UInt32($0) } ?? SectionTags.oldOnly)
            }
            let new = plainNew.enumerated().map { offset, section in
                Self.mixing(section, tag: oldIDs.contains(section.id) ? UInt32(offset) : SectionTags.newOnly)
            }
            let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
            let general = try SectionedDiff(from: old, to: new) { Opaque($0.id) }
            #expect(diff == general, "seed \(seed)")
            if diff != general || SectionedDiffChecker.recordedProblems(
                in: diff, old: old, new: new, seed: seed, identity: { AnyHashable($0.id) }) {
                return
            }
        }
    }

    private static func mixing(_ section: SectionedGroup, tag: UInt32) -> SectionedGroup {
        var mixed = section
        mixed.items = section.items.map { row in
            SectionedRow(id: Int(bitPattern: UInt(UInt64(row.id) | 1 << 63 ^ Self.spread(tag))), content: row.content)
        }
        return mixed
    }
}
