@testable import Heckel
import Testing

/// `String` identities read where they lie in the elements
/// (`ListDiff.storedStringIdentities`, taken by `init(from:to:identifiedBy:)`
/// with a key path) against the closure form,
/// which builds an array of identities and matches it (general path for the
/// `Opaque` ones), on the same lists.
@Suite struct StoredStringIDTests {
    /// The identity first in the element.
    struct Leading: Equatable {
        var id: String
        var revision: Int
    }

    /// The identity after a byte and inside a nested struct: read at
    /// offset 8 of `Inner`, 16 of the element.
    struct Nested: Equatable {
        struct Inner: Equatable {
            var flag: UInt8
            var id: String
        }
        var count: Int
        var inner: Inner
    }

    /// A class element: its identity is behind a reference, not in the
    /// list's storage, so the closure path takes it.
    final class Boxed: Equatable {
        let id: String
        let revision: Int
        init(id: String, revision: Int) { (self.id, self.revision) = (id, revision) }
        static func == (lhs: Boxed, rhs: Boxed) -> Bool { lhs.id == rhs.id && lhs.revision == rhs.revision }
    }

    /// Identities of 0 to 40 bytes, small and native, a few non-ASCII when
    /// `unicode` (then "é" and "e\u{301}" name the same identity).
    static func identities(_ values: [Int], unicode: Bool) -> [String] {
        values.map { value in
            if unicode && value % 17 == 0 { return value % 2 == 0 ? "caf\u{E9}" : "cafe\u{301}" }
            return StringKeysTests.string(value, length: value % 41)
        }
    }

    /// A random pair of `Leading` lists with `identities`' ids; revisions
    /// differ for some ids, so matched pairs give updates.
    static func leadingPair(_ random: inout RandomListPairs, unicode: Bool) -> (old: [Leading], new: [Leading]) {
        let (oldValues, newValues) = random.pair(distinct: 80, largest: 500)
        let oldIDs = identities(oldValues, unicode: unicode), newIDs = identities(newValues, unicode: unicode)
        return (zip(oldIDs, oldValues).map { Leading(id: $0, revision: $1 % 3) },
                zip(newIDs, newValues).map { Leading(id: $0, revision: $1 % 5 == 0 ? 9 : $1 % 3) })
    }

    /// The diff by `\.id` agrees with the closure form and with the general
    /// path, and its mapping, updates and rebuild hold.
    func check<Element: Equatable>(
        _ old: [Element], _ new: [Element], _ path: KeyPath<Element, String>, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let stored = ListDiff(from: old, to: new, identifiedBy: path)
        let closure = ListDiff(from: old, to: new, identifiedBy: { $0[keyPath: path] })
        let general = ListDiff(from: old, to: new, identifiedBy: { Opaque($0[keyPath: path]) })
        #expect(stored == closure, "\(context)", sourceLocation: sourceLocation)
        #expect(stored == general, "\(context)", sourceLocation: sourceLocation)
        checkInvariants(stored, old: old, new: new, identity: { $0[keyPath: path] }, same: ==, updatesExpected: true,
                        context, sourceLocation: sourceLocation)
    }

    @Test func storedIdentitiesAgree() {
        var random = RandomListPairs(seed: 45)
        for round in 0..<120 {
            let (oldLeading, newLeading) = Self.leadingPair(&random, unicode: round % 4 == 3)
            check(oldLeading, newLeading, \.id, "leading, round \(round)")
            let oldNested = oldLeading.map { Nested(count: $0.revision, inner: .init(flag: 1, id: $0.id)) }
            let newNested = newLeading.map { Nested(count: $0.revision, inner: .init(flag: 1, id: $0.id)) }
            check(oldNested, newNested, \.inner.id, "nested, round \(round)")
            check(oldLeading.map { Boxed(id: $0.id, revision: $0.revision) },
                  newLeading.map { Boxed(id: $0.id, revision: $0.revision) }, \.id, "boxed, round \(round)")
        }
    }

    /// Not `Sendable` (holds a class reference), so its lists take the async
    /// form that runs on the caller's actor; compared by identity and revision.
    struct Tagged: Equatable {
        final class Tag {}
        var id: String
        var revision: Int
        var tag = Tag()
        static func == (lhs: Tagged, rhs: Tagged) -> Bool { lhs.id == rhs.id && lhs.revision == rhs.revision }
    }

    /// The async key-path forms (off the actor for `Sendable` lists, on it
    /// for the others) give the synchronous closure form's diff.
    @Test func asyncKeyPathFormsAgree() async throws {
        var random = RandomListPairs(seed: 46)
        for round in 0..<40 {
            let (old, new) = Self.leadingPair(&random, unicode: round % 4 == 3)
            let expected = ListDiff(from: old, to: new, identifiedBy: { $0.id })
            let offActor = try await ListDiff.computed(from: old, to: new, identifiedBy: \Leading.id)
            #expect(offActor == expected, "Sendable, round \(round)")
            checkInvariants(offActor, old: old, new: new, identity: { $0.id }, same: ==, updatesExpected: true,
                            "Sendable, round \(round)")
            let oldTagged = old.map { Tagged(id: $0.id, revision: $0.revision) }
            let newTagged = new.map { Tagged(id: $0.id, revision: $0.revision) }
            let onActor = try await ListDiff.computed(from: oldTagged, to: newTagged, identifiedBy: \Tagged.id)
            #expect(onActor == expected, "not Sendable, round \(round)")
            checkInvariants(onActor, old: oldTagged, new: newTagged, identity: { $0.id }, same: ==, updatesExpected: true,
                            "not Sendable, round \(round)")
        }
    }

    /// The in-place pass itself takes stored ASCII identities (so the test
    /// above exercises it) and declines non-ASCII ones and non-contiguous
    /// lists.
    @Test func inPlacePassTakesWhatItShould() throws {
        guard StringLayout.isVerified else { return }
        let offset = MemoryLayout<Nested>.offset(of: \Nested.inner.id)!
        #expect(offset == 16)
        let old = (0..<50).map { Nested(count: $0, inner: .init(flag: 0, id: StringKeysTests.string($0, length: $0 % 30))) }
        let new = Array(old.reversed().dropFirst(3))
        let taken = ListDiff.storedStringIdentities(old, new, offset: offset, options: .init(), cancel: nil)
        #expect(try taken?.get() == ListDiff(from: old, to: new, identifiedBy: { $0.inner.id }))
        #expect(try taken?.get().matchCount == 47)
        let accented = old + [Nested(count: 0, inner: .init(flag: 0, id: "\u{E9}"))]
        #expect(ListDiff.storedStringIdentities(accented, new, offset: offset, options: .init(), cancel: nil) == nil)
        #expect(ListDiff.storedStringIdentities(old.lazy.filter { _ in true }, new, offset: offset,
                                                options: .init(), cancel: nil) == nil)
    }
}
