import CHeckel

/// The core's pairing of two key lists given as byte spans.
struct SpanMatch {
    var oldToNew: [UInt32]
    var newToOld: [UInt32]
    var moved: [UInt32]

    /// Calls `heckel_match_spans`; `findsMoves` false leaves `moved` empty.
    /// Cost: O(total key bytes) plus O(n log n) for the moves.
    init(old: [heckel_span], new: [heckel_span], findsMoves: Bool) throws {
        try self.init(oldCount: old.count, newCount: new.count, findsMoves: findsMoves) { options, result in
            heckel_match_spans(old, old.count, new, new.count, options, result)
        }
    }

    /// Calls `heckel_match_keys` on keys that are the elements themselves (`PackedKeys`).
    /// Cost: O(n) plus O(n log n) for the moves.
    init(oldKeys: [UInt64], newKeys: [UInt64], findsMoves: Bool) throws {
        try self.init(oldCount: oldKeys.count, newCount: newKeys.count, findsMoves: findsMoves) { options, result in
            heckel_match_keys(oldKeys, oldKeys.count, newKeys, newKeys.count, nil, nil, options, result)
        }
    }

    private init(oldCount: Int, newCount: Int, findsMoves: Bool,
                 match: (UnsafePointer<heckel_options>, UnsafeMutablePointer<heckel_result>) -> heckel_status) throws {
        var oldToNew = [UInt32](repeating: 0, count: oldCount)
        var newToOld = [UInt32](repeating: 0, count: newCount)
        // Uninitialized: only the pages the core writes moves to become resident.
        var status = HECKEL_OK
        let moves = [UInt32](unsafeUninitializedCapacity: findsMoves ? min(oldCount, newCount) : 0) { movesBuffer, count in
            status = oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                newToOld.withUnsafeMutableBufferPointer { newToOld in
                    var result = heckel_result(old_to_new: oldToNew.baseAddress, new_to_old: newToOld.baseAddress,
                                               moves: findsMoves ? movesBuffer.baseAddress : nil, match_count: 0, move_count: 0)
                    var options = heckel_options()
                    options.ignore_order = !findsMoves  // threads 0: the machine's cores for big lists
                    let status = match(&options, &result)
                    count = status == HECKEL_OK && findsMoves ? result.move_count : 0
                    return status
                }
            }
        }
        guard status == HECKEL_OK else { throw DiffError.core(String(cString: heckel_status_description(status))) }
        self.oldToNew = oldToNew
        self.newToOld = newToOld
        moved = moves
    }

    /// The core's moves of a pairing given as `newToOld` (`heckel_find_moves`, the one owner of
    /// "which matched pairs are moves"), or only their number when `counting`. The moves' array
    /// has room for every entry, as the core asks, but only the pages it writes become resident:
    /// 4 bytes per move. Cost: O(n) nearly sorted, O(n log n) at worst; 4 bytes of scratch per
    /// entry.
    static func moves(newToOld: [UInt32], counting: Bool = false) throws -> (count: Int, moves: [UInt32]) {
        var moveCount = 0
        var status = HECKEL_OK
        var options = heckel_options()
        let moves = [UInt32](unsafeUninitializedCapacity: counting ? 0 : newToOld.count) { moves, count in
            status = heckel_find_moves(newToOld, newToOld.count, &options, counting ? nil : moves.baseAddress, &moveCount)
            count = status == HECKEL_OK && !counting ? moveCount : 0
        }
        guard status == HECKEL_OK else { throw DiffError.core(String(cString: heckel_status_description(status))) }
        return (moveCount, moves)
    }
}
