import CHeckel
import Foundation
@testable import Heckel
import Testing

/// Each fast path must give exactly the diff the general path (hash value and
/// `==`) gives on the same data, and the diff the integers it was built from
/// give (the value -> element maps below are injective).
@Suite struct FastPathAgreementTests {
    static let uuids = (0..<64).map { _ in UUID() }

    /// Diffs `old` and `new` after mapping them with `transform`, on the fast
    /// path and (through `Opaque`) on the general path, and checks both.
    func checkAgreement<Element: Hashable>(
        _ transform: (Int) -> Element, seed: UInt64, distinct: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var random = RandomListPairs(seed: seed)
        for round in 0..<150 {
            let (oldValues, newValues) = random.pair(distinct: distinct, largest: 1500)
            let old = oldValues.map(transform), new = newValues.map(transform)
            let fast = ListDiff(from: old, to: new)
            let general = ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init))
            let integers = ListDiff(from: oldValues, to: newValues)
            #expect(fast == general, "round \(round)", sourceLocation: sourceLocation)
            #expect(fast == integers, "round \(round)", sourceLocation: sourceLocation)
            checkInvariants(fast, old: old, new: new, "round \(round)", sourceLocation: sourceLocation)
        }
    }

    @Test func int() { checkAgreement({ $0 }, seed: 11, distinct: 40) }
    @Test func negativeInt() { checkAgreement({ -$0 - 1 }, seed: 12, distinct: 40) }
    @Test func int8() { checkAgreement({ Int8($0 - 64) }, seed: 13, distinct: 128) }
    @Test func uint8() { checkAgreement({ UInt8($0) }, seed: 14, distinct: 256) }
    @Test func int16() { checkAgreement({ Int16($0 - 300) }, seed: 15, distinct: 600) }
    @Test func uint32() { checkAgreement({ UInt32($0) &* 2_654_435_761 }, seed: 16, distinct: 1000) }
    @Test func int32() { checkAgreement({ Int32(truncatingIfNeeded: $0 &* -7_919) }, seed: 17, distinct: 1000) }
    @Test func uint64() { checkAgreement({ UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }, seed: 18, distinct: 1000) }
    @Test func uint() { checkAgreement({ UInt($0) << 40 }, seed: 19, distinct: 30) }
    @Test func uuid() { checkAgreement({ Self.uuids[$0] }, seed: 20, distinct: 64) }
    @Test func byteArray() { checkAgreement({ [UInt8($0 % 7)] + Array(repeating: 1, count: $0 / 7) }, seed: 21, distinct: 100) }
    @Test func data() {
        checkAgreement({ value in Data([UInt8(value % 256), UInt8(value / 256)]) + Data(repeating: 7, count: value % 3) }, seed: 22, distinct: 600)
    }
    @Test func asciiString() { checkAgreement({ "row \($0)" }, seed: 23, distinct: 50) }
    @Test func emptyAndLongASCIIStrings() {
        checkAgreement({ $0 == 0 ? "" : String(repeating: "x", count: $0) }, seed: 24, distinct: 40)
    }
    @Test func nonASCIIString() { checkAgreement({ "ligne n\u{B0} \($0) \u{E9}t\u{E9}" }, seed: 25, distinct: 50) }
    @Test func mixedString() { checkAgreement({ $0 % 3 == 0 ? "caf\u{E9} \($0)" : "cafe \($0)" }, seed: 26, distinct: 60) }
    @Test func substring() {
        let text = (0..<100).map { "w\($0)" }.joined(separator: " ")
        let words = text.split(separator: " ")
        checkAgreement({ words[$0] }, seed: 27, distinct: 100)
    }
    @Test func nonASCIISubstring() {
        let text = (0..<100).map { "m\u{F6}t\($0)" }.joined(separator: " ")
        let words = text.split(separator: " ")
        checkAgreement({ words[$0] }, seed: 28, distinct: 100)
    }

    /// The ASCII rule itself: the byte path is taken only when both lists are
    /// ASCII throughout.
    @Test func stringByteKeysOnlyForASCII() throws {
        func byteMatch(_ old: [String], _ new: [String]) throws -> Mapping? {
            try old.withUnsafeBufferPointer { old in
                try new.withUnsafeBufferPointer { new in try StringKeys.match(old, new, options: .init(), cancel: nil) }
            }
        }
        #expect(try byteMatch(["a", "K", ""], ["K", "b"]) != nil)
        #expect(try byteMatch(["a", "K"], ["\u{212A}"]) == nil)
        #expect(try byteMatch(["\u{E9}"], ["a"]) == nil)
        #expect(try byteMatch([], []) != nil)
    }

    /// Byte keys (`[UInt8]`, `Data`) are XXH3 under the process's seed
    /// (`heckel_hash_bytes_with_seed`, which Tests/C/test_xxh3.c compares
    /// with libxxhash), not the fixed `heckel_hash_bytes` (seed 0), whose
    /// collisions crafted input could share to cost O(n^2) `==` calls.
    @Test func byteKeysAreSeeded() {
        for bytes: [UInt8] in [[], [1], [1, 2, 3], Array(repeating: 9, count: 40)] {
            bytes.withUnsafeBytes { raw in
                #expect(ByteKeys.key(raw) != heckel_hash_bytes(raw.baseAddress, raw.count))
            }
        }
    }

    @Test func integerTypesAccepted() {
        #expect(IntegerKeys.accepts(Int.self) && IntegerKeys.accepts(UInt8.self) && IntegerKeys.accepts(Int64.self))
        #expect(!IntegerKeys.accepts(Double.self) && !IntegerKeys.accepts(Bool.self))
    }
}
