import Heckel
import Testing

/// `ListDiff.Options`: the thread count never changes a result, and
/// `ignoresOrder` drops the moves and nothing else.
@Suite struct OptionsTests {
    static let threadChoices: [Int?] = [nil, 1, 2, 3]

    /// Same diff for every thread count, on every key path (integers,
    /// ASCII strings as spans, the general path), and each one correct.
    @Test func threadCountNeverChangesTheResult() {
        var random = RandomListPairs(seed: 71)
        for round in 0..<60 {
            let (old, new) = random.pair(distinct: 50 + round * 20, largest: 5_000)
            let strings = (old.map { "row \($0)" }, new.map { "row \($0)" })
            let opaque = (old.map(TwoFields.init), new.map(TwoFields.init))
            for threads in Self.threadChoices {
                let options = ListDiff.Options(threads: threads)
                let ints = ListDiff(from: old, to: new, options: options)
                #expect(ints == ListDiff(from: old, to: new), "round \(round), threads \(String(describing: threads))")
                checkInvariants(ints, old: old, new: new, "round \(round)")
                let byStrings = ListDiff(from: strings.0, to: strings.1, options: options)
                #expect(byStrings == ints, "round \(round)")
                checkInvariants(byStrings, old: strings.0, new: strings.1, "round \(round)")
                let general = ListDiff(from: opaque.0, to: opaque.1, options: options)
                #expect(general == ints, "round \(round)")
            }
        }
    }

    /// Lists big enough for the core to split its work, where it does.
    @Test func largeListsAlikeOnAnyThreadCount() {
        var generator = SeededGenerator(seed: 72)
        let old = (0..<120_000).map { _ in Int.random(in: 0..<90_000, using: &generator) }
        var new = Array(old.dropFirst(15_000)) + (0..<20_000).map { _ in Int.random(in: 0..<150_000, using: &generator) }
        new.shuffle(using: &generator)
        let reference = ListDiff(from: old, to: new, options: .init(threads: 1))
        checkInvariants(reference, old: old, new: new)
        for threads in [nil, 2, 4] as [Int?] {
            #expect(ListDiff(from: old, to: new, options: .init(threads: threads)) == reference)
        }
    }

    /// Unordered matching: no moves; the same pairs, deletions, insertions
    /// and updates as the ordered diff; the script gives the new elements.
    @Test func ignoringOrderKeepsThePairsAndDropsTheMoves() {
        var random = RandomListPairs(seed: 73)
        for round in 0..<200 {
            let (old, new) = random.pair(distinct: 30, largest: 3_000)
            let ordered = ListDiff(from: old, to: new)
            let unordered = ListDiff(from: old, to: new, options: .init(ignoresOrder: true))
            let note = Comment(rawValue: "round \(round)")
            #expect(unordered.moves.isEmpty, note)
            #expect(unordered.deletions == ordered.deletions && unordered.insertions == ordered.insertions, note)
            for i in old.indices {
                #expect(unordered.newOffset(forOld: i) == ordered.newOffset(forOld: i), note)
                if let j = unordered.newOffset(forOld: i) { #expect(old[i] == new[j], note) }
            }
            let rebuilt = rebuild(old, applying: unordered, insertedFrom: new)
            #expect(rebuilt.sorted() == new.sorted(), note)

            let rows = old.map { Row(id: $0, title: "\($0 % 3)") }, newRows = new.map { Row(id: $0, title: "\($0 % 4)") }
            let identified = ListDiff(from: rows, to: newRows, identifiedBy: \.id, options: .init(ignoresOrder: true))
            let identifiedOrdered = ListDiff(from: rows, to: newRows, identifiedBy: \.id)
            #expect(identified.moves.isEmpty && identified.updates == identifiedOrdered.updates, note)
            #expect(identified.deletions == identifiedOrdered.deletions, note)
            #expect(identified.insertions == identifiedOrdered.insertions, note)
        }
    }

    @Test func asyncFormsTakeOptions() async throws {
        var random = RandomListPairs(seed: 74)
        for _ in 0..<20 {
            let (old, new) = random.pair(distinct: 40, largest: 2_000)
            let options = ListDiff.Options(threads: 1, ignoresOrder: true)
            let diff = try await ListDiff.computed(from: old, to: new, options: options)
            #expect(diff == ListDiff(from: old, to: new, options: options))
            let rows = old.map { Row(id: $0, title: "\($0 % 3)") }, newRows = new.map { Row(id: $0, title: "\($0 % 4)") }
            let identified = try await ListDiff.computed(from: rows, to: newRows, identifiedBy: { $0.id }, options: .init(threads: 2))
            #expect(identified == ListDiff(from: rows, to: newRows, identifiedBy: \.id))
            checkInvariants(identified, old: rows, new: newRows, identity: \.id, same: ==, updatesExpected: true)
        }
    }
}
