import Foundation
import Heckel
import Testing

/// Inputs chosen to break the Swift layer's fast paths (integer, float and
/// string keys, identities): heavy duplicates, ASCII next to non-ASCII text,
/// canonically equivalent strings (among them non-ASCII ones equal to ASCII),
/// Substrings of one base, strings around Swift's 15-byte small-string bound,
/// NaNs and signed zeros, identities with updates, and large lists. Every diff
/// is checked against the obviously correct answer computed here: each new
/// element, in order, takes the first old element not yet taken that is `==`
/// to it (`referenceNewToOld`, O(n·m)); moves are as few as a longest
/// increasing run allows (a quadratic dynamic program, below); and applying
/// the edit script to the old list gives the new one (`rebuild`).
@Suite struct DiffAdversarialTests {
    static let optionSets: [ListDiff.Options] = [
        .init(), .init(threads: 1), .init(threads: 4), .init(ignoresOrder: true),
    ]

    // MARK: - Integers

    @Test(arguments: [UInt64(1), 2, 3])
    func heavyDuplicates(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for round in 0..<240 {
            let alphabet = Int.random(in: 1...4, using: &random)
            let (old, new) = randomPair(upTo: 120, using: &random) {
                Int.random(in: 0..<alphabet, using: &$0)
            }
            let options = Self.optionSets[round % Self.optionSets.count]
            expectMatchesReference(ListDiff(from: old, to: new, options: options), old: old, new: new,
                                   options: options, "seed \(seed) round \(round)")
        }
    }

    /// All equal, one side longer: the k-th occurrence pairs with the k-th,
    /// so only the tail is inserted or deleted, and nothing moves.
    @Test func allEqual() {
        for (oldCount, newCount) in [(0, 5), (5, 0), (7, 7), (100, 99), (99, 100), (600, 1), (1, 600)] {
            let old = [Int](repeating: 3, count: oldCount), new = [Int](repeating: 3, count: newCount)
            let diff = ListDiff(from: old, to: new)
            #expect(Array(diff.deletions) == Array(min(oldCount, newCount)..<oldCount))
            #expect(Array(diff.insertions) == Array(min(oldCount, newCount)..<newCount))
            #expect(diff.moves.isEmpty)
            expectMatchesReference(diff, old: old, new: new, "\(oldCount) -> \(newCount)")
        }
    }

    // MARK: - Strings

    /// ASCII, non-ASCII, and non-ASCII text canonically equivalent to ASCII
    /// (KELVIN SIGN is "K", GREEK QUESTION MARK is ";"): Swift's `==` says
    /// equal, so the diff must pair them, whichever list holds which.
    static let stringPool = [
        "", " ", "a", "b", "ab", "K", "\u{212A}", ";", "\u{037E}", "é", "e\u{301}", "naïve",
        "nai\u{308}ve", "Å", "A\u{30A}", "\u{212B}", "ß", "ss", "日本", "🇫🇷", "a\u{0}", "\u{0}",
    ]

    @Test(arguments: [UInt64(11), 12, 13])
    func asciiAndNonASCIIStrings(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let ascii = Self.stringPool.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        for round in 0..<200 {
            // Mostly ASCII lists, sometimes with one non-ASCII string at the
            // very end of one list, sometimes drawn from the whole pool.
            let pool = round % 3 == 0 ? Self.stringPool : ascii
            var (old, new) = randomPair(upTo: 60, using: &random) {
                pool.randomElement(using: &$0)!
            }
            if round % 3 == 1 { new.append(["\u{212A}", "e\u{301}", "\u{037E}"][round % 9 / 3]) }
            if round % 3 == 2 { old.append(["\u{212A}", "é", "\u{037E}"][round % 9 / 3]) }
            let options = Self.optionSets[round % Self.optionSets.count]
            expectMatchesReference(ListDiff(from: old, to: new, options: options), old: old, new: new,
                                   options: options, "seed \(seed) round \(round)")
            let (oldSubstrings, newSubstrings) = (old.map { $0[...] }, new.map { $0[...] })
            expectMatchesReference(ListDiff(from: oldSubstrings, to: newSubstrings, options: options),
                                   old: oldSubstrings, new: newSubstrings, options: options,
                                   "substrings, seed \(seed) round \(round)")
        }
    }

