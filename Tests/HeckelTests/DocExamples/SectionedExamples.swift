import Foundation
import Heckel
import Testing

// The doc-comment examples of Sources/Heckel/Sectioned, verbatim between the
// inputs they assume and the checks of what they state.
@Suite struct SectionedExamples {
    /// `SectionedDiff` (SectionedDiff.swift).
    @Test func sectionedDiff() throws {
        let old = [ListSection(id: "A", items: ["a", "b"]), ListSection(id: "B", items: ["c"])]
        let new = [ListSection(id: "B", items: ["c", "b"]), ListSection(id: "C", items: ["d"])]
        let diff = try SectionedDiff(from: old, to: new)
        assert(diff.sectionDeletions == [0])  // "A"
        assert(diff.sectionInsertions == [1]) // "C"
        assert(diff.itemMoves == [.init(old: [0, 1], new: [0, 1])]) // "b" left deleted "A" for "B"
        assert(diff.newIndexPath(forOld: [1, 0]) == [0, 0])         // "c"
        let updates = diff.batchUpdates // for performBatchUpdates
        #expect(diff.sectionDeletions == [0] && diff.sectionInsertions == [1])
        #expect(diff.itemMoves == [.init(old: [0, 1], new: [0, 1])] && diff.newIndexPath(forOld: [1, 0]) == [0, 0])
        // "b" leaves a deleted section: in a batch, an insertion at its new path.
        #expect(updates.itemInsertions == [[0, 1]] && updates.itemMoves.isEmpty)
    }

    /// `init(from:to:)` and `init(from:to:identifiedBy:)` (SectionedDiff+Initializers.swift).
    @Test func initializers() throws {
        struct Item: Equatable { var id: Int; var text: String }
        let oldSections = [ListSection(id: 0, items: [1, 2]), ListSection(id: 1, items: [3])]
        let newSections = [ListSection(id: 1, items: [3, 1]), ListSection(id: 0, items: [2])]
        do {
            let diff = try SectionedDiff(from: oldSections, to: newSections)
            #expect(diff.sectionMoves.count == 1 && diff.itemMoves == [.init(old: [0, 0], new: [0, 1])])
        }
        let old = [ListSection(id: 0, items: [Item(id: 1, text: "a"), Item(id: 2, text: "b")])]
        let new = [ListSection(id: 0, items: [Item(id: 2, text: "B"), Item(id: 1, text: "a")])]
        do {
            let diff = try SectionedDiff(from: old, to: new) { $0.id }
            #expect(diff.itemUpdates == [.init(old: [0, 1], new: [0, 0])] && diff.itemMoves.count == 1)
        }
    }

    /// `SectionedDiff.DuplicateSectionIDError` (SectionedDiff.DuplicateSectionIDError.swift).
    @Test func duplicateSectionID() {
        let old = [ListSection(id: "news", items: [1])]
        let new = [ListSection(id: "news", items: [1]), ListSection(id: "sport", items: [2]),
                   ListSection(id: "weather", items: [3]), ListSection(id: "news", items: [4])]
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        var diff: SectionedDiff?
        do { diff = try SectionedDiff(from: old, to: new) }
        catch { print(error) } // section identity "news" appears twice in the new snapshot, at 0 and 3
        #expect(diff == nil)
        #expect(printed == ["section identity \"news\" appears twice in the new snapshot, at 0 and 3"])
    }

    /// `ListSection` (ListSection.swift).
    @Test func listSection() throws {
        let old = [ListSection(id: "A", items: [1, 2, 3]), ListSection(id: "B", items: [4])]
        let new = [ListSection(id: "B", items: [4, 3]), ListSection(id: "A", items: [1, 2])]
        let diff = try SectionedDiff(from: old, to: new)
        #expect(diff.sectionMoves.count == 1 && diff.itemMoves == [.init(old: [0, 2], new: [0, 1])])
    }

    /// `DiffableSection` (DiffableSection.swift).
    enum DiffableSectionExample {
        struct Contact: Hashable { var name: String }
        struct Group: DiffableSection {
            var id: String
            var title: String
            var items: [Contact]
            func isContentEqual(to other: Group) -> Bool { title == other.title }
        }
    }

    @Test func diffableSection() throws {
        typealias Group = DiffableSectionExample.Group
        let ann = DiffableSectionExample.Contact(name: "Ann")
        let old = [Group(id: "friends", title: "Friends", items: [ann])]
        let new = [Group(id: "friends", title: "Close friends", items: [ann])]
        let diff = try SectionedDiff(from: old, to: new)
        #expect(diff.sectionUpdates == [ListDiff.Pair(old: 0, new: 0)] && diff.itemMoves.isEmpty)
    }

    /// `ContentEquatable` (DiffableSection.swift).
    struct ContentEquatableExample {
        struct Message: Equatable, ContentEquatable {
            var id: UUID, text: String, fetchedAt: Date
            func isContentEqual(to other: Message) -> Bool { text == other.text }
        }
        func changes(from old: [ListSection<String, Message>], to new: [ListSection<String, Message>]) throws -> SectionedDiff {
            try SectionedDiff(from: old, to: new, identifiedBy: \.id) // ignores fetchedAt
        }
    }

    @Test func contentEquatable() throws {
        typealias Message = ContentEquatableExample.Message
        let first = UUID(), second = UUID()
        let old = [ListSection(id: "inbox", items: [Message(id: first, text: "hi", fetchedAt: Date(timeIntervalSince1970: 0)),
                                                    Message(id: second, text: "yo", fetchedAt: Date(timeIntervalSince1970: 0))])]
        let new = [ListSection(id: "inbox", items: [Message(id: first, text: "hi", fetchedAt: Date(timeIntervalSince1970: 9)),
                                                    Message(id: second, text: "hey", fetchedAt: Date(timeIntervalSince1970: 9))])]
        let diff = try ContentEquatableExample().changes(from: old, to: new)
        #expect(diff.itemUpdates == [.init(old: [0, 1], new: [0, 1])])
    }
}
