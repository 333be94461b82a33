import CHeckel
import Foundation

/// HECKEL_UNMATCHED (a macro with a cast, which Swift does not import).
let unmatchedOffset = heckel_offset.max

/// What one call of the C core leaves in the caller's arrays.
struct CoreMatch {
    var oldToNew: [heckel_offset]
    var newToOld: [heckel_offset]
    /// New offsets of the moved pairs, ascending.
    var moves: [heckel_offset]
}

struct CoreFailure: Error, CustomStringConvertible {
    let status: heckel_status
    var description: String { "C core: " + String(cString: heckel_status_description(status)) }
}

/// Calls the C core with caller-owned output arrays; `call` receives the result struct to fill in.
/// The time of the engine includes these allocations: a C caller needs them too.
func runCore(oldCount: Int, newCount: Int, _ call: (inout heckel_result) -> heckel_status) throws -> CoreMatch {
    var oldToNew = [heckel_offset](repeating: 0, count: oldCount)
    var newToOld = [heckel_offset](repeating: 0, count: newCount)
    var moves = [heckel_offset](repeating: 0, count: min(oldCount, newCount))
    var moveCount = 0
    let status: heckel_status = oldToNew.withUnsafeMutableBufferPointer { oldToNew in
        newToOld.withUnsafeMutableBufferPointer { newToOld in
            moves.withUnsafeMutableBufferPointer { moves in
                var result = heckel_result(old_to_new: oldToNew.baseAddress, new_to_old: newToOld.baseAddress,
                                           moves: moves.baseAddress, match_count: 0, move_count: 0)
                let status = call(&result)
                moveCount = result.move_count
                return status
            }
        }
    }
    guard status == HECKEL_OK else { throw CoreFailure(status: status) }
    moves.removeLast(moves.count - moveCount)
    return CoreMatch(oldToNew: oldToNew, newToOld: newToOld, moves: moves)
}

extension Int {
    /// The integers are their own 64-bit keys: equal keys mean equal elements, no callback.
    static func coreMatch(old: [Int], new: [Int]) throws -> CoreMatch {
        try runCore(oldCount: old.count, newCount: new.count) { result in
            old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in
                    old.withMemoryRebound(to: UInt64.self) { oldKeys in
                        new.withMemoryRebound(to: UInt64.self) { newKeys in
                            heckel_match_keys(oldKeys.baseAddress, oldKeys.count, newKeys.baseAddress, newKeys.count,
                                              nil, nil, nil, &result)
                        }
                    }
                }
            }
        }
    }
}

extension UUID {
    /// UUIDs are packed 16-byte records: XXH3 and memcmp in C.
    static func coreMatch(old: [UUID], new: [UUID]) throws -> CoreMatch {
        precondition(MemoryLayout<UUID>.stride == 16, "UUID is expected to be 16 packed bytes")
        return try runCore(oldCount: old.count, newCount: new.count) { result in
            old.withUnsafeBytes { old in
                new.withUnsafeBytes { new in
                    heckel_match_records(old.baseAddress, old.count / 16, new.baseAddress, new.count / 16, 16, nil, &result)
                }
            }
        }
    }
}

extension String {
    /// Strings as byte spans. Swift gives no lasting pointer into a string (small strings live
    /// inline), so the UTF-8 is first copied into one arena; that copy is part of the engine's time.
    static func coreMatch(old: [String], new: [String]) throws -> CoreMatch {
        let (oldBytes, oldEnds) = arena(of: old)
        let (newBytes, newEnds) = arena(of: new)
        return try oldBytes.withUnsafeBufferPointer { oldBytes in
            try newBytes.withUnsafeBufferPointer { newBytes in
                let oldSpans = spans(in: oldBytes, ends: oldEnds)
                let newSpans = spans(in: newBytes, ends: newEnds)
                return try runCore(oldCount: old.count, newCount: new.count) { result in
                    heckel_match_spans(oldSpans, oldSpans.count, newSpans, newSpans.count, nil, &result)
                }
            }
        }
    }

    private static func arena(of strings: [String]) -> (bytes: [UInt8], ends: [Int]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(strings.count)
        bytes.reserveCapacity(strings.reduce(0) { $0 + $1.utf8.count })
        for string in strings {
            bytes.append(contentsOf: string.utf8)
            ends.append(bytes.count)
        }
        return (bytes, ends)
    }

    private static func spans(in bytes: UnsafeBufferPointer<UInt8>, ends: [Int]) -> [heckel_span] {
        // A non-NULL base even for an arena of empty strings.
        let base = UnsafeRawPointer(bytes.baseAddress) ?? UnsafeRawPointer(bitPattern: 1)!
        var start = 0
        return ends.map { end in
            defer { start = end }
            return heckel_span(bytes: base + start, length: end - start)
        }
    }
}

/// The old and new rows behind the C core's equality callback.
private final class RowPairs {
    let old: UnsafeBufferPointer<Row>
    let new: UnsafeBufferPointer<Row>
    init(old: UnsafeBufferPointer<Row>, new: UnsafeBufferPointer<Row>) { self.old = old; self.new = new }
}

extension Row {
    /// A struct holding a String has no bytes to hash: keys are its own `hashValue`, and the C core
    /// confirms each candidate pair with `==` through the callback.
    static func coreMatch(old: [Row], new: [Row]) throws -> CoreMatch {
        let oldKeys = old.map { UInt64(bitPattern: Int64($0.hashValue)) }
        let newKeys = new.map { UInt64(bitPattern: Int64($0.hashValue)) }
        return try old.withUnsafeBufferPointer { old in
            try new.withUnsafeBufferPointer { new in
                let pairs = RowPairs(old: old, new: new)
                return try withExtendedLifetime(pairs) {
                    let context = Unmanaged.passUnretained(pairs).toOpaque()
                    return try runCore(oldCount: old.count, newCount: new.count) { result in
                        heckel_match_keys(oldKeys, oldKeys.count, newKeys, newKeys.count, { context, oldOffset, newOffset in
                            let pairs = Unmanaged<RowPairs>.fromOpaque(context!).takeUnretainedValue()
                            return pairs.old[oldOffset] == pairs.new[newOffset]
                        }, context, nil, &result)
                    }
                }
            }
        }
    }
}
