import Heckel

/// An item of the sectioned scenario: an id of the `--element` type, and a content that changes
/// when the item is updated. Diffed by `\.id`.
struct SectionItem<ID: BenchElement>: Hashable {
    var id: ID
    var content: Int
}

/// The sectioned scenario in a child process: engine `listdiff` is `SectionedDiff` (with its
/// `batchUpdates`) over the snapshots, engine `flat` is `ListDiff` over the same items flattened,
/// the time the issue asks `SectionedDiff` to stay close to.
enum SectionedMeasurement {
    static func run<ID: BenchElement>(_ job: Job, as _: ID.Type) throws -> ChildReport {
        switch job.engine {
        case .listdiff:
            let (old, new) = snapshots(job, as: ID.self)
            return try measureSectioned(job, old: old, new: new)
        case .flat:
            let (old, new) = flattened(snapshots(job, as: ID.self))
            return try measureFlat(job, old: old, new: new)
        case .ccore, .stdlib, .reference:
            preconditionFailure("\(job.engine.rawValue) has no sectioned form")
        }
    }

    private static func snapshots<ID: BenchElement>(_ job: Job, as _: ID.Type)
        -> (old: [ListSection<Int, SectionItem<ID>>], new: [ListSection<Int, SectionItem<ID>>]) {
        let identities = SectionedScenario.snapshots(size: job.size ?? 0, seed: job.seed)
        var salt = SeededGenerator(seed: ~job.seed)
        let idSalt = salt.next()
        func sections(_ list: [IdentitySection]) -> [ListSection<Int, SectionItem<ID>>] {
            list.map { section in
                ListSection(id: section.id, items: section.items.map {
                    SectionItem(id: ID(identity: $0.id, salt: idSalt), content: $0.content)
                })
            }
        }
        return (sections(identities.old), sections(identities.new))
    }

    /// The items in section order; the sections are freed before anything is measured.
    private static func flattened<Item>(_ snapshots: (old: [ListSection<Int, Item>], new: [ListSection<Int, Item>]))
        -> (old: [Item], new: [Item]) {
        (snapshots.old.flatMap(\.items), snapshots.new.flatMap(\.items))
    }

    private static func measureSectioned<ID: BenchElement>(
        _ job: Job, old: [ListSection<Int, SectionItem<ID>>], new: [ListSection<Int, SectionItem<ID>>]
    ) throws -> ChildReport {
        var report = ChildReport(status: .ok, oldCount: old.reduce(0) { $0 + $1.items.count },
                                 newCount: new.reduce(0) { $0 + $1.items.count })
        let (smallOld, smallNew) = (Array(old.prefix(1)), Array(new.prefix(1)))
        func diff(_ old: [ListSection<Int, SectionItem<ID>>], _ new: [ListSection<Int, SectionItem<ID>>]) throws -> Any {
            let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
            return (diff, diff.batchUpdates)
        }
        try ChildMeasurement.timeRuns(job, report: &report, warmUp: { try diff(smallOld, smallNew) },
                                      run: { try diff(old, new) }, check: { result in
            let (diff, _) = result as! (SectionedDiff, SectionedDiff.BatchUpdates)
            try verifySectioned(diff, old: old, new: new, identifiedBy: \.id)
            return (diff.itemDeletions.count + diff.sectionDeletions.count,
                    diff.itemInsertions.count + diff.sectionInsertions.count,
                    diff.itemMoves.count + diff.sectionMoves.count)
        })
        return report
    }

    private static func measureFlat<ID: BenchElement>(_ job: Job, old: [SectionItem<ID>], new: [SectionItem<ID>]) throws -> ChildReport {
        var report = ChildReport(status: .ok, oldCount: old.count, newCount: new.count)
        let warmUpCount = ChildMeasurement.warmUpCount
        let (smallOld, smallNew) = (Array(old.prefix(warmUpCount)), Array(new.prefix(warmUpCount)))
        try ChildMeasurement.timeRuns(job, report: &report,
                                      warmUp: { ListDiff(from: smallOld, to: smallNew, identifiedBy: \.id) },
                                      run: { ListDiff(from: old, to: new, identifiedBy: \.id) }, check: { result in
            let diff = result as! ListDiff
            // Matched by id: the script must turn the old ids into the new ones, and the updates
            // must be exactly the matched pairs whose content differs.
            let (oldIDs, newIDs) = (old.map(\.id), new.map(\.id))
            let outcome = Engine.listdiff.outcome(of: diff, old: oldIDs, new: newIDs)
            try verify(outcome, old: oldIDs, new: newIDs)
            let updated = outcome.oldToNew.indices.filter { outcome.oldToNew[$0] >= 0 && old[$0] != new[outcome.oldToNew[$0]] }
            guard diff.updates.map(\.old).sorted() == updated,
                  diff.updates.allSatisfy({ outcome.oldToNew[$0.old] == $0.new }) else {
                throw WrongDiff(description: "flat: updates are not exactly the matched pairs whose content differs")
            }
            return (outcome.deletions.count, outcome.insertions.count, outcome.moves.count)
        })
        return report
    }
}