    @Test func canonicallyEquivalentStringsPair() {
        let old = ["é", "x", "Å", "K", ";"]
        let new = [";", "x", "e\u{301}", "A\u{30A}", "\u{212B}", "\u{212A}", "\u{037E}"]
        let diff = ListDiff(from: old, to: new)
        #expect(diff.oldOffset(forNew: 2) == 0)  // é
        #expect(diff.oldOffset(forNew: 3) == 2)  // Å, the first of two equivalents
        #expect(diff.oldOffset(forNew: 5) == 3)  // KELVIN SIGN == "K"
        #expect(diff.oldOffset(forNew: 0) == 4)  // ";" == GREEK QUESTION MARK, the first one
        #expect(Array(diff.insertions) == [4, 6])
        #expect(diff.deletions.isEmpty)
        expectMatchesReference(diff, old: old, new: new)
        expectMatchesReference(ListDiff(from: new, to: old), old: new, new: old, "reversed roles")
    }

    /// Substrings of one shared base at many offsets: equal text from
    /// different places must match, and only the slice's own bytes count.
    @Test(arguments: ["abcabcabcabcabcabcabcabcabcabc", "abcé" + String(repeating: "abc", count: 9) + "e\u{301}abc"])
    func substringsOfASharedBase(base: String) {
        var random = SeededGenerator(seed: UInt64(base.utf8.count))
        let indices = Array(base.indices) + [base.endIndex]
        func slice(_ g: inout SeededGenerator) -> Substring {
            let start = Int.random(in: 0..<indices.count - 1, using: &g)
            let length = Int.random(in: 0...min(4, indices.count - 1 - start), using: &g)
            return base[indices[start]..<indices[start + length]]
        }
        for round in 0..<150 {
            let (old, new) = randomPair(upTo: 80, using: &random, slice)
            let options = Self.optionSets[round % Self.optionSets.count]
            expectMatchesReference(ListDiff(from: old, to: new, options: options), old: old, new: new,
                                   options: options, "round \(round)")
        }
    }

    /// 14 to 18 bytes (Swift keeps up to 15 UTF-8 bytes inline), differing
    /// only in the first, the middle or the last byte, or equal but built
    /// apart.
    @Test func stringsAroundTheSmallStringBound() {
        var pool: [String] = []
        for length in 14...18 {
            let body = String(repeating: "x", count: length - 1)
            let half = String(repeating: "x", count: length / 2)
            pool += ["a" + body, "b" + body, body + "a", body + "b", String("\(body)a".reversed().reversed()),
                     half + "m" + String(repeating: "x", count: length - length / 2 - 1)]
            pool.append(String(decoding: Array(repeating: UInt8(ascii: "y"), count: length), as: UTF8.self))
            pool.append(String(repeating: "y", count: length - 2) + "é")  // non-ASCII, same byte count
        }
        var random = SeededGenerator(seed: 21)
        for round in 0..<200 {
            let (old, new) = randomPair(upTo: 70, using: &random) {
                pool.randomElement(using: &$0)!
            }
            let options = Self.optionSets[round % Self.optionSets.count]
            expectMatchesReference(ListDiff(from: old, to: new, options: options), old: old, new: new,
                                   options: options, "round \(round)")
        }
    }

    /// Short ASCII strings, up to 10 bytes, that NUL bytes and DEL and
    /// their lengths alone tell apart (a key made from the bytes must count
    /// the length too), next to strings of 8 and 9 bytes.
    @Test func shortStringsOnlyTheirLengthsTellApart() {
        var pool = ["", "\u{0}", "\u{0}\u{0}", "a", "a\u{0}", "\u{0}a", "a\u{0}\u{0}", "\u{7F}", "\u{7F}\u{7F}"]
        for length in 6...10 {
            let letters = String("abcdefghij".prefix(length))
            pool += [letters, letters + "\u{0}", String(letters.dropLast()) + "\u{0}"]
        }
        var random = SeededGenerator(seed: 61)
        for round in 0..<200 {
            let (old, new) = randomPair(upTo: 60, using: &random) {
                pool.randomElement(using: &$0)!
            }
            let options = Self.optionSets[round % Self.optionSets.count]
            expectMatchesReference(ListDiff(from: old, to: new, options: options), old: old, new: new,
                                   options: options, "round \(round)")
            expectMatchesReference(ListDiff(from: old, to: new, identifiedBy: { $0 }, options: options),
                                   old: old, new: new, options: options, "as identities, round \(round)")
        }
    }

