#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel
import Testing

@Suite("SectionedDiff on hand-made snapshots")
struct SectionedDiffExampleTests {
    /// Checks `diff` with everything the random tests check, then returns it.
    func checked(_ old: [SectionedGroup], _ new: [SectionedGroup]) throws -> SectionedDiff {
        let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
        let problems = SectionedDiffChecker.problems(in: diff, old: old, new: new) { AnyHashable($0.id) }
        #expect(problems.isEmpty, Comment(rawValue: problems.joined(separator: "\n")))
        return diff
    }

    func group(_ id: Int, _ ids: [Int], header: Int = 0, content: Int = 0) -> SectionedGroup {
        SectionedGroup(id: id, header: header, items: ids.map { SectionedRow(id: $0, content: content) })
    }

    @Test("an item leaving a deleted section is a move; the section's other items are not listed")
    func leavingDeletedSection() throws {
        let diff = try checked([group(0, [1, 2]), group(1, [3])], [group(1, [3, 2]), group(2, [4])])
        #expect(diff.sectionDeletions == [0] && diff.sectionInsertions == [1])
        #expect(diff.itemDeletions.isEmpty && diff.itemInsertions.isEmpty)
        #expect(diff.itemMoves == [.init(old: [0, 1], new: [0, 1])])
        #expect(diff.newIndexPath(forOld: [0, 1]) == [0, 1])
        #expect(diff.newIndexPath(forOld: [0, 0]) == nil)
        #expect(diff.oldIndexPath(forNew: [1, 0]) == nil)
        // UIKit cannot move out of a deleted section: the item is inserted.
        let batch = diff.batchUpdates
        #expect(batch.itemMoves.isEmpty && batch.itemInsertions == [[0, 1]] && batch.itemDeletions.isEmpty)
        #expect(diff.description == "SectionedDiff(sections 2 -> 2: deletions [0], insertions [1], moves [], updates []; "
            + "items: deletions [], insertions [], moves [[0, 1]->[0, 1]], updates [])")
    }

    @Test("an item joining an inserted section is a move, and a deletion in the batch")
    func joiningInsertedSection() throws {
        let diff = try checked([group(0, [1, 2])], [group(0, [1]), group(5, [7, 2])])
        #expect(diff.itemMoves == [.init(old: [0, 1], new: [1, 1])])
        #expect(diff.itemInsertions.isEmpty)
        #expect(diff.batchUpdates.itemDeletions == [[0, 1]])
        #expect(diff.batchUpdates.sectionInsertions == [1])
    }

    @Test("items riding along with a moved section are not moves")
    func ridingAlong() throws {
        let diff = try checked([group(0, [1, 2]), group(1, [3, 4]), group(2, [5])],
                               [group(2, [5]), group(0, [1, 2]), group(1, [3, 4])])
        #expect(diff.sectionMoves.count == 1)
        #expect(diff.itemMoves.isEmpty)
        #expect(diff.newIndexPath(forOld: [2, 0]) == [0, 0])
    }

    @Test("one item moved to the end of a long section is one move")
    func oneMove() throws {
        let ids = Array(0..<200)
        let diff = try checked([group(0, ids)], [group(0, Array(ids.dropFirst()) + [0])])
        #expect(diff.itemMoves == [.init(old: [0, 0], new: [0, 199])])
        #expect(diff.batchUpdates.itemMoves.count == 1)
    }

    @Test("duplicate item identities pair up in order, within their sections first, and never crash")
    func duplicateItems() throws {
        let diff = try checked([group(0, [1, 1, 1]), group(1, [1])], [group(1, [1, 1]), group(0, [1])])
        // Within sections: old 0 keeps its first 1, old 1 its only 1. Then the
        // leftovers in order: old [0, 1] takes the free 1 of section 1.
        #expect(diff.newIndexPath(forOld: [0, 0]) == [1, 0])
        #expect(diff.newIndexPath(forOld: [1, 0]) == [0, 0])
        #expect(diff.newIndexPath(forOld: [0, 1]) == [0, 1])
        #expect(diff.newIndexPath(forOld: [0, 2]) == nil)
        _ = try checked([group(0, Array(repeating: 9, count: 50))], [group(0, Array(repeating: 9, count: 20)), group(1, Array(repeating: 9, count: 40))])
    }

    @Test("an identity in two sections stays in each when the sections only swap")
    func sameItemInTwoSectionsSwapped() throws {
        // "Favorites" and "All" both list product 7, with different text.
        let favorites = SectionedGroup(id: 0, header: 0, items: [.init(id: 7, content: 1)])
        let all = SectionedGroup(id: 1, header: 0, items: [.init(id: 7, content: 2)])
        let diff = try checked([favorites, all], [all, favorites])
        #expect(diff.sectionMoves.count == 1)
        #expect(diff.itemMoves.isEmpty && diff.itemUpdates.isEmpty)
        #expect(diff.itemDeletions.isEmpty && diff.itemInsertions.isEmpty)
        #expect(diff.newIndexPath(forOld: [0, 0]) == [1, 0] && diff.newIndexPath(forOld: [1, 0]) == [0, 0])
        let batch = diff.batchUpdates
        #expect(batch.sectionMoves.count == 1)
        #expect(batch.sectionDeletions.isEmpty && batch.sectionInsertions.isEmpty && batch.sectionReloads.isEmpty)
        #expect(batch.itemMoves.isEmpty && batch.itemReloads.isEmpty)
        #expect(batch.itemDeletions.isEmpty && batch.itemInsertions.isEmpty)
        #expect(diff.sequentialSteps.count == 1)

        // The same with Hashable items, equal in both sections.
        let plain = try SectionedDiff(from: [ListSection(id: "fav", items: [7]), ListSection(id: "all", items: [7])],
                                      to: [ListSection(id: "all", items: [7]), ListSection(id: "fav", items: [7])])
        #expect(plain.sectionMoves.count == 1 && plain.itemMoves.isEmpty)
        #expect(plain.itemDeletions.isEmpty && plain.itemInsertions.isEmpty)
        #expect(plain.newIndexPath(forOld: [0, 0]) == [1, 0] && plain.newIndexPath(forOld: [1, 0]) == [0, 0])
    }

    @Test("an identity deleted from one of two sections is a deletion there, not a move")
    func sameItemInTwoSectionsDeletedFromOne() throws {
        // old A: [x, y], B: [x, z]; new A: [y], B: [x, z].
        let diff = try checked([group(0, [1, 2]), group(1, [1, 3])], [group(0, [2]), group(1, [1, 3])])
        #expect(diff.itemDeletions == [[0, 0]])
        #expect(diff.itemInsertions.isEmpty && diff.itemMoves.isEmpty && diff.itemUpdates.isEmpty)
        #expect(diff.sectionMoves.isEmpty)
        #expect(diff.newIndexPath(forOld: [1, 0]) == [1, 0])
        let batch = diff.batchUpdates
        #expect(batch.itemDeletions == [[0, 0]])
        #expect(batch.itemInsertions.isEmpty && batch.itemMoves.isEmpty && batch.itemReloads.isEmpty)
        #expect(diff.sequentialSteps == [.deleteItem([0, 0])])
    }

    @Test("an item changes section only when its own section has no partner for it")
    func leftoversPairAcrossSections() throws {
        // Old A keeps one 1; its second 1 pairs with the 1 that appears in B.
        let diff = try checked([group(0, [1, 1]), group(1, [2])], [group(0, [1]), group(1, [2, 1])])
        #expect(diff.newIndexPath(forOld: [0, 0]) == [0, 0])
        #expect(diff.itemMoves == [.init(old: [0, 1], new: [1, 1])])
        #expect(diff.itemDeletions.isEmpty && diff.itemInsertions.isEmpty)
    }

    @Test("a duplicate section identity throws, naming it and both offsets")
    func duplicateSections() throws {
        let old = [ListSection(id: "news", items: [1]), ListSection(id: "sport", items: [2])]
        let new = [ListSection(id: "news", items: [1]), ListSection(id: "sport", items: []), ListSection(id: "weather", items: []), ListSection(id: "news", items: [3])]
        #expect(throws: SectionedDiff.DuplicateSectionIDError<String>(identity: "news", snapshot: .new, firstOffset: 0, secondOffset: 3)) {
            try SectionedDiff(from: old, to: new)
        }
        #expect(throws: SectionedDiff.DuplicateSectionIDError<String>(identity: "sport", snapshot: .old, firstOffset: 1, secondOffset: 2)) {
            try SectionedDiff(from: old + [ListSection(id: "sport", items: [])], to: old)
        }
        do {
            _ = try SectionedDiff(from: new, to: old)
            Issue.record("no error")
        } catch {
            // Typed throws: the identity comes back as the section's ID type.
            let identity: String = error.identity
            #expect(identity == "news")
            #expect(error.description == "section identity \"news\" appears twice in the old snapshot, at 0 and 3")
        }
        // The identified initializers throw it too (untyped: `id` may throw).
        #expect(throws: SectionedDiff.DuplicateSectionIDError<String>(identity: "news", snapshot: .new, firstOffset: 0, secondOffset: 3)) {
            try SectionedDiff(from: old, to: new, identifiedBy: { $0 })
        }
    }

    @Test("empty snapshots and empty sections")
    func empty() throws {
        #expect(try checked([], []).isEmpty)
        #expect(try checked([group(0, [])], [group(0, [])]).isEmpty)
        let inserted = try checked([], [group(0, [1, 2]), group(1, [])])
        #expect(inserted.sectionInsertions == [0, 1] && inserted.itemInsertions.isEmpty)
        let deleted = try checked([group(0, [1, 2]), group(1, [])], [])
        #expect(deleted.sectionDeletions == [0, 1] && deleted.itemDeletions.isEmpty)
        _ = try checked([group(0, []), group(1, [1]), group(2, [])], [group(2, [1]), group(1, []), group(0, [])])
    }

    @Test("an updated section is reconfigured after the batch by default; reloaded in place only when it does not shift")
    func sectionUpdates() throws {
        let still = try checked([group(0, [1]), group(1, [2])], [group(0, [1], header: 1), group(1, [2])])
        #expect(still.sectionUpdates == [.init(old: 0, new: 0)])
        #expect(still.batchUpdates.sectionReconfigurations == [0] && still.batchUpdates.operationCount == 0)
        #expect(still.batchUpdates(style: .reloadInPlace).sectionReloads == [0])
        let moving = try checked([group(0, [1]), group(1, [2]), group(2, [3])],
                                 [group(1, [2]), group(2, [3]), group(0, [1, 4], header: 1)])
        let batch = moving.batchUpdates
        #expect(batch.sectionMoves == [.init(old: 0, new: 2)] && batch.sectionReloads.isEmpty)
        #expect(batch.sectionReconfigurations == [2] && batch.itemInsertions == [[2, 1]])
        let inPlace = moving.batchUpdates(style: .reloadInPlace)
        #expect(inPlace.sectionMoves.isEmpty && inPlace.sectionReloads.isEmpty)
        #expect(inPlace.sectionDeletions == [0] && inPlace.sectionInsertions == [2])
        #expect(inPlace.itemInsertions.isEmpty) // item 4 comes with the reinserted section
    }

    @Test("an updated item that stays but shifts is reconfigured at its new path after the batch, never reloaded in place")
    func shiftedAndUpdated() throws {
        let old = [group(0, [1, 2])]
        let new = [SectionedGroup(id: 0, header: 0, items: [.init(id: 9, content: 0), .init(id: 1, content: 0), .init(id: 2, content: 1)])]
        let diff = try checked(old, new)
        #expect(diff.itemUpdates == [.init(old: [0, 1], new: [0, 2])])
        let batch = diff.batchUpdates
        #expect(batch.itemInsertions == [[0, 0]] && batch.itemReloads.isEmpty && batch.itemReconfigurations == [[0, 2]])
        let inPlace = diff.batchUpdates(style: .reloadInPlace)
        #expect(inPlace.itemReloads.isEmpty && inPlace.itemDeletions == [[0, 1]] && inPlace.itemInsertions == [[0, 0], [0, 2]])
        // The old default, a reload at the old path, is what UIKit gets wrong.
        let oldDefault = SectionedDiff.BatchUpdates(itemInsertions: [[0, 0]], itemReloads: [[0, 1]])
        #expect(!BatchUpdateSimulator.problems(of: oldDefault, old: old, new: new, label: "old default").isEmpty)
    }

    @Test("an updated item that moves is deleted and inserted in a batch, moved and reloaded in steps")
    func movedAndUpdated() throws {
        let old = [group(0, [1, 2, 3])]
        let new = [SectionedGroup(id: 0, header: 0, items: [.init(id: 3, content: 1), .init(id: 1, content: 0), .init(id: 2, content: 0)])]
        let diff = try checked(old, new)
        #expect(diff.itemMoves == [.init(old: [0, 2], new: [0, 0])])
        #expect(diff.itemUpdates == [.init(old: [0, 2], new: [0, 0])])
        let batch = diff.batchUpdates
        #expect(batch.itemMoves.isEmpty && batch.itemReloads.isEmpty)
        #expect(batch.itemDeletions == [[0, 2]] && batch.itemInsertions == [[0, 0]])
        #expect(diff.sequentialSteps == [.moveItem(from: [0, 2], to: [0, 0]), .updateItem([0, 0])])
    }

    @Test("ListSection values compare and hash by identity and items")
    func sectionValue() {
        let a = ListSection(id: 1, items: ["x"]), b = ListSection(id: 1, items: ["x"]), c = ListSection(id: 1, items: ["y"])
        #expect(a == b && a != c)
        #expect(Set([a, b, c]).count == 2)
        #expect(a.isContentEqual(to: c))
    }
}
