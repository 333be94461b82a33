import Heckel

/// The sectioned scenario in a child process: `SectionedDiff` over snapshots of `Section`s.
enum SectionedMeasurement {
    static func run<Item: BenchElement>(_ job: Job, as _: Item.Type) throws -> ChildReport {
        precondition(job.engine == .listdiff, "only ListDiff has a sectioned form")
        let identities = SectionedScenario.snapshots(size: job.size ?? 0, ratios: job.ratios, seed: job.seed)
        var salt = SeededGenerator(seed: ~job.seed)
        let itemSalt = salt.next()
        func sections(_ list: [IdentitySection]) -> [Section<Int, Item>] {
            list.map { Section(id: $0.id, items: $0.items.map { Item(identity: $0, salt: itemSalt) }) }
        }
        let old = sections(identities.old)
        let new = sections(identities.new)
        var report = ChildReport(status: .ok, oldCount: old.reduce(0) { $0 + $1.items.count },
                                 newCount: new.reduce(0) { $0 + $1.items.count })
        let sectionsInWarmUp = ChildMeasurement.warmUpCount / SectionedScenario.sectionSize
        let (smallOld, smallNew) = (Array(old.prefix(sectionsInWarmUp)), Array(new.prefix(sectionsInWarmUp)))
        try ChildMeasurement.timeRuns(job, report: &report, warmUp: { try SectionedDiff(from: smallOld, to: smallNew) },
                                      run: { try SectionedDiff(from: old, to: new) }, check: { result in
            let diff = result as! SectionedDiff
            try verifySectioned(diff, old: old, new: new)
            return (diff.itemDeletions.count + diff.sectionDeletions.count,
                    diff.itemInsertions.count + diff.sectionInsertions.count,
                    diff.itemMoves.count + diff.sectionMoves.count)
        })
        return report
    }
}
