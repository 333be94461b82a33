#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A slow, obviously correct statement of what `SectionedDiff` must report,
/// for checking it on small snapshots.
struct SectionedReference {
    /// For each old item (section, item), its new path or nil.
    var newPathForOld: [[IndexPath?]]
    var oldPathForNew: [[IndexPath?]]
    var itemDeletions: [IndexPath]
    var itemInsertions: [IndexPath]
    var itemUpdates: Set<[IndexPath]>
    /// The fewest moves: matched items minus, for each surviving section,
    /// the longest increasing run of old places among the items it keeps.
    var minimumItemMoves: Int
    var sectionDeletions: [Int]
    var sectionInsertions: [Int]
    var minimumSectionMoves: Int
    var sectionUpdates: Set<[Int]>

    init(old: [SectionedGroup], new: [SectionedGroup], identity: (SectionedRow) -> AnyHashable) {
        let newSectionOf = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.id, $0) })
        let oldSectionOf = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
        sectionDeletions = old.indices.filter { newSectionOf[old[$0].id] == nil }
        sectionInsertions = new.indices.filter { oldSectionOf[new[$0].id] == nil }
        let keptSections = new.compactMap { oldSectionOf[$0.id] }
        minimumSectionMoves = keptSections.count - Self.longestIncreasingRun(keptSections)
        sectionUpdates = Set(new.indices.compactMap { n in
            oldSectionOf[new[n].id].flatMap { o in old[o].header != new[n].header ? [o, n] : nil }
        })

        (newPathForOld, oldPathForNew) = Self.pairs(old: old, new: new, oldSectionOf: oldSectionOf, identity: identity)
        itemUpdates = []
        for (s, section) in new.enumerated() {
            for (k, item) in section.items.enumerated() {
                if let from = oldPathForNew[s][k], old[from[0]].items[from[1]] != item { itemUpdates.insert([from, [s, k]]) }
            }
        }
        itemDeletions = []
        for (s, section) in old.enumerated() where newSectionOf[section.id] != nil {
            for k in section.items.indices where newPathForOld[s][k] == nil { itemDeletions.append([s, k]) }
        }
        itemInsertions = []
        for (s, section) in new.enumerated() where oldSectionOf[section.id] != nil {
            for k in section.items.indices where oldPathForNew[s][k] == nil { itemInsertions.append([s, k]) }
        }
        var matched = 0, kept = 0
        for (s, section) in new.enumerated() {
            let own = oldSectionOf[section.id]
            var places: [Int] = []
            for k in section.items.indices {
                guard let from = oldPathForNew[s][k] else { continue }
                matched += 1
                if from[0] == own { places.append(from[1]) }
            }
            kept += Self.longestIncreasingRun(places)
        }
        minimumItemMoves = matched - kept
    }

    /// The item pairing rule: first within each pair of matched sections,
    /// then the leftovers across the whole snapshot, both in order.
    static func pairs(
        old: [SectionedGroup], new: [SectionedGroup], oldSectionOf: [Int: Int], identity: (SectionedRow) -> AnyHashable
    ) -> (newPathForOld: [[IndexPath?]], oldPathForNew: [[IndexPath?]]) {
        // Pass 1: items pair up within each pair of matched sections, in
        // order (the k-th occurrence of an identity in the old section with
        // the k-th in the new one).
        var newPathForOld = old.map { [IndexPath?](repeating: nil, count: $0.items.count) }
        var oldPathForNew = new.map { [IndexPath?](repeating: nil, count: $0.items.count) }
        func pair(_ from: IndexPath, _ to: IndexPath) {
            oldPathForNew[to[0]][to[1]] = from
            newPathForOld[from[0]][from[1]] = to
        }
        for (s, section) in new.enumerated() {
            guard let o = oldSectionOf[section.id] else { continue }
            var waiting: [AnyHashable: [Int]] = [:]
            for (k, item) in old[o].items.enumerated() { waiting[identity(item), default: []].append(k) }
            for (k, item) in section.items.enumerated() {
                let key = identity(item)
                guard let queue = waiting[key], let first = queue.first else { continue }
                waiting[key] = Array(queue.dropFirst())
                pair([o, first], [s, k])
            }
        }
        // Pass 2: the items left unpaired pair up across the whole snapshot,
        // in order of occurrence.
        var waiting: [AnyHashable: [IndexPath]] = [:]
        for (s, section) in old.enumerated() {
            for (k, item) in section.items.enumerated() where newPathForOld[s][k] == nil {
                waiting[identity(item), default: []].append([s, k])
            }
        }
        for (s, section) in new.enumerated() {
            for (k, item) in section.items.enumerated() where oldPathForNew[s][k] == nil {
                let key = identity(item)
                guard let queue = waiting[key], let first = queue.first else { continue }
                waiting[key] = Array(queue.dropFirst())
                pair(first, [s, k])
            }
        }
        return (newPathForOld, oldPathForNew)
    }

    /// The length of the longest strictly increasing subsequence, O(n^2).
    static func longestIncreasingRun(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }
}