    /// Equal strings built many ways (decoded, edited down, appended to,
    /// sliced, interpolated, a non-ASCII character added and removed, kept in
    /// a large buffer): `==` says equal, so each must match its literal,
    /// whatever bytes its representation holds past its text.
    @Test func equalStringsBuiltManyWays() {
        var random = SeededGenerator(seed: 71)
        for text in ["", "a", "abc", "0123456", "01234567", "012345678", "0123456789abcde", "0123456789abcdef",
                     "a longer text, stored natively"] {
            var edited = text + "XYZ"
            edited.removeLast(3)
            var appended = ""
            for character in text { appended.append(character) }
            var accented = text + "é"
            accented.removeLast()
            var reserved = String()
            reserved.reserveCapacity(64)
            reserved += text
            let ways = [text, String(decoding: Array(text.utf8), as: UTF8.self), edited, appended, accented,
                        reserved, "\(text)", String(Substring("<" + text + ">").dropFirst().dropLast()),
                        String(decoding: Array(text.utf16), as: UTF16.self),
                        String((text + String(repeating: "-", count: 40)).prefix(text.count))]
            let old = ways.shuffled(using: &random), new = [text] + ways.shuffled(using: &random)
            #expect(Set(old).count == 1)
            for options in Self.optionSets {
                let diff = ListDiff(from: old, to: new, options: options)
                #expect(diff.insertions == [0] || diff.insertions == [ways.count], "\(text.debugDescription)")
                expectMatchesReference(diff, old: old, new: new, options: options, text.debugDescription)
                let identified = ListDiff(from: old, to: new, identifiedBy: { $0 }, options: options)
                expectMatchesReference(identified, old: old, new: new, options: options, "ids, \(text.debugDescription)")
            }
            // Next to other strings of every length: the same.
            let others = (0..<20).map { String(repeating: "q", count: $0) }
            let (mixedOld, mixedNew) = ((ways + others).shuffled(using: &random), (others + [text]).shuffled(using: &random))
            expectMatchesReference(ListDiff(from: mixedOld, to: mixedNew), old: mixedOld, new: mixedNew,
                                   "mixed, \(text.debugDescription)")
        }
    }

    // MARK: - Floating point

    /// NaNs (quiet, signaling, with a payload, negative) match nothing, as
    /// `==` says; -0.0 and +0.0 match each other.
    @Test func nansAndSignedZeros() {
        let doubles: [Double] = [.nan, -.nan, .signalingNaN, Double(nan: 7, signaling: false), 0.0, -0.0, 1,
                                 .infinity, -.infinity, .leastNonzeroMagnitude]
        let floats: [Float] = [.nan, .signalingNaN, Float(nan: 3, signaling: false), 0.0, -0.0, 1, .infinity]
        var random = SeededGenerator(seed: 31)
        for round in 0..<200 {
            let (old, new) = randomPair(upTo: 50, using: &random) {
                doubles.randomElement(using: &$0)!
            }
            let options = Self.optionSets[round % Self.optionSets.count]
            expectMatchesReference(ListDiff(from: old, to: new, options: options), old: old, new: new,
                                   options: options, same: { $0 == $1 || ($0.isNaN && $1.isNaN) },
                                   "doubles, round \(round)")
            let (oldFloats, newFloats) = (old.map { floats[Int($0.bitPattern % 7)] },
                                          new.map { floats[Int($0.bitPattern % 7)] })
            expectMatchesReference(ListDiff(from: oldFloats, to: newFloats, options: options),
                                   old: oldFloats, new: newFloats, options: options,
                                   same: { $0 == $1 || ($0.isNaN && $1.isNaN) }, "floats, round \(round)")
        }
        let nans = [Double](repeating: .nan, count: 300)
        let diff = ListDiff(from: nans, to: nans)
        #expect(diff.deletions.count == 300 && diff.insertions.count == 300 && diff.matchCount == 0)
    }

    // MARK: - Identified elements

    struct Row<ID: Hashable & Sendable>: Equatable, Sendable {
        var id: ID
        var content: Int
    }

    /// Repeated identities pair in order; a pair whose rows differ is an
    /// update; applying the script (updates included) gives the new rows.
    @Test(arguments: [UInt64(41), 42])
    func identifiedRowsWithUpdates(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let stringIDs = ["a", "b", "é", "e\u{301}", "K", "\u{212A}", "fifteen-bytes!!", "sixteen-bytes!!!"]
        for round in 0..<160 {
            let ids = Int.random(in: 1...6, using: &random)
            let make = { (g: inout SeededGenerator) in
                Row(id: Int.random(in: 0..<ids, using: &g), content: Int.random(in: 0..<2, using: &g))
            }
            let (old, new) = randomPair(upTo: 60, using: &random, make)
            let options = Self.optionSets[round % Self.optionSets.count]
            expectMatchesReference(ListDiff(from: old, to: new, identifiedBy: \.id, options: options),
                                   old: old, new: new, options: options, matches: { $0.id == $1.id },
                                   "integer ids, round \(round)")
            let (oldRows, newRows) = (old.map { Row(id: stringIDs[$0.id], content: $0.content) },
                                      new.map { Row(id: stringIDs[($0.id + round) % stringIDs.count],
                                                    content: $0.content) })
            expectMatchesReference(ListDiff(from: oldRows, to: newRows, identifiedBy: \.id, options: options),
                                   old: oldRows, new: newRows, options: options, matches: { $0.id == $1.id },
                                   "string ids, round \(round)")
        }
    }

