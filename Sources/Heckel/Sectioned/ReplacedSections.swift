/// Which sections an update replaces whole (deleted, inserted, or updated
/// and so reloaded), where no item-level operation may point.
struct ReplacedSections {
    /// Per old section: deleted or updated.
    var old: [Bool]
    /// Per new section: inserted or updated.
    var new: [Bool]

    init(_ sections: SectionMatch) {
        old = sections.newForOld.map { $0 < 0 }
        new = sections.oldForNew.map { $0 < 0 }
        for update in sections.updates {
            old[update.old] = true
            new[update.new] = true
        }
    }
}
