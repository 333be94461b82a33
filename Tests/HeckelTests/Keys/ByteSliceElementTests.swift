import Foundation
import Heckel
import Testing

/// Lists whose elements are byte slices starting at a non-zero index
/// (`Data(bytes)[3...]`, `ArraySlice<UInt8>`): the fast paths must hash the
/// slice's own bytes, wherever its storage starts.
@Suite struct ByteSliceElementTests {
    /// Distinct byte strings for distinct values.
    static func bytes(_ value: Int) -> [UInt8] {
        [UInt8(value % 251), UInt8(value / 251)] + [UInt8](repeating: 7, count: value % 3)
    }

    /// `bytes` at index `3 + salt % 5` of a larger buffer.
    static func dataSlice(_ value: Int, salt: Int) -> Data {
        let lead = 3 + salt % 5
        let slice = Data([UInt8](repeating: 0xEE, count: lead) + bytes(value) + [0xFF])[lead...].dropLast()
        precondition(slice.startIndex == lead)
        return slice
    }

    static func arraySlice(_ value: Int, salt: Int) -> ArraySlice<UInt8> {
        let lead = 3 + salt % 5
        let whole = [UInt8](repeating: 0xEE, count: lead) + bytes(value) + [0xFF]
        return whole[lead..<(whole.count - 1)]
    }

    @Test(arguments: [(seed: UInt64(81), distinct: 5), (seed: 82, distinct: 2000)])
    func slicesAgreeWithTheGeneralPath(seed: UInt64, distinct: Int) {
        var random = RandomListPairs(seed: seed)
        for round in 0..<200 {
            let (oldValues, newValues) = random.pair(distinct: distinct, largest: 1500)
            // Equal values sit at different offsets of different storage.
            let oldData = oldValues.enumerated().map { Self.dataSlice($1, salt: $0) }
            let newData = newValues.enumerated().map { Self.dataSlice($1, salt: $0 + 1) }
            let oldSlices = oldValues.enumerated().map { Self.arraySlice($1, salt: $0) }
            let newSlices = newValues.enumerated().map { Self.arraySlice($1, salt: $0 + 2) }
            let oldArrays = oldSlices.map(Array.init), newArrays = newSlices.map(Array.init)

            let dataDiff = ListDiff(from: oldData, to: newData)
            let sliceDiff = ListDiff(from: oldSlices, to: newSlices)
            let arrayDiff = ListDiff(from: oldArrays, to: newArrays)
            let general = ListDiff(from: oldArrays.map(Opaque.init), to: newArrays.map(Opaque.init))
            let integers = ListDiff(from: oldValues, to: newValues)
            #expect(dataDiff == general && sliceDiff == general && arrayDiff == general, "round \(round)")
            #expect(general == integers, "round \(round)")
            checkInvariants(dataDiff, old: oldData, new: newData, "round \(round)")
            checkInvariants(sliceDiff, old: oldSlices, new: newSlices, "round \(round)")
        }
    }

    @Test func dataSliceMatchesEqualData() {
        let bytes: [UInt8] = [9, 9, 9, 1, 2, 3]
        let sliced = Data(bytes)[3...]
        #expect(sliced.startIndex == 3 && sliced == Data([1, 2, 3]))
        let diff = ListDiff(from: [Data([4]), sliced], to: [Data([1, 2, 3]), Data([4])])
        #expect(diff.newOffset(forOld: 1) == 0 && diff.newOffset(forOld: 0) == 1)
        #expect(diff.deletions.isEmpty && diff.insertions.isEmpty && diff.moves.count == 1)
        checkInvariants(diff, old: [Data([4]), sliced], new: [Data([1, 2, 3]), Data([4])])
    }
}
