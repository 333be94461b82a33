#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel
import Testing

/// `FlatTree.gathering` past the room it makes up front (1,024 nodes for
/// the old tree, the old tree's count and a sixteenth for the new one):
/// the walk pauses, the arrays are made again larger and the walk goes on,
/// so every node must still be read once, in preorder, with its path.
@Suite("TreeGathering")
struct TreeGatheringTests {
    @Test("trees larger than the room made for them: counts, paths and the pairing agree with the identities",
          arguments: [1, 1_023, 1_024, 1_025, 5_000])
    func growth(oldCount: Int) throws {
        // The new tree: the old identities and three times as many more.
        let oldIDs = Array(0..<oldCount), newIDs = Array((0..<4 * oldCount).reversed())
        let old = TreeDuplicatesTests.forest(oldIDs), new = TreeDuplicatesTests.forest(newIDs)
        let diff = try TreeDiff(from: old, to: new)
        #expect(diff.oldCount == oldCount && diff.newCount == 4 * oldCount)
        let oldPlaces = TreeReading.places(old), newPlaces = TreeReading.places(new)
        let oldOrder = TreeReading.preorder(old), newOrder = TreeReading.preorder(new)
        let newOffset = Dictionary(uniqueKeysWithValues: newOrder.enumerated().map { ($1, $0) })
        var wrong = 0
        for (k, id) in oldOrder.enumerated() {
            if diff.oldIdentity(at: k) != id || Array(diff.oldPath(at: k)) != oldPlaces[id]?.path
                || diff.newOffset(forOld: k) != newOffset[id] { wrong += 1 }
        }
        for (k, id) in newOrder.enumerated() {
            if diff.newIdentity(at: k) != id || Array(diff.newPath(at: k)) != newPlaces[id]?.path { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) nodes read wrongly")
    }
}
