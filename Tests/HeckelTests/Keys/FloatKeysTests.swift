import Heckel
import Testing

/// The `Double`/`Float` fast path: `-0.0` matches `0.0`, and every NaN stays
/// unmatched (NaN is `==` to nothing), in linear time however many NaNs.
@Suite struct FloatKeysTests {
    /// Same bits, or `==`: how a rebuilt list is compared when NaNs are in it.
    static func same<F: BinaryFloatingPoint>(_ a: F, _ b: F) -> Bool {
        a == b || (a.isNaN && b.isNaN)
    }

    /// Half NaNs, the other half distinct values in a changed order: every
    /// NaN deleted and inserted, every value matched.
    @Test func manyNaNsStayUnmatchedAndTheRestMatches() {
        let count = 40_000
        let old: [Double] = (0..<count).map { $0 % 2 == 0 ? .nan : Double($0) }
        var new: [Double] = old.reversed()
        new.insert(contentsOf: [Double](repeating: -.nan, count: 100), at: 5000)
        let diff = ListDiff(from: old, to: new)
        #expect(Array(diff.deletions) == old.indices.filter { old[$0].isNaN })
        #expect(Array(diff.insertions) == new.indices.filter { new[$0].isNaN })
        for j in new.indices where !new[j].isNaN {
            #expect(diff.oldOffset(forNew: j).map { old[$0] } == new[j])
        }
        #expect(diff.matchCount == count / 2)
        let rebuilt = rebuild(old, applying: diff, insertedFrom: new)
        #expect(rebuilt.count == new.count && zip(rebuilt, new).allSatisfy(Self.same))

        let floats = ListDiff(from: old.map(Float.init), to: new.map(Float.init))
        #expect(floats == diff)
    }

    @Test func signedZerosMatch() {
        let diff = ListDiff(from: [-0.0, 1, 0.0] as [Double], to: [0.0, 1, -0.0])
        #expect(diff.isEmpty)
        let floats = ListDiff(from: [Float(-0.0), 2], to: [2, 0.0])
        #expect(floats.newOffset(forOld: 0) == 1 && floats.moves.count == 1)
    }

    static let doublePool: [Double] = [
        0.0, -0.0, .nan, -.nan, .signalingNaN, Double(bitPattern: 0x7FF8_0000_0000_0001),
        1.0, -1.0, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    ]

    /// Random lists over a tiny pool (duplicates everywhere, NaNs of several
    /// bit patterns, both zeros): the mapping is exactly the `==` reference's,
    /// and the generic path (hash value and `==`) agrees.
    @Test(arguments: [UInt64(71), 72])
    func randomDoublesFromATinyPool(seed: UInt64) {
        var random = RandomListPairs(seed: seed)
        for round in 0..<400 {
            let (oldValues, newValues) = random.pair(distinct: Self.doublePool.count, largest: 400)
            let old = oldValues.map { Self.doublePool[$0] }, new = newValues.map { Self.doublePool[$0] }
            let diff = ListDiff(from: old, to: new)
            checkAgainstReference(diff, old: old, new: new, same: Self.same, "seed \(seed) round \(round)")
            #expect(diff == ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init)), "round \(round)")
            let floats = (old.map(Float.init), new.map(Float.init))
            let floatDiff = ListDiff(from: floats.0, to: floats.1)
            checkAgainstReference(floatDiff, old: floats.0, new: floats.1, same: Self.same, "float round \(round)")
        }
    }

    #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    @available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
    @Test func float16FromATinyPool() {
        var random = RandomListPairs(seed: 73)
        let pool: [Float16] = [0, -0.0, .nan, .signalingNaN, 1, -1, .infinity, .leastNonzeroMagnitude, 65504]
        for round in 0..<200 {
            let (oldValues, newValues) = random.pair(distinct: pool.count, largest: 300)
            let old = oldValues.map { pool[$0] }, new = newValues.map { pool[$0] }
            let diff = ListDiff(from: old, to: new)
            checkAgainstReference(diff, old: old, new: new, same: Self.same, "round \(round)")
        }
    }
    #endif

    /// Doubles as identities: NaN identities never match, so those rows are
    /// deleted and inserted rather than updated.
    @Test func doubleIdentities() {
        struct Reading: Equatable { var at: Double; var value: Int }
        let old = [Reading(at: .nan, value: 1), Reading(at: -0.0, value: 2), Reading(at: 3, value: 3)]
        let new = [Reading(at: 3, value: 4), Reading(at: 0.0, value: 2), Reading(at: .nan, value: 1)]
        let diff = ListDiff(from: old, to: new, identifiedBy: \.at)
        #expect(diff.deletions == [0] && diff.insertions == [2])
        #expect(diff.newOffset(forOld: 1) == 1 && diff.newOffset(forOld: 2) == 0)
        #expect(diff.updates == [ListDiff.Pair(old: 2, new: 0)])
    }
}
