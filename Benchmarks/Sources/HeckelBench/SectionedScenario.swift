/// An item of the sectioned scenario by identity; `content` changes when the item is updated.
struct IdentityItem {
    var id: Int
    var content: Int
}

/// A section of identity items: `SectionedMeasurement` turns the ids into elements.
struct IdentitySection {
    var id: Int
    var items: [IdentityItem]
}

/// The sectioned scenario: the "1,000 sections of 1,000 items with 10% of items changed",
/// and what it does differently from the flat scenarios (its engines are in SectionedEngines.swift).
enum SectionedScenario {
    /// Engine `flat` (a `ListDiff` of the items flattened) first, the base of the ratios, then
    /// `listdiff` (`SectionedDiff`).
    static let engines: [Engine] = [.flat, .listdiff]
    static let ratioBase = Engine.flat
    /// `SectionedDiff` takes no thread count: both engines run with the library's own choice (0).
    static let threads = 0

    static var notes: [String] {
        ["sectioned: " + summary + "; items are an id of the --element type and an Int",
         "sectioned: listdiff is SectionedDiff(from:to:identifiedBy: \\.id) plus its batchUpdates, flat is "
            + "ListDiff(from:to:identifiedBy: \\.id) over the same items flattened, and vs listdiff is over flat; "
            + "listdiff's edits count items and sections, updates are not counted"]
    }

    static let sectionSize = 1000

    /// What happens to each old item (a fraction of them, drawn item by item), and how many fresh
    /// items each section gets (a fraction of its old count): 10% of the items change in all.
    static let deleteRatio = 0.03
    static let moveAcrossRatio = 0.02
    static let moveWithinRatio = 0.01
    static let updateRatio = 0.01
    static let insertRatio = 0.03
    /// Fraction of the section positions shuffled among themselves (at least two, given two sections).
    static let sectionMoveRatio = 0.01

    static let summary = "sections of \(sectionSize) items (size / \(sectionSize) sections); per item "
        + "3% deleted, 3% inserted, 2% moved to another section, 1% moved within its section, "
        + "1% updated (same id, new content); 1% of the sections moved"

    /// Old: `n` items with ids 0..<n in `max(1, n / 1000)` sections. New: each old item deleted,
    /// moved to a random place in a random section, moved to a random place in its own section,
    /// updated in content, or kept in order; fresh items inserted at random places; then a few
    /// section positions shuffled. Deterministic for a given seed.
    static func snapshots(size n: Int, seed: UInt64) -> (old: [IdentitySection], new: [IdentitySection]) {
        var generator = SeededGenerator(seed: seed)
        let sectionCount = max(1, n / sectionSize)
        let old = (0..<sectionCount).map { section in
            IdentitySection(id: section, items: (section * n / sectionCount..<(section + 1) * n / sectionCount)
                .map { IdentityItem(id: $0, content: 0) })
        }

        var new: [IdentitySection] = []
        var travelling: [IdentityItem] = []
        var nextFreshID = n
        for section in old {
            var kept: [IdentityItem] = []
            var local: [IdentityItem] = []
            kept.reserveCapacity(section.items.count + section.items.count / 10)
            for var item in section.items {
                var draw = Double.random(in: 0..<1, using: &generator)
                if draw < deleteRatio { continue }
                draw -= deleteRatio
                if draw < moveAcrossRatio { travelling.append(item); continue }
                draw -= moveAcrossRatio
                if draw < moveWithinRatio { local.append(item); continue }
                draw -= moveWithinRatio
                if draw < updateRatio { item.content = 1 }
                kept.append(item)
            }
            for item in local { kept.insert(item, at: Int.random(in: 0...kept.count, using: &generator)) }
            for _ in 0..<Int((insertRatio * Double(section.items.count)).rounded()) {
                kept.insert(IdentityItem(id: nextFreshID, content: 0), at: Int.random(in: 0...kept.count, using: &generator))
                nextFreshID += 1
            }
            new.append(IdentitySection(id: section.id, items: kept))
        }
        for item in travelling {
            let section = Int.random(in: 0..<sectionCount, using: &generator)
            new[section].items.insert(item, at: Int.random(in: 0...new[section].items.count, using: &generator))
        }

        var order = Array(0..<sectionCount)
        let movedSections = sectionCount > 1 ? max(2, Int((sectionMoveRatio * Double(sectionCount)).rounded())) : 0
        Scenario.shuffleSome(&order, count: movedSections, using: &generator)
        return (old, order.map { new[$0] })
    }
}
