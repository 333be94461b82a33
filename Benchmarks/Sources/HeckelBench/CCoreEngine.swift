import CHeckel
import Foundation

/// The C core alone, the way a C caller of heckel.h uses it: each element type hands its lists over
/// in the core's terms (`BenchElement.coreMatch`), and no Swift result is built.
struct CoreEngine<Element: BenchElement>: MappingEngine {
    var threads: Int

    func diff(old: [Element], new: [Element]) throws -> CoreMatch {
        try Element.coreMatch(old: old, new: new, threads: threads)
    }

    func outcome(of match: CoreMatch, old: [Element], new: [Element]) -> DiffOutcome {
        func offsets(_ mapped: UnsafeMutableBufferPointer<heckel_offset>) -> [Int] {
            mapped.map { $0 == HECKEL_UNMATCHED ? -1 : Int($0) }
        }
        let oldToNew = offsets(match.oldToNew)
        let newToOld = offsets(match.newToOld)
        return DiffOutcome(
            oldToNew: oldToNew, newToOld: newToOld,
            deletions: oldToNew.indices.filter { oldToNew[$0] < 0 },
            insertions: newToOld.indices.filter { newToOld[$0] < 0 },
            moves: match.moves.prefix(match.moveCount).map { (from: newToOld[Int($0)], to: Int($0)) })
    }
}

/// A `heckel_workspace` kept for the calls of `CoreMatch.run` made while it is `current`, as a C
/// caller that diffs over and over keeps one (`heckel-bench --workspace`). One child measures one
/// job on its main thread, so one call uses it at a time, as heckel.h requires.
final class CoreWorkspace: @unchecked Sendable {
    let pointer: OpaquePointer

    init() throws {
        var created: OpaquePointer?
        let status = heckel_workspace_create(nil, &created)
        guard status == HECKEL_OK, let created else { throw status }
        pointer = created
    }

    deinit { heckel_workspace_destroy(pointer) }

    /// The bytes of scratch the workspace keeps now.
    var keptBytes: Int { heckel_workspace_bytes(pointer) }

    /// The workspace of the ccore calls `ChildMeasurement` makes for a `--workspace` job.
    @TaskLocal static var current: CoreWorkspace?
}

/// A status other than `HECKEL_OK`, thrown as the core returned it.
extension heckel_status: @retroactive Error, @retroactive CustomStringConvertible {
    public var description: String { "C core: " + String(cString: heckel_status_description(self)) }
}

/// The caller-owned output arrays of one call, allocated and left uninitialized as a C caller
/// would (`malloc`): the core writes every entry of the mappings, and `moveCount` moves.
final class CoreMatch {
    let oldToNew: UnsafeMutableBufferPointer<heckel_offset>
    let newToOld: UnsafeMutableBufferPointer<heckel_offset>
    /// New offsets of the moved pairs, ascending; the first `moveCount` entries are written.
    let moves: UnsafeMutableBufferPointer<heckel_offset>
    private(set) var moveCount = 0

    private init(oldCount: Int, newCount: Int) {
        oldToNew = .allocate(capacity: oldCount)
        newToOld = .allocate(capacity: newCount)
        moves = .allocate(capacity: min(oldCount, newCount))
    }

    deinit {
        oldToNew.deallocate()
        newToOld.deallocate()
        moves.deallocate()
    }

    /// Runs `call` with options asking for `threads` threads and a result pointing at fresh outputs.
    static func run(oldCount: Int, newCount: Int, threads: Int,
                    _ call: (UnsafePointer<heckel_options>, UnsafeMutablePointer<heckel_result>) -> heckel_status)
        throws -> CoreMatch {
        let match = CoreMatch(oldCount: oldCount, newCount: newCount)
        var result = heckel_result(old_to_new: match.oldToNew.baseAddress, new_to_old: match.newToOld.baseAddress,
                                   moves: match.moves.baseAddress, match_count: 0, move_count: 0)
        var options = heckel_options()
        options.threads = UInt32(threads)
        options.workspace = CoreWorkspace.current?.pointer
        let status = call(&options, &result)
        guard status == HECKEL_OK else { throw status }
        match.moveCount = result.move_count
        return match
    }
}

extension Int {
    /// The integers are their own 64-bit keys: equal keys mean equal elements, no callback.
    static func coreMatch(old: [Int], new: [Int], threads: Int) throws -> CoreMatch {
        try CoreMatch.run(oldCount: old.count, newCount: new.count, threads: threads) { options, result in
            old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in
                    old.withMemoryRebound(to: UInt64.self) { oldKeys in
                        new.withMemoryRebound(to: UInt64.self) { newKeys in
                            heckel_match_keys(oldKeys.baseAddress, oldKeys.count, newKeys.baseAddress, newKeys.count,
                                              nil, nil, options, result)
                        }
                    }
                }
            }
        }
    }
}

extension UUID {
    /// UUIDs are packed 16-byte records: XXH3 and memcmp in C.
    static func coreMatch(old: [UUID], new: [UUID], threads: Int) throws -> CoreMatch {
        precondition(MemoryLayout<UUID>.stride == 16, "UUID is expected to be 16 packed bytes")
        return try CoreMatch.run(oldCount: old.count, newCount: new.count, threads: threads) { options, result in
            old.withUnsafeBytes { old in
                new.withUnsafeBytes { new in
                    heckel_match_records(old.baseAddress, old.count / 16, new.baseAddress, new.count / 16, 16,
                                         options, result)
                }
            }
        }
    }
}

extension String {
    /// Strings as byte spans. Swift gives no lasting pointer into a string (small strings live
    /// inline), so the UTF-8 is first copied into one arena; that copy is part of the engine's time.
    static func coreMatch(old: [String], new: [String], threads: Int) throws -> CoreMatch {
        let (oldBytes, oldEnds) = arena(of: old)
        let (newBytes, newEnds) = arena(of: new)
        return try oldBytes.withUnsafeBufferPointer { oldBytes in
            try newBytes.withUnsafeBufferPointer { newBytes in
                let oldSpans = spans(in: oldBytes, ends: oldEnds)
                let newSpans = spans(in: newBytes, ends: newEnds)
                return try CoreMatch.run(oldCount: old.count, newCount: new.count, threads: threads) { options, result in
                    heckel_match_spans(oldSpans, oldSpans.count, newSpans, newSpans.count, options, result)
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

extension Row {
    /// A struct holding a String has no bytes to hash: keys are its own `hashValue`, and the C core
    /// confirms each candidate pair with `==` through the callback, whose context is the two lists.
    static func coreMatch(old: [Row], new: [Row], threads: Int) throws -> CoreMatch {
        let oldKeys = old.map { UInt64(bitPattern: Int64($0.hashValue)) }
        let newKeys = new.map { UInt64(bitPattern: Int64($0.hashValue)) }
        return try old.withUnsafeBufferPointer { old in
            try new.withUnsafeBufferPointer { new in
                var lists = (old: old, new: new)
                return try withUnsafeMutablePointer(to: &lists) { lists in
                    try CoreMatch.run(oldCount: old.count, newCount: new.count, threads: threads) { options, result in
                        heckel_match_keys(oldKeys, oldKeys.count, newKeys, newKeys.count, { context, oldOffset, newOffset in
                            let lists = context!.assumingMemoryBound(to: (old: UnsafeBufferPointer<Row>,
                                                                          new: UnsafeBufferPointer<Row>).self)
                            return lists.pointee.old[oldOffset] == lists.pointee.new[newOffset]
                        }, lists, options, result)
                    }
                }
            }
        }
    }
}
