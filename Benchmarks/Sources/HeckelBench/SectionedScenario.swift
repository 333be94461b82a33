/// A section of identities: `ElementKind` turns the items into elements.
struct IdentitySection {
    var id: Int
    var items: [Int]
}

/// The sectioned scenario's snapshots.
enum SectionedScenario {
    static let sectionSize = 100

    /// Old: `n` items in sections of 100. New: the random mix applied across the flattened items,
    /// each position keeping its section (so shuffled items change section and the inserted block
    /// joins the section where it lands), then 2% of the sections shuffled and 1% given new
    /// identities (a section deletion plus an insertion).
    static func snapshots(size n: Int, ratios: EditRatios, seed: UInt64) -> (old: [IdentitySection], new: [IdentitySection]) {
        var generator = SeededGenerator(seed: seed)
        let sectionCount = max(1, (n + sectionSize - 1) / sectionSize)
        let old = (0..<sectionCount).map { section in
            IdentitySection(id: section, items: Array((section * sectionSize)..<min(n, (section + 1) * sectionSize)))
        }

        var items = Array(0..<n)
        var sectionOf = items.map { $0 / sectionSize }
        let deleteCount = min(n, Int((ratios.delete * Double(n)).rounded()))
        let deleteStart = Int.random(in: 0...(n - deleteCount), using: &generator)
        items.removeSubrange(deleteStart..<(deleteStart + deleteCount))
        sectionOf.removeSubrange(deleteStart..<(deleteStart + deleteCount))
        let insertCount = Int((ratios.insert * Double(n)).rounded())
        let insertAt = Int.random(in: 0...items.count, using: &generator)
        let landing = sectionOf.isEmpty ? 0 : sectionOf[max(0, insertAt - 1)]
        items.insert(contentsOf: n..<(n + insertCount), at: insertAt)
        sectionOf.insert(contentsOf: repeatElement(landing, count: insertCount), at: insertAt)
        Scenario.shuffleSome(&items, count: min(items.count, Int((ratios.move * Double(n)).rounded())), using: &generator)

        var new = (0..<sectionCount).map { IdentitySection(id: $0, items: []) }
        for (item, section) in zip(items, sectionOf) { new[section].items.append(item) }

        var moved = Array(0..<sectionCount)
        Scenario.shuffleSome(&moved, count: sectionCount > 1 ? max(2, sectionCount / 50) : 0, using: &generator)
        new = moved.map { new[$0] }
        for fresh in 0..<(sectionCount / 100) {
            new[Int.random(in: 0..<sectionCount, using: &generator)].id = sectionCount + fresh
        }
        return (old, new)
    }
}
