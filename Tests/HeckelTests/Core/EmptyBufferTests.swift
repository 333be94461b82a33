import Foundation
import Heckel
import Testing

/// Empty lists whose buffer has no storage at all
/// (`UnsafeBufferPointer(start: nil, count: 0)`), on either side, through
/// every key scheme: their nil base address must never reach the core.
@Suite struct EmptyBufferTests {
    /// Diffs a storage-less empty buffer against `other` both ways, and
    /// against itself, and checks each result against the lists.
    func checkEmptyBuffer<Element: Hashable>(against other: [Element], sourceLocation: SourceLocation = #_sourceLocation) {
        let empty = UnsafeBufferPointer<Element>(start: nil, count: 0)
        let forward = ListDiff(from: empty, to: other)
        #expect(Array(forward.insertions) == Array(other.indices) && forward.deletions.isEmpty, sourceLocation: sourceLocation)
        checkInvariants(forward, old: [], new: other, sourceLocation: sourceLocation)
        let backward = ListDiff(from: other, to: empty)
        #expect(Array(backward.deletions) == Array(other.indices) && backward.insertions.isEmpty, sourceLocation: sourceLocation)
        checkInvariants(backward, old: other, new: [], sourceLocation: sourceLocation)
        #expect(ListDiff(from: empty, to: empty).isEmpty, sourceLocation: sourceLocation)

        #expect([Element]().applying(other.heckelDifference(from: empty)) == other, sourceLocation: sourceLocation)
        #expect(other.applying(empty.heckelDifference(from: other)) == [], sourceLocation: sourceLocation)
        #expect(empty.heckelDifference(from: empty).isEmpty, sourceLocation: sourceLocation)
    }

    @Test func int() { checkEmptyBuffer(against: [1, 2, 3]) }
    @Test func uint64() { checkEmptyBuffer(against: [UInt64.max, 0, 7]) }
    @Test func uint8() { checkEmptyBuffer(against: [UInt8(1), 2]) }
    @Test func double() { checkEmptyBuffer(against: [1.5, -0.0]) }
    @Test func uuid() { checkEmptyBuffer(against: [UUID(), UUID()]) }
    @Test func string() { checkEmptyBuffer(against: ["a", "b", "a"]) }
    @Test func bytes() { checkEmptyBuffer(against: [[UInt8](), [1, 2]]) }
    @Test func generic() { checkEmptyBuffer(against: [TwoFields(1), TwoFields(2)]) }

    @Test func identified() async throws {
        let rows = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
        let empty = UnsafeBufferPointer<Row>(start: nil, count: 0)
        let forward = ListDiff(from: empty, to: rows, identifiedBy: \.id)
        #expect(forward.insertions == [0, 1] && forward.updates.isEmpty)
        let backward = ListDiff(from: rows, to: empty, identifiedBy: \.id)
        #expect(backward.deletions == [0, 1])
        #expect(try await ListDiff.computed(from: empty, to: rows, identifiedBy: \.id) == forward)
        #expect(try await ListDiff.computed(from: [1, 2, 3], to: UnsafeBufferPointer<Int>(start: nil, count: 0))
                == ListDiff(from: [1, 2, 3], to: [Int]()))
    }
}