    // MARK: - Large inputs, linear checks

    @Test func largeAllEqualLists() {
        let count = 1_000_000
        let old = [Int](repeating: 42, count: count), new = [Int](repeating: 42, count: count - 1)
        let diff = ListDiff(from: old, to: new)
        #expect(Array(diff.deletions) == [count - 1])
        #expect(diff.insertions.isEmpty && diff.moves.isEmpty && diff.matchCount == count - 1)
        #expect(diff.oldOffset(forNew: count - 2) == count - 2)
    }

    /// A reversed list: one element stays, every other one moves.
    @Test func largeReversedStrings() {
        let count = 200_000
        let old = (0..<count).map { "row \($0)" }
        let new = Array(old.reversed())
        let diff = ListDiff(from: old, to: new, options: .init(threads: 2))
        #expect(diff.moves.count == count - 1 && diff.deletions.isEmpty && diff.insertions.isEmpty)
        let mappedAsReversed = (0..<count).allSatisfy { diff.oldOffset(forNew: $0) == count - 1 - $0 }
        #expect(mappedAsReversed)
        let movedTo = Set(diff.moves.map(\.new))
        let kept = (0..<count).filter { !movedTo.contains($0) }
        #expect(kept.count == 1)
    }

    /// Ten distinct values over 200,000 elements, shuffled: pairing in
    /// order, checked per value in linear time; moves against the patience
    /// count of the mapping the values imply.
    @Test func largeHeavyDuplicates() {
        var random = SeededGenerator(seed: 51)
        let old = (0..<200_000).map { _ in Int.random(in: 0..<10, using: &random) }
        var new = old.shuffled(using: &random)
        new.removeLast(1_000)
        new += (0..<500).map { _ in 10 }
        let diff = ListDiff(from: old, to: new)
        var queues = [[Int]](repeating: [], count: 11), taken = [Int](repeating: 0, count: 11)
        for (i, value) in old.enumerated() { queues[value].append(i) }
        var expected: [Int?] = []
        for value in new {
            expected.append(taken[value] < queues[value].count ? queues[value][taken[value]] : nil)
            taken[value] += 1
        }
        let mappingAgrees = new.indices.allSatisfy { diff.oldOffset(forNew: $0) == expected[$0] }
        #expect(mappingAgrees)
        let matched = expected.compactMap { $0 }
        #expect(diff.moves.count == matched.count - longestIncreasingSubsequenceLength(matched))
        #expect(diff.insertions.count == 500 && diff.deletions.count == 1_000)
    }
}

// MARK: - The reference

/// A list of `count` elements from `make`.
/// Two random lists, old then new, of up to `maxCount` elements each from
/// `make` (in that order: each list's count, then its elements).
private func randomPair<Element>(
    upTo maxCount: Int, using random: inout SeededGenerator, _ make: (inout SeededGenerator) -> Element
) -> ([Element], [Element]) {
    let old = randomList(count: Int.random(in: 0...maxCount, using: &random), using: &random, make)
    let new = randomList(count: Int.random(in: 0...maxCount, using: &random), using: &random, make)
    return (old, new)
}

private func randomList<Element>(
    count: Int, using random: inout SeededGenerator, _ make: (inout SeededGenerator) -> Element
) -> [Element] {
    (0..<count).map { _ in make(&random) }
}

/// The length of a longest strictly increasing subsequence by the textbook
/// O(n^2) dynamic program: independent of the core's and of the patience
/// version in Support.
private func quadraticLISLength(_ values: [Int]) -> Int {
    var longestEndingAt = [Int](repeating: 1, count: values.count)
    for k in values.indices {
        for t in 0..<k where values[t] < values[k] {
            longestEndingAt[k] = max(longestEndingAt[k], longestEndingAt[t] + 1)
        }
    }
    return longestEndingAt.max() ?? 0
}

