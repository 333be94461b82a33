import Heckel
import Testing

/// A row with an identity and content, as list UIs diff them.
struct Row: Equatable {
    var id: Int
    var title: String
}

/// Diffs by identity, with updates for same-identity pairs that differ.
@Suite struct IdentifiedElementsTests {
    @Test func updatesAreSameIdentityPairsThatDiffer() {
        let old = [Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c")]
        let new = [Row(id: 3, title: "c"), Row(id: 1, title: "A"), Row(id: 4, title: "d")]
        let diff = ListDiff(from: old, to: new, identifiedBy: \.id)
        #expect(diff.updates == [ListDiff.Pair(old: 0, new: 1)])
        #expect(diff.deletions == [1])
        #expect(diff.insertions == [2])
        #expect(diff.moves.count == 1)
        checkInvariants(diff, old: old, new: new, identity: \.id, same: ==, updatesExpected: true)
    }

    @Test func keyPathAndClosureAgree() {
        var random = RandomListPairs(seed: 41)
        for round in 0..<300 {
            let (oldIDs, newIDs) = random.pair(distinct: round % 2 == 0 ? 6 : 10_000, largest: 1500)
            let old = oldIDs.map { Row(id: $0, title: "t\($0 % 3)") }
            let new = newIDs.enumerated().map { Row(id: $1, title: "t\(($1 + $0) % 3)") }
            let byKeyPath = ListDiff(from: old, to: new, identifiedBy: \.id)
            let byClosure = ListDiff(from: old, to: new, identifiedBy: { $0.id })
            #expect(byKeyPath == byClosure, "round \(round)")
            checkInvariants(byKeyPath, old: old, new: new, identity: \.id, same: ==, updatesExpected: true,
                            "round \(round)")
        }
    }

    @Test func stringAndGeneralIdentities() {
        var random = RandomListPairs(seed: 42)
        for round in 0..<200 {
            let (oldIDs, newIDs) = random.pair(distinct: 50, largest: 800)
            let old = oldIDs.map { Row(id: $0, title: "\($0 % 4)") }
            let new = newIDs.map { Row(id: $0, title: "\($0 % 5)") }
            let byString = ListDiff(from: old, to: new, identifiedBy: { "id-\($0.id)" })
            let byStruct = ListDiff(from: old, to: new, identifiedBy: { TwoFields($0.id) })
            #expect(byString == byStruct, "round \(round)")
            checkInvariants(byString, old: old, new: new, identity: \.id, same: ==, updatesExpected: true,
                            "round \(round)")
        }
    }

    struct IdentityFailure: Error {}

    @Test func identityClosureErrorsPropagate() {
        #expect(throws: IdentityFailure.self) {
            try ListDiff(from: [1, 2], to: [2], identifiedBy: { (value: Int) throws -> Int in
                if value == 2 { throw IdentityFailure() }
                return value
            })
        }
    }

    @Test func noUpdatesWithoutIdentity() {
        let diff = ListDiff(from: [Row(id: 1, title: "a")].map(\.title), to: ["b"])
        #expect(diff.updates.isEmpty)
        #expect(diff.deletions == [0] && diff.insertions == [0])
    }
}
