/// Random pairs of snapshots: sections added, removed, reordered and
/// relabelled; items deleted, inserted, moved within and across sections,
/// changed in content; duplicate item identities and empty sections.
struct SectionedSnapshotGenerator {
    var random: SeededGenerator
    /// Item identities are drawn from 0..<itemPool: small pools give duplicates.
    var itemPool: Int
    var sectionPool: Int
    var maxSections: Int
    var maxItems: Int

    init(seed: UInt64, itemPool: Int = 12, sectionPool: Int = 10, maxSections: Int = 6, maxItems: Int = 6) {
        random = SeededGenerator(seed: seed)
        self.itemPool = itemPool
        self.sectionPool = sectionPool
        self.maxSections = maxSections
        self.maxItems = maxItems
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    mutating func row() -> SectionedRow {
        SectionedRow(id: Int.random(in: 0..<itemPool, using: &random), content: chance(0.8) ? 0 : 1)
    }

    mutating func items() -> [SectionedRow] {
        if chance(0.15) { return [] }
        return (0..<Int.random(in: 0...maxItems, using: &random)).map { _ in row() }
    }

    mutating func snapshot() -> [SectionedGroup] {
        var ids = Array(0..<sectionPool)
        ids.shuffle(using: &random)
        return ids.prefix(Int.random(in: 0...maxSections, using: &random)).map { id in
            SectionedGroup(id: id, header: chance(0.8) ? 0 : 1, items: items())
        }
    }

    /// An old snapshot and a new one made from it by random edits.
    mutating func pair() -> (old: [SectionedGroup], new: [SectionedGroup]) {
        let old = snapshot()
        return (old, edited(old))
    }

    /// A new snapshot made from `old` by random edits.
    mutating func edited(_ old: [SectionedGroup]) -> [SectionedGroup] {
        var new = old.filter { _ in !chance(0.2) }
        // Reorder sections.
        if new.count > 1 {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                new.swapAt(Int.random(in: 0..<new.count, using: &random), Int.random(in: 0..<new.count, using: &random))
            }
        }
        // Insert sections under unused identities (possibly one just deleted).
        var unused = Array(Set(0..<sectionPool).subtracting(new.map(\.id))).sorted()
        unused.shuffle(using: &random)
        for id in unused.prefix(Int.random(in: 0...2, using: &random)) {
            new.insert(SectionedGroup(id: id, header: 0, items: items()), at: Int.random(in: 0...new.count, using: &random))
        }
        // Edit items; pick some up to drop elsewhere.
        var travelling: [SectionedRow] = []
        for s in new.indices {
            if chance(0.2) { new[s].header += 1 }
            var kept: [SectionedRow] = []
            for var item in new[s].items {
                if chance(0.1) { continue }
                if chance(0.1) { item.content += 1 }
                if chance(0.15) { travelling.append(item) } else { kept.append(item) }
            }
            if kept.count > 1, chance(0.3) {
                kept.swapAt(Int.random(in: 0..<kept.count, using: &random), Int.random(in: 0..<kept.count, using: &random))
            }
            new[s].items = kept
        }
        for _ in 0..<Int.random(in: 0...3, using: &random) { travelling.append(row()) }
        if !new.isEmpty {
            for item in travelling {
                let s = Int.random(in: 0..<new.count, using: &random)
                new[s].items.insert(item, at: Int.random(in: 0...new[s].items.count, using: &random))
            }
        }
        return new
    }
}