/// Checks `diff` against the reference: the mapping is the in-order pairing
/// under `matches`, both ways; deletions and insertions are the unmatched
/// offsets; moves (none when order is ignored) are matched pairs, as few as
/// a longest increasing run allows, the rest kept in order; updates are the
/// matched pairs not `same`; and the edit script applied to `old` gives a
/// list element by element `same` as `new`.
private func expectMatchesReference<Element>(
    _ diff: ListDiff, old: [Element], new: [Element], options: ListDiff.Options = .init(),
    matches: (Element, Element) -> Bool, same: (Element, Element) -> Bool,
    _ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    let note = Comment(rawValue: context())
    let expected = referenceNewToOld(old: old, new: new, equal: matches)
    let mapping = new.indices.map { diff.oldOffset(forNew: $0) }
    #expect(mapping == expected, note, sourceLocation: sourceLocation)
    guard mapping == expected else { return }
    var expectedOldToNew = [Int?](repeating: nil, count: old.count)
    for (j, i) in expected.enumerated() { if let i { expectedOldToNew[i] = j } }
    #expect(old.indices.map { diff.newOffset(forOld: $0) } == expectedOldToNew, note, sourceLocation: sourceLocation)
    let deletions = ListDiff.Offsets(old.indices.filter { expectedOldToNew[$0] == nil })
    let insertions = ListDiff.Offsets(new.indices.filter { expected[$0] == nil })
    #expect(Array(diff.deletions) == Array(deletions), note, sourceLocation: sourceLocation)
    #expect(Array(diff.insertions) == Array(insertions), note, sourceLocation: sourceLocation)
    // The result's views, read in place: equal (and hashing alike) to the
    // same offsets built here, and read by position back to front as iterated.
    #expect(diff.deletions == deletions && diff.deletions.hashValue == deletions.hashValue, note,
            sourceLocation: sourceLocation)
    #expect(diff.insertions == insertions && diff.insertions.hashValue == insertions.hashValue, note,
            sourceLocation: sourceLocation)
    expectReadsBack(diff.deletions, note, sourceLocation)
    expectReadsBack(diff.insertions, note, sourceLocation)
    expectReadsBack(diff.moves, note, sourceLocation)
    expectReadsBack(diff.updates, note, sourceLocation)

    let updated = new.indices.filter { j in expected[j].map { !same(old[$0], new[j]) } ?? false }
    #expect(diff.updates.map(\.new) == updated, note, sourceLocation: sourceLocation)
    #expect(diff.updates.allSatisfy { expected[$0.new] == $0.old }, note, sourceLocation: sourceLocation)

    if options.ignoresOrder {
        #expect(diff.moves.isEmpty, note, sourceLocation: sourceLocation)
        return
    }
    let matchedOldInNewOrder = expected.compactMap { $0 }
    #expect(diff.moves.count == matchedOldInNewOrder.count - quadraticLISLength(matchedOldInNewOrder), note,
            sourceLocation: sourceLocation)
    #expect(diff.moves.allSatisfy { expected[$0.new] == $0.old }, note, sourceLocation: sourceLocation)
    let movedTo = Set(diff.moves.map(\.new))
    let kept = new.indices.filter { !movedTo.contains($0) }.compactMap { expected[$0] }
    #expect(kept == kept.sorted(), note, sourceLocation: sourceLocation)

    let rebuilt = rebuild(old, applying: diff, insertedFrom: new)
    #expect(rebuilt.count == new.count && zip(rebuilt, new).allSatisfy(same), note, sourceLocation: sourceLocation)
}

/// A random-access view read by position, last to first, gives what
/// iterating it gives, reversed; its count is what iteration counts.
private func expectReadsBack<Items: RandomAccessCollection>(
    _ items: Items, _ note: Comment, _ sourceLocation: SourceLocation
) where Items.Element: Equatable {
    let iterated = Array(items)
    let byPosition = items.indices.reversed().map { items[$0] }
    #expect(items.count == iterated.count && byPosition == iterated.reversed(), note, sourceLocation: sourceLocation)
}

/// Elements matched by `==`, and the same when `same` (by default `==`).
private func expectMatchesReference<Element: Equatable>(
    _ diff: ListDiff, old: [Element], new: [Element], options: ListDiff.Options = .init(),
    same: (Element, Element) -> Bool = (==),
    _ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    expectMatchesReference(diff, old: old, new: new, options: options, matches: ==, same: same, context(),
                           sourceLocation: sourceLocation)
}

/// Identified elements: matched by `matches` (their ids), the same when `==`.
private func expectMatchesReference<Element: Equatable>(
    _ diff: ListDiff, old: [Element], new: [Element], options: ListDiff.Options = .init(),
    matches: (Element, Element) -> Bool,
    _ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    expectMatchesReference(diff, old: old, new: new, options: options, matches: matches, same: ==, context(),
                           sourceLocation: sourceLocation)
}
