import CHeckel
@testable import Heckel
import Testing

/// The ASCII string path (`StringKeys`: bytes copied and keyed in Swift, then
/// compared by the core) against the general path (hash value and `==`) on
/// the same lists, at the lengths where its word-at-a-time copy, key and
/// comparison change shape (0-3 bytes by byte, 4-7 by two overlapping
/// halves, 8 and up by words with an overlapping last word, above 32 by
/// memcmp).
@Suite struct StringKeysTests {
    static let boundaryLengths = [0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 21, 24, 31, 32, 33, 40, 64, 100]

    /// A string of `length` ASCII bytes for `value`: a filler with `value`'s
    /// digits written at the end, so values differ in their last bytes.
    static func string(_ value: Int, length: Int) -> String {
        let digits = String(value, radix: 36)
        if digits.count >= length { return String(digits.suffix(length)) }
        return String(repeating: "-", count: length - digits.count) + digits
    }

    /// Diffs the lists on the fast path and on the general one and checks both.
    func checkAgreement<Element: Hashable>(
        _ old: [Element], _ new: [Element], _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let fast = ListDiff(from: old, to: new)
        let general = ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init))
        #expect(fast == general, "\(context)", sourceLocation: sourceLocation)
        checkInvariants(fast, old: old, new: new, context, sourceLocation: sourceLocation)
    }

    /// Random lists with duplicates, every string of one length, and of
    /// lengths mixed around 15, 16 and 17 bytes.
    @Test func agreesAtBoundaryLengths() {
        var random = RandomListPairs(seed: 41)
        for length in Self.boundaryLengths {
            for round in 0..<20 {
                let (oldValues, newValues) = random.pair(distinct: 60, largest: 600)
                let old = oldValues.map { Self.string($0, length: length) }
                let new = newValues.map { Self.string($0, length: length) }
                checkAgreement(old, new, "length \(length), round \(round)")
            }
        }
        for round in 0..<40 {
            let (oldValues, newValues) = random.pair(distinct: 90, largest: 600)
            let mixed = { (value: Int) in Self.string(value / 3, length: 15 + value % 3) }
            checkAgreement(oldValues.map(mixed), newValues.map(mixed), "mixed 15-17, round \(round)")
        }
    }

    /// Substrings of one text at the same lengths: their bytes start anywhere
    /// in the text's storage, not at a word boundary.
    @Test func substringsAgree() {
        var random = RandomListPairs(seed: 42)
        for length in Self.boundaryLengths where length > 0 {
            let text = (0..<70).map { Self.string($0, length: length) }.joined(separator: " ")
            let pieces = text.split(separator: " ", omittingEmptySubsequences: false)
            for round in 0..<10 {
                let (oldValues, newValues) = random.pair(distinct: 70, largest: 300)
                checkAgreement(oldValues.map { pieces[$0] }, newValues.map { pieces[$0] }, "length \(length), round \(round)")
            }
        }
    }

    /// A non-ASCII string anywhere, even after a full block of ASCII ones,
    /// sends both lists to the general path, whose `==` is canonical
    /// equivalence ("e\u{301}" == "\u{E9}").
    @Test func nonASCIIFallsBack() throws {
        func byteMatch(_ old: [String], _ new: [String]) throws -> Mapping? {
            try old.withUnsafeBufferPointer { old in
                try new.withUnsafeBufferPointer { new in try StringKeys.match(old, new, options: .init(), cancel: nil) }
            }
        }
        let ascii = (0..<5000).map { Self.string($0, length: 17) }
        #expect(try byteMatch(ascii, ascii) != nil)
        #expect(try byteMatch(ascii + ["\u{E9}"], ascii) == nil)
        #expect(try byteMatch(ascii, ascii + ["abcdefgh\u{E9}"]) == nil)
        #expect(try byteMatch(ascii, Array(ascii[..<4096]) + ["0123456789abcde\u{80}"]) == nil)
        let old = ["caf\u{E9}", "x"] + Array(ascii.prefix(20)), new = Array(ascii.prefix(20)) + ["cafe\u{301}", "x"]
        checkAgreement(old, new, "canonical equivalence")
        #expect(ListDiff(from: old, to: new).matchCount == 22)
    }

    /// The core's byte comparison alone: every key equal, so only the bytes
    /// tell the strings apart. Each new string differs from the old one of
    /// its length in one byte, at every position, or not at all.
    @Test func collidingKeysComparedByBytes() throws {
        for length in Self.boundaryLengths {
            let base = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            var old = [base], new = [base]
            for position in 0..<length {
                var changed = base
                changed[position] = UInt8(ascii: "b")
                old.append(changed)
                new.insert(changed, at: 0)
            }
            old.append(base + [UInt8(ascii: "a")])  // a longer run with the same prefix
            let expected = ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init))
            #expect(try matchCollidingSpans(old, new) == expected, "length \(length)")
        }
    }

    /// Spans at one address: every key 0, and each new span over the bytes
    /// of an old one (the same address), or over a prefix of them (the same
    /// address, fewer bytes), or over a copy; only equal runs may pair.
    @Test func spansAtOneAddressComparedByLength() throws {
        for length in Self.boundaryLengths where length > 0 {
            var old: [[UInt8]] = [], new: [[UInt8]] = []
            for value in 0..<6 {
                old.append(Array(Self.string(value, length: length).utf8))
            }
            for value in [5, 0, 3, 3, 1] { new.append(old[value]) }
            new.append(Array(old[2].prefix(length - 1)))
            new.append(Array(Self.string(9, length: length).utf8))
            // New run k shares old run at[k]'s address (its whole run, or a
            // prefix of it); -1: bytes of its own.
            let at = [5, 0, 3, 3, 1, 2, -1]
            let expected = ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init))
            #expect(try matchCollidingSpans(old, new, sharing: at) == expected, "length \(length)")
        }
    }

    /// `heckel_match_keyed_spans` on the runs, every key 0; new run k over
    /// old run `sharing[k]`'s bytes when that is not -1.
    func matchCollidingSpans(_ old: [[UInt8]], _ new: [[UInt8]], sharing: [Int] = []) throws -> ListDiff {
        let joined = (old + new).flatMap { $0 }
        let mapping = try joined.withUnsafeBytes { bytes in
            var spans: [heckel_span] = []
            var offset = 0
            for run in old + new {
                spans.append(heckel_span(bytes: bytes.baseAddress.map { $0 + offset }, length: run.count))
                offset += run.count
            }
            for (k, shared) in sharing.enumerated() where shared >= 0 {
                precondition(old[shared].starts(with: new[k]))
                spans[old.count + k].bytes = spans[shared].bytes
            }
            let keys = [UInt64](repeating: 0, count: spans.count)
            return try spans.withUnsafeBufferPointer { spans in
                try keys.withUnsafeBufferPointer { keys in
                    try Core.run(oldCount: old.count, newCount: new.count, options: .init(), cancel: nil) { options, result in
                        heckel_match_keyed_spans(spans.baseAddress, keys.baseAddress, old.count,
                                                 spans.baseAddress.map { $0 + old.count }, keys.baseAddress.map { $0 + old.count },
                                                 new.count, options, result)
                    }
                }
            }
        }
        return ListDiff(mapping: mapping, updates: [])
    }

    /// Bad input: a missing key array, or a span without bytes, is refused
    /// with HECKEL_INVALID_ARGUMENT and the outputs are left untouched.
    @Test func keyedSpansRefuseBadInput() {
        let byte: [UInt8] = [1]
        byte.withUnsafeBytes { bytes in
            let good = heckel_span(bytes: bytes.baseAddress, length: 1), hollow = heckel_span(bytes: nil, length: 1)
            var oldToNew: [heckel_offset] = [7], newToOld: [heckel_offset] = [7]
            var keys: [UInt64] = [0]
            func call(_ old: heckel_span, _ oldKeys: UnsafePointer<UInt64>?, _ new: heckel_span,
                      _ newKeys: UnsafePointer<UInt64>?) -> heckel_status {
                var old = old, new = new
                return oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                    newToOld.withUnsafeMutableBufferPointer { newToOld in
                        var result = heckel_result(old_to_new: oldToNew.baseAddress, new_to_old: newToOld.baseAddress,
                                                   moves: nil, match_count: 9, move_count: 9)
                        let status = heckel_match_keyed_spans(&old, oldKeys, 1, &new, newKeys, 1, nil, &result)
                        #expect(result.match_count == 9 && result.move_count == 9)
                        return status
                    }
                }
            }
            keys.withUnsafeMutableBufferPointer { keys in
                let key = UnsafePointer(keys.baseAddress)
                #expect(call(good, nil, good, key) == HECKEL_INVALID_ARGUMENT)
                #expect(call(good, key, good, nil) == HECKEL_INVALID_ARGUMENT)
                #expect(call(hollow, key, good, key) == HECKEL_INVALID_ARGUMENT)
                #expect(call(good, key, hollow, key) == HECKEL_INVALID_ARGUMENT)
            }
            #expect(oldToNew == [7] && newToOld == [7])
        }
    }
}
