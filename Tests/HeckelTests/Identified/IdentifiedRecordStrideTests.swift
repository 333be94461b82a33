import Foundation
import Heckel
import Testing

/// `UUID` and 64-bit integer identities stored in the elements
/// (`identifiedBy: \.id`) are matched where they lie, at the elements'
/// stride, as 16-byte records (`heckel_match_records_at_stride`) or 8-byte
/// keys (`heckel_match_keys_at_stride`): against the closure form (the
/// identities copied out first) and the general path (`Opaque` identities,
/// hashed and compared by `==`), for identities at offset 0, after a `Bool`
/// (a `UUID` at the odd offset 1), and after a `String`; with repeated
/// identities, updates, slices, empty lists, and collections that are not
/// contiguous (which take the closure path).
@Suite struct IdentifiedRecordStrideTests {
    struct First: Equatable {
        var id: UUID
        var content: Int
    }

    struct AfterFlag: Equatable {
        var flag: Bool
        var id: UUID
        var content: Int
    }

    struct AfterName: Equatable {
        var name: String
        var id: UUID
        var content: Int8
    }

    struct Keyed<ID: Equatable>: Equatable {
        var flag: Bool
        var id: ID
        var content: Int
    }

    /// Old and new identities drawn from `range` values (repeats when it is
    /// small), the new list a fifth dropped, some fresh, shuffled in part;
    /// `updated(value)` marks about one matched pair in seven.
    static func identities(count: Int, range: Int, seed: UInt64) -> (old: [Int], new: [Int]) {
        var random = SeededGenerator(seed: seed)
        let old = (0..<count).map { _ in Int.random(in: 0..<max(1, range), using: &random) }
        var new = old.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
        new += (0..<(count / 5)).map { _ in Int.random(in: 0..<max(1, range + range / 4), using: &random) }
        for _ in 0..<(new.count / 10) where new.count > 1 {
            new.swapAt(Int.random(in: new.indices, using: &random), Int.random(in: new.indices, using: &random))
        }
        return (old, new)
    }

    func check<Element: Equatable, ID: Hashable>(
        _ old: [Element], _ new: [Element], id: KeyPath<Element, ID>, _ context: String
    ) {
        let stored = ListDiff(from: old, to: new, identifiedBy: id)
        let copied = ListDiff(from: old, to: new, identifiedBy: { $0[keyPath: id] })
        let general = ListDiff(from: old, to: new, identifiedBy: { Opaque($0[keyPath: id]) })
        #expect(stored == general, "\(context)")
        #expect(copied == general, "\(context)")
        checkInvariants(stored, old: old, new: new, identity: { $0[keyPath: id] }, same: ==,
                        updatesExpected: true, context)
        // Slices (a start past 0) and a collection that is not contiguous.
        let trim = min(3, old.count), newTrim = min(2, new.count)
        let sliced = ListDiff(from: old[trim...], to: new[newTrim...], identifiedBy: id)
        let slicedGeneral = ListDiff(from: old[trim...], to: new[newTrim...], identifiedBy: { Opaque($0[keyPath: id]) })
        #expect(sliced == slicedGeneral, "\(context), slices")
        let lazy = ListDiff(from: old.lazy.map { $0 }, to: new.lazy.map { $0 }, identifiedBy: id)
        #expect(lazy == general, "\(context), not contiguous")
    }

    func checkLayouts(count: Int, range: Int, seed: UInt64) {
        let (old, new) = Self.identities(count: count, range: range, seed: seed)
        let context = "\(count) -> \(new.count), range \(range), seed \(seed)"
        let uuid = IdentifiedPassesTests.uuid
        func content(_ value: Int, _ k: Int) -> Int { (value &* 7 &+ k) % 7 == 0 ? 1 : 0 }
        check(old.map { First(id: uuid($0), content: 0) },
              new.enumerated().map { First(id: uuid($1), content: content($1, $0)) }, id: \.id, "first, " + context)
        check(old.map { AfterFlag(flag: $0 % 2 == 0, id: uuid($0), content: 0) },
              new.enumerated().map { AfterFlag(flag: $1 % 2 == 0, id: uuid($1), content: content($1, $0)) },
              id: \.id, "after a Bool, " + context)
        check(old.map { AfterName(name: "name \($0)", id: uuid($0), content: 0) },
              new.enumerated().map { AfterName(name: "name \($1)", id: uuid($1), content: Int8(content($1, $0))) },
              id: \.id, "after a String, " + context)
        check(old.map { Keyed(flag: $0 % 2 == 0, id: $0, content: 0) },
              new.enumerated().map { Keyed(flag: $1 % 2 == 0, id: $1, content: content($1, $0)) }, id: \.id,
              "Int after a Bool, " + context)
        check(old.map { Keyed(flag: true, id: UInt64(bitPattern: Int64($0)) &* 0x9E37_79B9_7F4A_7C15, content: 0) },
              new.enumerated().map {
                  Keyed(flag: true, id: UInt64(bitPattern: Int64($1)) &* 0x9E37_79B9_7F4A_7C15, content: content($1, $0))
              }, id: \.id, "UInt64 after a Bool, " + context)
        check(old.map { First(id: uuid($0), content: $0) }, new.map { First(id: uuid($0 % 7 == 0 ? -1 : $0), content: $0) },
              id: \.content, "Int at offset 16, " + context)
    }

