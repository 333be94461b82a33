#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel
import Testing

/// The API around the sectioned diff: async and cancellable, throwing
/// identities, the item content hook, the index-path spelling.
@Suite("SectionedDiff API")
struct SectionedAPITests {
    @Test("computed gives the synchronous diff, checked against the data", arguments: [0, 1] as [UInt64])
    func computedMatchesSync(batch: UInt64) async throws {
        for seed in batch * 150 ..< (batch + 1) * 150 {
            var generator = SectionedSnapshotGenerator(seed: 90_000 + seed)
            let (old, new) = generator.pair()
            let computed = try await SectionedDiff.computed(from: old, to: new, identifiedBy: \.id)
            #expect(computed == (try SectionedDiff(from: old, to: new, identifiedBy: \.id)), "seed \(seed)")
            let problems = SectionedDiffChecker.problems(in: computed, old: old, new: new) { AnyHashable($0.id) }
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
            let plain = try await SectionedDiff.computed(from: old.plainSections, to: new.plainSections)
            #expect(plain == (try SectionedDiff(from: old.plainSections, to: new.plainSections)), "seed \(seed)")
        }
    }

    @Test("computed throws the duplicate section identity, and what the identity closure throws")
    func computedErrors() async throws {
        struct Unreadable: Error, Equatable {}
        let old = [ListSection(id: "a", items: [1, 2])], new = [ListSection(id: "a", items: [2]), ListSection(id: "a", items: [])]
        await #expect(throws: SectionedDiff.DuplicateSectionIDError<String>(identity: "a", snapshot: .new, firstOffset: 0, secondOffset: 1)) {
            try await SectionedDiff.computed(from: old, to: new)
        }
        await #expect(throws: Unreadable()) {
            try await SectionedDiff.computed(from: old, to: old, identifiedBy: { item -> Int in
                if item == 2 { throw Unreadable() }
                return item
            })
        }
        #expect(throws: Unreadable()) {
            try SectionedDiff(from: old, to: old, identifiedBy: { item -> Int in
                if item == 2 { throw Unreadable() }
                return item
            })
        }
    }

    @Test("a cancelled task stops computed with CancellationError")
    func cancelled() async throws {
        let items = Array(0..<50_000)
        let old = [ListSection(id: 0, items: items)], new = [ListSection(id: 0, items: items.reversed())]
        let task = Task {
            try await SectionedDiff.computed(from: old, to: new, identifiedBy: { item -> Int in
                if item == 1_000 { withUnsafeCurrentTask { $0?.cancel() } }
                return item
            })
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    struct Message: Equatable, ContentEquatable {
        var id: Int
        var text: String
        var fetchedAt: Int
        func isContentEqual(to other: Message) -> Bool { text == other.text }
    }

    @Test("items that adopt ContentEquatable are updated only when isContentEqual(to:) is false")
    func contentHook() throws {
        let old = [ListSection(id: 0, items: [Message(id: 1, text: "a", fetchedAt: 1), Message(id: 2, text: "b", fetchedAt: 1)])]
        let new = [ListSection(id: 0, items: [Message(id: 1, text: "a", fetchedAt: 2), Message(id: 2, text: "B", fetchedAt: 2)])]
        let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
        #expect(diff.itemUpdates == [.init(old: [0, 1], new: [0, 1])]) // fetchedAt alone is no update
        #expect(diff.batchUpdates.itemReconfigurations == [[0, 1]])
    }

    #if !canImport(Darwin)
    @Test("IndexPath reads .section and .item on Linux too")
    func indexPathSpelling() throws {
        var path = IndexPath(item: 4, section: 2)
        #expect(path == [2, 4] && path.section == 2 && path.item == 4)
        path.item = 5
        #expect(path == [2, 5])
        let diff = try SectionedDiff(from: [ListSection(id: 0, items: [1, 2])], to: [ListSection(id: 0, items: [2, 1])])
        #expect(diff.itemMoves.count == 1 && diff.itemMoves.map { [$0.new.section, $0.new.item] } == diff.itemMoves.map { [$0.new[0], $0.new[1]] })
    }
    #endif
}
