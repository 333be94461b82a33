import CHeckel

/// The core's pairing of two key lists given as byte spans.
struct SpanMatch {
    var oldToNew: [UInt32]
    var newToOld: [UInt32]
    var moved: [UInt32]

    /// Calls `heckel_match_spans`; `findsMoves` false leaves `moved` empty.
    /// Cost: O(total key bytes) plus O(n log n) for the moves.
    init(old: [heckel_span], new: [heckel_span], findsMoves: Bool) throws {
        var oldToNew = [UInt32](repeating: 0, count: old.count)
        var newToOld = [UInt32](repeating: 0, count: new.count)
        var moves = [UInt32](repeating: 0, count: findsMoves ? min(old.count, new.count) : 0)
        var moveCount = 0
        let status: heckel_status = oldToNew.withUnsafeMutableBufferPointer { oldToNew in
            newToOld.withUnsafeMutableBufferPointer { newToOld in
                moves.withUnsafeMutableBufferPointer { moves in
                    var result = heckel_result(old_to_new: oldToNew.baseAddress, new_to_old: newToOld.baseAddress,
                                               moves: findsMoves ? moves.baseAddress : nil, match_count: 0, move_count: 0)
                    var options = heckel_options()
                    let status = heckel_match_spans(old, old.count, new, new.count, &options, &result)
                    moveCount = result.move_count
                    return status
                }
            }
        }
        guard status == HECKEL_OK else { throw DiffError.core(String(cString: heckel_status_description(status))) }
        moves.removeSubrange(findsMoves ? moveCount... : 0...)
        self.oldToNew = oldToNew
        self.newToOld = newToOld
        moved = moves
    }

    /// The fewest pairs outside one increasing run, for a pairing given as `newToOld` (the core
    /// finds them: both sides are the matched old offsets, unique keys). Cost: O(m log m), about
    /// 60 bytes per matched pair.
    static func moves(newToOld: [UInt32]) throws -> [UInt32] {
        var newSide: [UInt64] = []
        var positions: [UInt32] = []
        for (j, i) in newToOld.enumerated() where i != HECKEL_UNMATCHED {
            newSide.append(UInt64(i))
            positions.append(UInt32(j))
        }
        var oldSide = newSide
        oldSide.sort()
        let m = newSide.count
        var oldToNew = [UInt32](repeating: 0, count: m), pairs = [UInt32](repeating: 0, count: m)
        var moves = [UInt32](repeating: 0, count: m)
        var moveCount = 0
        let status: heckel_status = oldToNew.withUnsafeMutableBufferPointer { a in
            pairs.withUnsafeMutableBufferPointer { b in
                moves.withUnsafeMutableBufferPointer { c in
                    var result = heckel_result(old_to_new: a.baseAddress, new_to_old: b.baseAddress, moves: c.baseAddress,
                                               match_count: 0, move_count: 0)
                    var options = heckel_options()
                    let status = heckel_match_keys(oldSide, m, newSide, m, nil, nil, &options, &result)
                    moveCount = result.move_count
                    return status
                }
            }
        }
        guard status == HECKEL_OK else { throw DiffError.core(String(cString: heckel_status_description(status))) }
        return moves[0..<moveCount].map { positions[Int($0)] }
    }
}
