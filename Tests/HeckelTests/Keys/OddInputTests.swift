import Foundation
import Heckel
import Testing

struct NaNBox: Hashable { var v: Double }
final class Ref: Hashable {
    let n: Int
    init(_ n: Int) { self.n = n }
    static func == (a: Ref, b: Ref) -> Bool { a === b }
    func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// Odd inputs checked against the lists themselves: Unicode-equivalent strings of other bytes
/// (mixed ASCII and not, Substring, Character), signed zeros and NaNs, identity-hashed classes,
/// duplicates through CollectionDifference, slices with offset indices.
@Suite struct OddInputTests {
    @Test func unicodeEquivalence() {
        let cases: [([String], [String])] = [
            (["K", "a"], ["\u{212A}", "a"]),
            (["\u{212A}", "a"], ["K", "a"]),
            (["é", "x"], ["e\u{301}", "x"]),
            (["x", "e\u{301}"], ["é", "x"]),
            (["a", "b", "K"], ["K", "a", "\u{212A}"]),
            (["caf\u{e9} au lait tout de suite"], ["cafe\u{301} au lait tout de suite"]),
            (["abcdefghijklmnopqrstuvwxyz", "K"], ["\u{212A}", "abcdefghijklmnopqrstuvwxyz"]),
            (["\r\n", "a"], ["a", "\r\n"]),
            (["a\u{0}", "a"], ["a", "a\u{0}"]),
        ]
        for (old, new) in cases {
            checkInvariants(ListDiff(from: old, to: new), old: old, new: new, "\(old) \(new)")
            let so = old.map { Substring($0) }, sn = new.map { Substring($0) }
            checkInvariants(ListDiff(from: so, to: sn), old: so, new: sn, "sub \(old) \(new)")
            let co = old.compactMap { $0.first }, cn = new.compactMap { $0.first }
            checkInvariants(ListDiff(from: co, to: cn), old: co, new: cn, "char \(old) \(new)")
            #expect(old.applying(new.heckelDifference(from: old)) == new)
        }
        // Bigger lists so that other paths run.
        var old: [String] = [], new: [String] = []
        for k in 0..<3000 { old.append(k % 3 == 0 ? "K\(k)" : "é\(k)"); new.append(k % 3 == 0 ? "\u{212A}\(k)" : "e\u{301}\(k)") }
        checkInvariants(ListDiff(from: old, to: new), old: old, new: new, "big")
        let rev = Array(new.reversed())
        checkInvariants(ListDiff(from: old, to: rev), old: old, new: rev, "big rev")
    }

    @Test func floats() {
        let cases: [([Double], [Double])] = [
            ([0.0], [-0.0]), ([-0.0, 1], [1, 0.0]), ([.nan], [.nan]), ([.nan, 1, .nan], [1, .nan]),
            ([.infinity, -.infinity], [-.infinity, .infinity]),
        ]
        for (old, new) in cases {
            let d = ListDiff(from: old, to: new)
            for j in new.indices { if let i = d.oldOffset(forNew: j) { #expect(old[i] == new[j], "\(old) \(new)") } }
            let boxed = ListDiff(from: old.map(NaNBox.init), to: new.map(NaNBox.init))
            for j in new.indices { if let i = boxed.oldOffset(forNew: j) { #expect(old[i] == new[j], "box \(old) \(new)") } }
            #expect(d.matchCount == boxed.matchCount, "\(old) \(new)")
            let o = old.map(NaNBox.init), n = new.map(NaNBox.init)
            let c = n.heckelDifference(from: o)
            #expect(o.applying(c)?.count == n.count)
        }
        let f: [Float] = [0, .nan, -0.0], g: [Float] = [-0.0, .nan, 0]
        let d = ListDiff(from: f, to: g)
        #expect(d.matchCount == 2)
    }

    @Test func nanIdentified() {
        struct Row: Equatable { var id: Double; var t: String }
        let old = [Row(id: .nan, t: "a"), Row(id: 1, t: "b")], new = [Row(id: .nan, t: "a"), Row(id: 1, t: "c")]
        let d = ListDiff(from: old, to: new, identifiedBy: \.id)
        #expect(d.oldOffset(forNew: 0) == nil)
        #expect(d.updates == [ListDiff.Pair(old: 1, new: 1)])
    }

    @Test func identityClasses() {
        let a = (0..<50).map(Ref.init)
        let new = [a[3], Ref(99), a[0]] + a[10..<40].reversed() + [a[3]]
        checkInvariants(ListDiff(from: a, to: new), old: a, new: new)
        let b = a + a
        checkInvariants(ListDiff(from: b, to: a), old: b, new: a)
    }

    @Test func duplicatesDifference() {
        var g = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let n = Int.random(in: 0...12, using: &g), m = Int.random(in: 0...12, using: &g)
            let old = (0..<n).map { _ in Int.random(in: 0..<4, using: &g) }
            let new = (0..<m).map { _ in Int.random(in: 0..<4, using: &g) }
            let c = new.heckelDifference(from: old)
            #expect(old.applying(c) == new, "\(round) \(old) \(new)")
            let s = new.map(String.init).heckelDifference(from: old.map(String.init))
            #expect(old.map(String.init).applying(s) == new.map(String.init))
            let inv = c.inferringMoves()
            #expect(old.applying(inv) == new)
        }
    }

    @Test func sliceIndices() {
        let base = Array(0..<20)
        let old = base[5..<15], new = base[3..<12]
        let d = ListDiff(from: old, to: new)
        checkInvariants(d, old: Array(old), new: Array(new))
        let c = new.heckelDifference(from: old)
        #expect(Array(old).applying(c) == Array(new))
        let s = "hello world", t = "world hello"
        let cs = t.heckelDifference(from: s)
        #expect(String(s.applying(cs)!) == t)
    }
}
