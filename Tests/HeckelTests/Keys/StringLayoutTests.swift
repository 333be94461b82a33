import CHeckel
@testable import Heckel
import Testing

/// The in-place string path (the core reading a `String`'s bytes where they
/// are, `StringKeys.matchInPlace`; `StringLayout` the same in Swift) against the
/// standard library's view of the bytes and against the general path (hash
/// value and `==`) on the same lists.
@Suite struct StringLayoutTests {
    /// A string of `length` ASCII bytes for `value` (see `StringKeysTests`).
    static func string(_ value: Int, length: Int) -> String { StringKeysTests.string(value, length: length) }

    /// The same bytes as `string`, held in native storage even when short
    /// enough to be small: an equal string in another representation.
    static func stored(_ string: String) -> String {
        var copy = String()
        copy.reserveCapacity(64)
        copy.append(string)
        return copy
    }

    /// Whether `string` is held in its own 16 bytes (small).
    static func isSmall(_ string: String) -> Bool {
        withUnsafeBytes(of: string) { $0.load(fromByteOffset: 8, as: UInt64.self) &>> 61 & 1 == 1 }
    }

    /// `StringKeys.matchInPlace` on two lists, `nil` when it declines.
    static func inPlace(_ old: [String], _ new: [String]) throws -> ListDiff? {
        try old.withUnsafeBufferPointer { old in
            try new.withUnsafeBufferPointer { new in
                try StringKeys.matchInPlace(old, new, options: .init(), cancel: nil).map { ListDiff(mapping: $0, updates: []) }
            }
        }
    }

