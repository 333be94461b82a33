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

        // Match items in order of occurrence over the whole snapshot.
        var waiting: [AnyHashable: [IndexPath]] = [:]
        for (s, section) in old.enumerated() {
            for (k, item) in section.items.enumerated() { waiting[identity(item), default: []].append([s, k]) }
        }
        newPathForOld = old.map { [IndexPath?](repeating: nil, count: $0.items.count) }
        oldPathForNew = new.map { [IndexPath?](repeating: nil, count: $0.items.count) }
        itemUpdates = []
        for (s, section) in new.enumerated() {
            for (k, item) in section.items.enumerated() {
                let key = identity(item)
                guard var queue = waiting[key], !queue.isEmpty else { continue }
                let from = queue.removeFirst()
                waiting[key] = queue
                oldPathForNew[s][k] = from
                newPathForOld[from[0]][from[1]] = [s, k]
                if old[from[0]].items[from[1]] != item { itemUpdates.insert([from, [s, k]]) }
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

    /// The length of the longest strictly increasing subsequence, O(n^2).
    static func longestIncreasingRun(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }
}
