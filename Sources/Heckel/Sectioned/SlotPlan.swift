/// Fixed places ("slots") for the members of one ordered container during a
/// sequential update, so that a member's current offset is the number of
/// occupied slots before its own, whatever order the steps come in.
///
/// The container's current members (in their current order) and its final
/// members (in final order) share the members that stay put, in the same
/// relative order in both. Slots follow the final order; a member that moves
/// away sits in a slot placed just before the next staying member that
/// follows it now. A staying member has one slot; a moving member has the slot
/// it leaves and the slot it takes.
struct SlotPlan {
    /// Slots handed out so far.
    private(set) var slotCount = 0
    /// Slots occupied before the moves: staying members and leaving members.
    private(set) var initiallyOccupied: [Int] = []

    /// A new slot for a member that arrives (moves in).
    mutating func arrival() -> Int {
        defer { slotCount += 1 }
        return slotCount
    }

    /// A new occupied slot for a member that is there now (stays or leaves).
    mutating func resident() -> Int {
        initiallyOccupied.append(slotCount)
        defer { slotCount += 1 }
        return slotCount
    }
}
