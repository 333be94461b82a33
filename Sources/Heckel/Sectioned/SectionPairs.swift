import CHeckel

/// Pass 1 of the item pairing run section pair by section pair: each pair
/// of matched sections is one core match of its own items
/// (`heckel_match_keys`), written straight into the flat mappings.
///
/// Matching each pair on its own is the same pairing as one match of all
/// items keyed by (pair, identity): items of different pairs never pair
/// either way, and within a pair the core pairs the k-th occurrence of a key
/// with its k-th occurrence. A section holds about a thousand items in a
/// list UI, so each match runs on the core's direct path, its table in the
/// cache, and the keys need no section tag folded in.
///
/// The core's scratch comes from one workspace for the whole pass (the
/// task's `ListDiff.Workspace.current`, else one of the pass's own), so the
/// pairs take no allocation each. No move pass: `ItemPass` finds the moves.
@usableFromInline
enum SectionPairs {
    /// The within-section pairs of the two flattened snapshots: for each
    /// flat offset, the paired flat offset on the other side or
    /// `Mapping.unmatched`, and the number of pairs.
    ///
    /// - Parameters:
    ///   - oldKeys: One key per old item (flat), equal for equal identities.
    ///   - newKeys: One key per new item (flat).
    ///   - equal: `nil` when equal keys mean equal identities; otherwise
    ///     decides each candidate pair, given flat offsets.
    /// - Complexity: O(n) expected for n items, plus the calls of `equal`.
    @usableFromInline
    static func match(
        oldKeys: UnsafePointer<UInt64>?, newKeys: UnsafePointer<UInt64>?, tags: SectionTags,
        oldLayout: SectionLayout, newLayout: SectionLayout, equal: ((Int, Int) -> Bool)?, cancel: CancelFlag?
    ) throws(CoreFailure) -> (oldToNew: [UInt32], newToOld: [UInt32], matchCount: Int) {
        let context = PairEquality(equal: equal)
        return try withExtendedLifetime(context) { () throws(CoreFailure) in
            let equalFunction: heckel_equal_fn? = equal == nil ? nil : PairEquality.trampoline
            let equalContext = equal == nil ? nil : Unmanaged.passUnretained(context).toOpaque()
            return try match(tags: tags, oldLayout: oldLayout, newLayout: newLayout, cancel: cancel) {
                oldStart, oldCount, newStart, newCount, options, result in
                context.oldStart = oldStart
                context.newStart = newStart
                return heckel_match_keys(oldKeys.unsafelyUnwrapped + oldStart, oldCount,
                                         newKeys.unsafelyUnwrapped + newStart, newCount,
                                         equalFunction, equalContext, options, result)
            }
        }
    }

    /// As `match(oldKeys:newKeys:...)` for identities that are `size`-byte
    /// records whose bytes are their equality (a packed `UUID`), lying one
    /// after another from `old` and `new`: each pair's records matched by
    /// the core (XXH3 and memcmp), where they lie.
    @usableFromInline
    static func match(
        oldRecords old: UnsafeRawPointer?, newRecords new: UnsafeRawPointer?, size: Int, tags: SectionTags,
        oldLayout: SectionLayout, newLayout: SectionLayout, cancel: CancelFlag?
    ) throws(CoreFailure) -> (oldToNew: [UInt32], newToOld: [UInt32], matchCount: Int) {
        try match(tags: tags, oldLayout: oldLayout, newLayout: newLayout, cancel: cancel) {
            oldStart, oldCount, newStart, newCount, options, result in
            heckel_match_records_at_stride(old.unsafelyUnwrapped + oldStart &* size, oldCount,
                                           new.unsafelyUnwrapped + newStart &* size, newCount,
                                           size, size, options, result)
        }
    }

    /// Runs `matchPair` on every pair of matched sections with items on
    /// both sides, given the pair's flat starts and counts, options without
    /// a move pass and with the pass's workspace, and a result writing into
    /// the flat mappings at the pair's starts; makes the offsets it wrote
    /// flat.
    private static func match(
        tags: SectionTags, oldLayout: SectionLayout, newLayout: SectionLayout, cancel: CancelFlag?,
        _ matchPair: (_ oldStart: Int, _ oldCount: Int, _ newStart: Int, _ newCount: Int,
                      UnsafePointer<heckel_options>, UnsafeMutablePointer<heckel_result>) -> heckel_status
    ) throws(CoreFailure) -> (oldToNew: [UInt32], newToOld: [UInt32], matchCount: Int) {
        let (oldCount, newCount) = (oldLayout.itemCount, newLayout.itemCount)
        var oldToNew = [UInt32](repeating: Mapping.unmatched, count: oldCount)
        var newToOld = [UInt32](repeating: Mapping.unmatched, count: newCount)
        if !tags.pairsItems { return (oldToNew, newToOld, 0) }
        let workspace = ListDiff.Workspace.current ?? ListDiff.Workspace()
        var matchCount = 0
        var failed = HECKEL_OK
        Core.withOptions(workspace: workspace, cancel: cancel) { options in
            options.ignore_order = true
            oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                newToOld.withUnsafeMutableBufferPointer { newToOld in
                    for oldSection in tags.old.indices {
                        let tag = tags.old[oldSection]
                        if tag == SectionTags.oldOnly { continue }
                        let oldRange = oldLayout.items(inSection: oldSection)
                        let newRange = newLayout.items(inSection: Int(tag))
                        // The core never sees an empty list (heckel.h reads a
                        // NULL array as "no elements").
                        if oldRange.isEmpty || newRange.isEmpty { continue }
                        let (oldStart, newStart) = (oldRange.lowerBound, newRange.lowerBound)
                        var result = heckel_result(
                            old_to_new: oldToNew.baseAddress.unsafelyUnwrapped + oldStart,
                            new_to_old: newToOld.baseAddress.unsafelyUnwrapped + newStart,
                            moves: nil, match_count: 0, move_count: 0)
                        let status = matchPair(oldStart, oldRange.count, newStart, newRange.count, &options, &result)
                        if status != HECKEL_OK {
                            failed = status
                            return
                        }
                        matchCount += result.match_count
                        // The core wrote offsets within the pair: made flat.
                        // Offsets fit 32 bits: lists are at most
                        // ListDiff.maximumCount long.
                        let (toNew, toOld) = (UInt32(truncatingIfNeeded: newStart), UInt32(truncatingIfNeeded: oldStart))
                        for k in oldRange where oldToNew[k] != Mapping.unmatched { oldToNew[k] &+= toNew }
                        for k in newRange where newToOld[k] != Mapping.unmatched { newToOld[k] &+= toOld }
                    }
                }
            }
        }
        if failed != HECKEL_OK { throw CoreFailure(status: failed, oldCount: oldCount, newCount: newCount) }
        return (oldToNew, newToOld, matchCount)
    }
}

/// The equality callback of one pair's match: the caller's `equal` on flat
/// offsets, the pair's starts added to the core's offsets within the pair.
private final class PairEquality {
    let equal: ((Int, Int) -> Bool)?
    var oldStart = 0
    var newStart = 0

    init(equal: ((Int, Int) -> Bool)?) { self.equal = equal }

    /// Called only while `match` holds the context alive, and only when
    /// `equal` is not `nil`.
    static let trampoline: heckel_equal_fn = { context, oldOffset, newOffset in
        Unmanaged<PairEquality>.fromOpaque(context.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            $0.equal.unsafelyUnwrapped($0.oldStart &+ oldOffset, $0.newStart &+ newOffset)
        }
    }
}
