import ArgumentParser
import Foundation

/// The element type of the generated lists.
enum ElementKind: String, CaseIterable, Codable, ExpressibleByArgument {
    case int
    case uuid
    case string
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
        case .int, .uuid, .string, .struct: return nil
        }
    }
}

/// An element type the harness can generate and hand to every engine.
protocol BenchElement: Hashable {
    /// The element for an identity: equal identities give equal elements, distinct ones distinct.
    init(identity: Int, salt: UInt64)
    /// Runs the C core the way a caller of heckel.h would for this type (see CCoreEngine.swift).
    static func coreMatch(old: [Self], new: [Self], threads: Int) throws -> CoreMatch
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