    @Test func agreesWithTheGeneralPath() {
        #expect(MemoryLayout<AfterFlag>.offset(of: \AfterFlag.id) == 1)
        #expect(MemoryLayout<Keyed<Int>>.offset(of: \Keyed<Int>.id) == 8)
        for (k, count) in [0, 1, 2, 9, 100, 700, 3000, 5000].enumerated() {
            checkLayouts(count: count, range: count * 3, seed: UInt64(k) &+ 11)
            checkLayouts(count: count, range: count / 4, seed: UInt64(k) &+ 101)
        }
    }

    /// 64-bit ids read where they lie on the direct path and past its 65,534
    /// (the general path).
    @Test func integerIdsAroundTheBounds() {
        for (oldCount, newCount) in [(4096, 4095), (4096, 4096), (40_000, 36_000)] {
            let (old, drawn) = Self.identities(count: oldCount, range: oldCount * 3, seed: UInt64(oldCount &+ newCount))
            let kept = Array(drawn.prefix(newCount))
            let new = kept + (kept.count..<newCount).map { oldCount * 4 &+ $0 }  // fresh ids to the length
            #expect(new.count == newCount)
            func content(_ value: Int, _ k: Int) -> Int { (value &* 7 &+ k) % 7 == 0 ? 1 : 0 }
            check(old.map { Keyed(flag: true, id: $0, content: 0) },
                  new.enumerated().map { Keyed(flag: true, id: $1, content: content($1, $0)) }, id: \.id,
                  "Int ids, \(oldCount) -> \(newCount)")
        }
    }

    /// 64-bit ids trimmed where they lie: common ends past 4,096 (the
    /// suffix trimmed too), ids replaced in the middle at each position of
    /// the trim's four-id steps, the first and last ids replaced (a backward
    /// step that skipped its first id would pair the last two), one id moved
    /// from the front to the back. (Short suffixes: Tests/C/test_at_stride.c's
    /// small variant.)
    @Test func integerIdsWithLongCommonEnds() {
        // Typed: left to the literals, these ids were inferred as Int128,
        // which takes the general path and left the in-place trim untested.
        let old: [Int] = (0..<10_000).map { $0 &* 7919 }
        for replaced in 4_998..<5_002 {
            var new = old
            new[replaced] = -1
            new[replaced + 3] = -2
            check(old.map { Keyed(flag: true, id: $0, content: 0) },
                  new.map { Keyed(flag: true, id: $0, content: $0 % 3 == 0 ? 1 : 0) }, id: \.id,
                  "Int ids, 10,000 with \(replaced) and \(replaced + 3) replaced")
        }
        var ends = old
        ends[0] = -4
        ends[9_999] = -3
        check(old.map { Keyed(flag: true, id: $0, content: 0) }, ends.map { Keyed(flag: true, id: $0, content: 0) },
              id: \.id, "Int ids, 10,000 with the first and last replaced")
        var moved = old
        moved.append(moved.removeFirst())
        check(old.map { Keyed(flag: true, id: $0, content: 0) }, moved.map { Keyed(flag: true, id: $0, content: 0) },
              id: \.id, "Int ids, 10,000 with the first moved last")
    }

    @Test func emptyLists() {
        let records = [AfterFlag(flag: true, id: IdentifiedPassesTests.uuid(1), content: 0)]
        check([], records, id: \.id, "old empty")
        check(records, [], id: \.id, "new empty")
        check([AfterFlag](), [], id: \.id, "both empty")
    }
}
