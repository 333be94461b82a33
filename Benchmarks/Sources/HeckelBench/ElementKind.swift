import ArgumentParser
import Foundation

/// The element type of the generated lists.
enum ElementKind: String, CaseIterable, Codable, ExpressibleByArgument {
    case int
    case uuid
    case string
    /// Strings of 15 ASCII bytes, the longest a `String` holds inline (small): `[String]` lists
    /// the core matches as 16-byte records.
    case shortString = "short-string"
    case `struct`
    /// Records of an id and a content, diffed by `ListDiff(from:to:identifiedBy:)` on their id (an
    /// `Int`, `UUID` or `String` as the plain kinds make it): compared with the plain diff of the ids.
    case identifiedInt = "identified-int"
    case identifiedUUID = "identified-uuid"
    case identifiedString = "identified-string"

    /// Resident bytes one element takes in a list, heap storage included (for the memory estimate).
    var residentBytes: Int {
        switch self {
        case .int: return 8
        case .uuid: return 16
        case .string: return 16 + 64  // 21 UTF-8 bytes in a heap object
        case .shortString: return 16  // inline
        case .struct: return MemoryLayout<Row>.stride
        case .identifiedInt, .identifiedUUID, .identifiedString: return plainIDs!.residentBytes + 8
        }
    }

    /// For the identified kinds, the kind of their ids; `nil` for the plain kinds.
    var plainIDs: ElementKind? {
        switch self {
        case .identifiedInt: return .int
        case .identifiedUUID: return .uuid
        case .identifiedString: return .string
        case .int, .uuid, .string, .shortString, .struct: return nil
        }
    }
}

/// An element type the harness can generate and hand to every engine.
protocol BenchElement: Hashable {
    /// The element for an identity: equal identities give equal elements, distinct ones distinct.
    init(identity: Int, salt: UInt64)
    /// The element for an identity as lists of `kind` hold it: `init(identity:salt:)` but where
    /// one type serves two kinds (`String`: `string` and `short-string`).
    static func make(identity: Int, salt: UInt64, kind: ElementKind) -> Self
    /// Runs the C core the way a caller of heckel.h would for this type (see CCoreEngine.swift).
    static func coreMatch(old: [Self], new: [Self], threads: Int) throws -> CoreMatch
}

extension BenchElement {
    static func make(identity: Int, salt: UInt64, kind: ElementKind) -> Self { Self(identity: identity, salt: salt) }
}

extension Int: BenchElement {
    init(identity: Int, salt: UInt64) {
        self = Int(bitPattern: UInt(SeededGenerator.mix(UInt64(identity) &+ salt)))
    }
}

extension UUID: BenchElement {
    init(identity: Int, salt: UInt64) {
        let high = SeededGenerator.mix(UInt64(identity) &+ salt)  // distinct per identity
        let low = SeededGenerator.mix(high) & 0xFFFF_FFFF_FFFF_0FFF | 0x0000_0000_0000_4000
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
        self.init(uuid: (byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
                         byte(high, 4), byte(high, 5), byte(high, 6), byte(high, 7),
                         byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
                         byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)))
    }
}

extension String: BenchElement {
    /// "line-" and 16 hex digits: 21 bytes, too long for a small (inline) string, like a text line.
    init(identity: Int, salt: UInt64) {
        let hex = String(SeededGenerator.mix(UInt64(identity) &+ salt), radix: 16)
        self = "line-" + String(repeating: "0", count: 16 - hex.utf8.count) + hex
    }

    /// `short-string` lists: 15 hex digits; otherwise `init(identity:salt:)`.
    static func make(identity: Int, salt: UInt64, kind: ElementKind) -> String {
        kind == .shortString ? short(identity: identity, salt: salt) : String(identity: identity, salt: salt)
    }

    /// 15 hex digits of a 60-bit bijection of the identity (plus salt): distinct identities below
    /// 2^60 give distinct strings, all small (inline) ASCII strings of 15 bytes.
    static func short(identity: Int, salt: UInt64) -> String {
        let mask: UInt64 = (1 << 60) - 1
        // Each step is a bijection on 60-bit values: an odd multiplier and a shift-xor, modulo 2^60.
        var x = (UInt64(truncatingIfNeeded: identity) &+ salt) & mask
        x = (x &* 0x9E37_79B9_7F4A_7C15) & mask
        x ^= x >> 29
        x = (x &* 0xBF58_476D_1CE4_E5B9) & mask
        x ^= x >> 32
        let hex = String(x, radix: 16)
        return String(repeating: "0", count: 15 - hex.utf8.count) + hex
    }
}

/// A model row as list UIs hold them: an id, a revision and a short title.
struct Row: BenchElement {
    var id: Int
    var revision: Int
    var title: String

    init(identity: Int, salt: UInt64) {
        id = Int(identity: identity, salt: salt)
        revision = identity % 7
        title = "row " + String(identity, radix: 36)
    }
}