    /// The in-place path against the general one, and every invariant of its
    /// result (applying it to `old` gives `new`).
    func checkAgreement(_ old: [String], _ new: [String], _ context: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let general = ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init))
        let fast = try #require(try Self.inPlace(old, new), "\(context): declined", sourceLocation: sourceLocation)
        #expect(fast == general, "\(context)", sourceLocation: sourceLocation)
        #expect(ListDiff(from: old, to: new) == general, "\(context)", sourceLocation: sourceLocation)
        checkInvariants(fast, old: old, new: new, context, sourceLocation: sourceLocation)
    }

    /// The layout self-check passes on this platform, so the tests below run
    /// the in-place path (on a platform without it they would fail).
    @Test func layoutIsVerifiedHere() {
        #if (arch(x86_64) || arch(arm64)) && !os(Android)
        #expect(StringLayout.isVerified)
        #endif
    }

    /// The reader finds exactly the standard library's bytes for strings of
    /// 0 to 100 bytes, small, native, literal and short native ones, and
    /// declines every non-ASCII string.
    @Test func readsTheStandardLibrarysBytes() {
        guard StringLayout.isVerified else { return }
        var strings: [String] = ["", "literal", "a literal longer than fifteen bytes, in the binary"]
        for length in 0...100 {
            let made = Self.string(length * 7919, length: length)
            strings += [made, Self.stored(made), String(made.utf8.reversed().map { Character(Unicode.Scalar($0)) })]
        }
        var shrunk = "0123456789abcdefXYZ"  // native, then edited down to small sizes
        for _ in 0..<12 { shrunk.removeLast(); strings.append(shrunk) }
        var grown = ""
        for byte in 0..<40 { grown.append(Character(Unicode.Scalar(UInt8(48 + byte)))); strings.append(grown) }
        strings.append(String(Substring("xx, a substring of a native string".dropFirst(4))))
        #expect(strings.contains(where: Self.isSmall) && strings.contains { !Self.isSmall($0) })
        strings.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawPointer(buffer.baseAddress!)
            for (offset, string) in buffer.enumerated() {
                let found = StringLayout.asciiBytes(at: raw + offset * 16)
                #expect(found.map { Array(UnsafeRawBufferPointer(start: $0.start, count: $0.count)) } == Array(string.utf8),
                        "\(string.debugDescription)")
            }
        }
        let refused = ["\u{E9}", "e\u{301}", "\u{212A}", "abc\u{80}", "0123456789abcd\u{E9}", "0123456789abcde\u{E9}",
                       String(repeating: "x", count: 40) + "\u{1F600}", Self.stored("caf\u{E9}")]
        refused.withUnsafeBufferPointer { buffer in
            for offset in buffer.indices {
                #expect(StringLayout.asciiBytes(at: UnsafeRawPointer(buffer.baseAddress!) + offset * 16) == nil,
                        "\(buffer[offset].debugDescription)")
            }
        }
    }

    /// Random lists with duplicates at every length from 0 to 100, and mixed
    /// around 15, 16 and 17 bytes (small and native in one list).
    @Test func agreesWithTheGeneralPath() throws {
        guard StringLayout.isVerified else { return }
        var random = RandomListPairs(seed: 43)
        for length in 0...100 {
            for round in 0..<4 {
                let (oldValues, newValues) = random.pair(distinct: 50, largest: 400)
                try checkAgreement(oldValues.map { Self.string($0, length: length) },
                                   newValues.map { Self.string($0, length: length) }, "length \(length), round \(round)")
            }
        }
        for round in 0..<40 {
            let (oldValues, newValues) = random.pair(distinct: 90, largest: 600)
            let mixed = { (value: Int) in Self.string(value / 3, length: 15 + value % 3) }
            try checkAgreement(oldValues.map(mixed), newValues.map(mixed), "mixed 15-17, round \(round)")
        }
    }

    /// Equal strings in different representations (small in one list,
    /// native storage of the same bytes in the other, or both in one list)
    /// match: keys and comparison see only the bytes.
    @Test func representationsDoNotMatter() throws {
        guard StringLayout.isVerified else { return }
        var random = RandomListPairs(seed: 44)
        for length in [0, 1, 3, 4, 5, 7, 8, 9, 12, 15] {
            for round in 0..<10 {
                let (oldValues, newValues) = random.pair(distinct: 30, largest: 200)
                let old = oldValues.map { Self.string($0, length: length) }
                let new = newValues.enumerated().map { $0 % 2 == 0 ? Self.stored(Self.string($1, length: length)) : Self.string($1, length: length) }
                #expect(old.allSatisfy(Self.isSmall))
                #expect(new.indices.allSatisfy { $0 % 2 == 1 || !Self.isSmall(new[$0]) })
                try checkAgreement(old, new, "length \(length), round \(round)")
            }
        }
    }

    /// Lists of small ASCII strings only are matched as 16-byte records: equal
    /// strings built in different ways (decoded, edited down from native
    /// storage, appended to, sliced, lowercased) have the same 16 bytes and
    /// match; one string of another form sends the list elsewhere.
    @Test func smallStringsMatchAsRecords() throws {
        guard StringLayout.isVerified else { return }
        for length in 0...15 {
            let words = (0..<40).map { Self.string($0 * 31, length: length) }
            let decoded = words.map { String(decoding: Array($0.utf8), as: UTF8.self) }
            let edited = words.map { word -> String in  // edited down, small throughout
                var text = word + String(repeating: "~", count: 15 - length)
                while text.utf8.count > length { text.removeLast() }
                return text
            }
            let appended = words.map { word -> String in
                var text = ""
                for character in word { text.append(character) }
                return text
            }
            let sliced = words.map { String(Substring("<" + $0 + ">").dropFirst().dropLast()) }
            let lowered = words.map { $0.uppercased().lowercased() }  // the filler and digits are lowercase
            for (name, form) in [("decoded", decoded), ("edited", edited), ("appended", appended),
                                 ("sliced", sliced), ("lowered", lowered)] {
                #expect(form == words)
                #expect(form.withUnsafeBufferPointer(StringLayout.allSmallASCII), "\(name), length \(length)")
                let old = words + words.prefix(5), new = Array(form.reversed())
                let diff = ListDiff(from: old, to: new)
                #expect(diff == ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init)), "\(name), length \(length)")
                #expect(diff.matchCount == new.count, "\(name), length \(length)")
                checkInvariants(diff, old: old, new: new, "\(name), length \(length)")
            }
        }
        let small = ["a", "b", "c"]
        #expect(small.withUnsafeBufferPointer(StringLayout.allSmallASCII))
        #expect(!(small + [Self.stored("a")]).withUnsafeBufferPointer(StringLayout.allSmallASCII))
        #expect(!(small + ["\u{E9}"]).withUnsafeBufferPointer(StringLayout.allSmallASCII))
        #expect(!(small + [String(repeating: "z", count: 16)]).withUnsafeBufferPointer(StringLayout.allSmallASCII))
        #expect([String]().withUnsafeBufferPointer(StringLayout.allSmallASCII))
        // Small non-ASCII strings keep `==`: "café" with one scalar or two.
        let old = ["caf\u{E9}", "a", "\u{212A}"], new = ["K", "cafe\u{301}", "a"]
        let diff = ListDiff(from: old, to: new)
        #expect(diff.matchCount == 3)
        checkInvariants(diff, old: old, new: new, "small non-ASCII")
    }

    /// Lists of small ASCII strings of at most 8 bytes get exact keys: the
    /// diff agrees with the general path, also where only the count tells
    /// strings apart ("", "\0", "\0\0", "a", "a\0").
    @Test func shortStringsGetExactKeys() {
        guard StringLayout.isVerified else { return }
        let nuls = ["", "\0", "\0\0", "a", "a\0", "\0a", "\0\0\0\0\0\0\0\0", "\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}"]
        var random = RandomListPairs(seed: 47)
        for round in 0..<150 {
            let (oldValues, newValues) = random.pair(distinct: 70, largest: 500)
            let word = { (value: Int) in value < nuls.count ? nuls[value] : Self.string(value, length: value % 9) }
            let old = oldValues.map(word), new = newValues.map(word)
            #expect(old.withUnsafeBufferPointer(StringLayout.smallASCIIForm) == .short)
            let diff = ListDiff(from: old, to: new)
            #expect(diff == ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init)), "round \(round)")
            checkInvariants(diff, old: old, new: new, "round \(round)")
        }
        let keys = nuls.withUnsafeBufferPointer { buffer in
            buffer.indices.map { StringLayout.shortKey(at: UnsafeRawPointer(buffer.baseAddress! + $0)) }
        }
        #expect(Set(keys).count == nuls.count)
        #expect(["123456789"].withUnsafeBufferPointer(StringLayout.smallASCIIForm) == .small)
        #expect(["12345678", Self.stored("1")].withUnsafeBufferPointer(StringLayout.smallASCIIForm) == .other)
    }

    /// Substrings read in place: every slice of a native, a small and a
    /// literal base gives the standard library's bytes; a non-ASCII base is
    /// declined even where the slice itself is ASCII.
    @Test func readsSubstrings() throws {
        guard StringLayout.isVerified else { return }
        let fields = try #require(StringLayout.substringFields)
        let bases = [String(decoding: Array("native storage of forty-one ASCII bytes!!".utf8), as: UTF8.self),
                     "0123456789abcde", "a literal of more than fifteen bytes", ""]
        for base in bases {
            let pieces = base.indices.flatMap { lower in
                base.indices.filter { $0 >= lower }.map { base[lower..<$0] } + [base[lower...]]
            } + [base[...]]
            pieces.withUnsafeBufferPointer { buffer in
                for k in buffer.indices {
                    let found = StringLayout.asciiBytes(ofSubstringAt: UnsafeRawPointer(buffer.baseAddress!) + k * 32, fields)
                    #expect(found.map { Array(UnsafeRawBufferPointer(start: $0.start, count: $0.count)) } == Array(buffer[k].utf8),
                            "\(buffer[k].debugDescription) of \(base.debugDescription)")
                }
            }
        }
        let accented = ["\u{E9}-abc".dropFirst(2), "caf\u{E9} au lait, with more bytes".dropFirst(5)]
        accented.withUnsafeBufferPointer { buffer in
            for k in buffer.indices {
                #expect(StringLayout.asciiBytes(ofSubstringAt: UnsafeRawPointer(buffer.baseAddress!) + k * 32, fields) == nil)
            }
        }
    }

    /// Substring lists on the in-place path agree with the general path:
    /// equal slices of different bases (small, native) match.
    @Test func substringsAgree() throws {
        guard StringLayout.isVerified, StringLayout.substringFields != nil else { return }
        var random = RandomListPairs(seed: 46)
        let native = (0..<60).map { Self.string($0, length: 1 + $0 % 20) }.joined(separator: " ")
        let nativePieces = native.split(separator: " ")
        let smallPieces = nativePieces.map { String($0)[...] }  // equal slices, whole small or native strings
        for round in 0..<60 {
            let (oldValues, newValues) = random.pair(distinct: 60, largest: 300)
            let old = oldValues.map { nativePieces[$0] }
            let new = newValues.map { $0 % 2 == 0 ? smallPieces[$0] : nativePieces[$0] }
            let general = ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init))
            let taken = try old.withUnsafeBufferPointer { old in
                try new.withUnsafeBufferPointer { new in try StringKeys.matchSubstrings(old, new, options: .init(), cancel: nil) }
            }
            #expect(taken.map { ListDiff(mapping: $0, updates: []) } == general, "round \(round)")
            let inPlace = try old.withUnsafeBufferPointer { old in
                try new.withUnsafeBufferPointer { new in
                    func stored(_ list: UnsafeBufferPointer<Substring>) -> StringKeys.StoredStrings {
                        .init(base: UnsafeRawPointer(list.baseAddress), count: list.count, stride: 32, substring: StringLayout.substringFields)
                    }
                    return try StringKeys.matchInPlace(old: stored(old), new: stored(new), options: .init(), cancel: nil)
                }
            }
            #expect(inPlace.map { ListDiff(mapping: $0, updates: []) } == general, "round \(round): in place")
            let diff = ListDiff(from: old, to: new)
            #expect(diff == general, "round \(round)")
            checkInvariants(diff, old: old, new: new, "round \(round)")
        }
    }

    /// A non-ASCII string anywhere makes the in-place path decline; the diff
    /// then keeps `==`'s canonical equivalence ("é" == "e\u{301}").
    @Test func nonASCIIDeclines() throws {
        guard StringLayout.isVerified else { return }
        let ascii = (0..<300).map { Self.string($0, length: 5 + $0 % 30) }
        #expect(try Self.inPlace(ascii, ascii) != nil)
        for text in ["\u{E9}", "e\u{301}", "caf\u{E9}", "0123456789abcdefghij\u{E9}"] {
            #expect(try Self.inPlace(ascii + [text], ascii) == nil)
            #expect(try Self.inPlace(ascii, [text] + ascii) == nil)
        }
        let old = ["caf\u{E9}", "x"] + ascii, new = ascii + ["cafe\u{301}", "x"]
        let diff = ListDiff(from: old, to: new)
        #expect(diff == ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init)))
        #expect(diff.matchCount == 302)
        checkInvariants(diff, old: old, new: new, "canonical equivalence")
    }

    /// The core reads exactly each string's bytes: a string and each of its
    /// copies with one byte changed, at every position, every length to
    /// 100, small and native, in one list and shuffled with duplicates in the
    /// other, pair as the general path pairs them (a read one byte short or
    /// long, or at the wrong start, would pair variants).
    @Test func everyByteDecides() throws {
        guard StringLayout.isVerified else { return }
        var random = SeededGenerator(seed: 0x5EED_B17E)
        for length in 1...100 {
            let base = Array(Self.string(length, length: length).utf8)
            var variants = [String(decoding: base, as: UTF8.self)]
            for position in 0..<length {
                var bytes = base
                bytes[position] ^= 0x20
                variants.append(String(decoding: bytes, as: UTF8.self))
            }
            let new = (variants.map(Self.stored) + variants.prefix(3)).shuffled(using: &random)
            try checkAgreement(variants, new, "length \(length)")
        }
    }

    /// New lists that hold the old list's own string objects (as a list
    /// UI's next list often does), shuffled and duplicated, mixed with equal
    /// strings in other storage: the core's byte comparison sees the same
    /// address on both sides for most pairs.
    @Test func sharedStringsAgree() throws {
        guard StringLayout.isVerified else { return }
        var random = RandomListPairs(seed: 43)
        for length in StringKeysTests.boundaryLengths where length > 15 {
            for round in 0..<10 {
                let (oldValues, newValues) = random.pair(distinct: 60, largest: 300)
                let old = oldValues.map { Self.string($0, length: length) }
                var firstOld: [Int: String] = [:]
                for (value, string) in zip(oldValues, old) where firstOld[value] == nil { firstOld[value] = string }
                let new = newValues.enumerated().map { index, value in
                    index % 5 == 0 ? Self.stored(Self.string(value, length: length)) : firstOld[value] ?? Self.string(value, length: length)
                }
                try checkAgreement(old, new, "length \(length), round \(round)")
            }
        }
    }
}
