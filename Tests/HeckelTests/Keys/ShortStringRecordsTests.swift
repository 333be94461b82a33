@testable import Heckel
import Testing

/// ASCII strings of up to 15 bytes are matched as 16-byte records however they
/// are stored (`ShortStringRecords`): the record of a native string is the
/// small string's 16 bytes, lists mixing both forms take the records route and
/// agree with the general path (hash values and `==`), and longer or non-ASCII
/// strings send the list elsewhere, where `==`'s canonical equivalence still
/// pairs them ("\u{212A}" == "K", "\u{037E}" == ";").
@Suite struct ShortStringRecordsTests {
    static func string(_ value: Int, length: Int) -> String { StringKeysTests.string(value, length: length) }

    /// The same text in native storage (`reserveCapacity` keeps it off the small form).
    static func stored(_ string: String) -> String { StringLayoutTests.stored(string) }

    /// The records route on two lists, `nil` when it declines.
    static func records(_ old: [String], _ new: [String]) throws -> ListDiff? {
        try old.withUnsafeBufferPointer { old in
            try new.withUnsafeBufferPointer { new in
                try ShortStringRecords.match(old, new, options: .init(), cancel: nil).map { ListDiff(mapping: $0, updates: []) }
            }
        }
    }

    /// The record `ShortStringRecords.write` gives the string, or `nil`.
    static func record(_ string: String) -> [UInt8]? {
        withUnsafeBytes(of: string) { value in
            withUnsafeTemporaryAllocation(byteCount: 16, alignment: 8) { target in
                ShortStringRecords.write(value.baseAddress.unsafelyUnwrapped, to: target.baseAddress.unsafelyUnwrapped)
                    ? Array(UnsafeRawBufferPointer(target)) : nil
            }
        }
    }

    @Test func verifiedHere() {
        #expect(ShortStringRecords.isVerified, "the records route is off on this platform")
    }

    /// Small and native storage of one text give one record, the small
    /// string's own 16 bytes, at every length up to 15 (14 and 15 among
    /// them); 16 bytes, and non-ASCII text of any length, give none.
    @Test func recordsAreTheSmallStringsBytes() throws {
        guard ShortStringRecords.isVerified else { return }
        for length in 0...15 {
            let small = Self.string(length * 7, length: length), native = Self.stored(small)
            #expect(StringLayoutTests.isSmall(small) && !StringLayoutTests.isSmall(native), "length \(length)")
            let ownBytes = withUnsafeBytes(of: small) { Array($0) }
            #expect(Self.record(small) == ownBytes, "length \(length)")
            #expect(Self.record(native) == ownBytes, "length \(length)")
        }
        let sixteen = Self.string(1, length: 16)
        #expect(Self.record(sixteen) == nil && Self.record(Self.stored(sixteen)) == nil)
        for text in ["\u{E9}", "\u{212A}", "\u{037E}", "e\u{301}", "0123456789abcd\u{E9}", "abc\u{80}"] {
            #expect(Self.record(text) == nil && Self.record(Self.stored(text)) == nil, "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// Lists mixing small and native strings of lengths 0 to 15, with
    /// duplicates: the records route takes them and agrees with the general
    /// path; so does `ListDiff`, which routes them here.
    @Test func mixedStorageAgrees() throws {
        guard ShortStringRecords.isVerified else { return }
        var random = RandomListPairs(seed: 27)
        for round in 0..<200 {
            let (oldValues, newValues) = random.pair(distinct: 60, largest: 400)
            let text = { (value: Int) in Self.string(value, length: value % 16) }
            let old = oldValues.enumerated().map { $0 % 3 == 0 ? Self.stored(text($1)) : text($1) }
            let new = newValues.enumerated().map { $0 % 2 == 0 ? Self.stored(text($1)) : text($1) }
            let general = ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init))
            let records = try #require(try Self.records(old, new), "round \(round): declined")
            #expect(records == general, "round \(round)")
            #expect(ListDiff(from: old, to: new) == general, "round \(round)")
            checkInvariants(records, old: old, new: new, "round \(round)")
        }
    }

    /// One string of 16 bytes, or one non-ASCII string, anywhere in either
    /// list: the records route declines, and `ListDiff` still agrees with
    /// `==`, pairing strings equal under canonical equivalence but different
    /// in bytes.
    @Test func otherStringsDecline() throws {
        guard ShortStringRecords.isVerified else { return }
        let short = (0..<300).map { Self.stored(Self.string($0, length: 1 + $0 % 15)) }
        #expect(try Self.records(short, short) != nil)
        #expect(try Self.records(short + [Self.string(1, length: 16)], short) == nil)
        #expect(try Self.records(short, Array(short[..<200]) + ["\u{212A}"]) == nil)
        let old = short + ["K", ";", "e\u{301}"], new = ["\u{212A}", "\u{037E}", "\u{E9}"] + short.reversed()
        #expect(try Self.records(old, new) == nil)
        let diff = ListDiff(from: old, to: new)
        #expect(diff == ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init)))
        #expect(diff.matchCount == old.count)
        checkInvariants(diff, old: old, new: new, "canonical equivalence")
    }
}
