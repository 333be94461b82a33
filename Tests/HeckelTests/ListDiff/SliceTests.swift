import Heckel
import Testing

/// Offsets, not indices: slices and collections not indexed by `Int`.
@Suite struct SliceTests {
    @Test func arraySlicesWithNonZeroStart() {
        let base = Array(0..<100)
        let old = base[10..<40], new = base[20..<50]
        let diff = ListDiff(from: old, to: new)
        #expect(diff.oldCount == 30 && diff.newCount == 30)
        #expect(diff.newOffset(forOld: 10) == 0)  // the element 20
        checkInvariants(diff, old: Array(old), new: Array(new))
    }

    @Test func stringSlicesOfStrings() {
        let words = ["alpha", "beta", "gamma", "delta", "alpha"]
        let old = words[1...], new = words[..<4]
        let diff = ListDiff(from: old, to: new)
        checkInvariants(diff, old: Array(old), new: Array(new))
    }

    @Test func characterViews() {
        let old = "a\u{E9}bc\u{1F600}", new = "b\u{1F600}e\u{301}x"
        let diff = ListDiff(from: old, to: new)
        #expect(diff.oldCount == 5 && diff.newCount == 4)
        checkInvariants(diff, old: Array(old), new: Array(new))
    }

    @Test func substringCharacters() {
        let text = "xxhello worldxx"
        let old = text.dropFirst(2).dropLast(2), new = Substring("world hello")
        checkInvariants(ListDiff(from: old, to: new), old: Array(old), new: Array(new))
    }

    @Test func nonContiguousCollections() {
        let old = 0..<50, new = stride(from: 0, to: 100, by: 2)
        let diff = ListDiff(from: old, to: Array(new))
        checkInvariants(diff, old: Array(old), new: Array(new))
        let table = [1: "one", 2: "two", 3: "three"]
        let values = ListDiff(from: table.values, to: ["two", "four"])
        checkInvariants(values, old: Array(table.values), new: ["two", "four"])
        let set: Set<Int> = [1, 5, 9]
        checkInvariants(ListDiff(from: set, to: [9, 1]), old: Array(set), new: [9, 1])
    }

    @Test func mixedCollectionTypes() {
        let old: ContiguousArray = [3, 1, 2]
        let new = [1, 2, 3][...]
        checkInvariants(ListDiff(from: old, to: new), old: Array(old), new: Array(new))
    }
}
