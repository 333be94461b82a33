import Heckel

/// An item of the sectioned scenario: an id of the `--element` type, and a content that changes
/// when the item is updated. Diffed by `\.id`.
struct SectionItem<ID: BenchElement>: Hashable {
    var id: ID
    var content: Int
}

typealias ItemSection<ID: BenchElement> = ListSection<Int, SectionItem<ID>>

/// Engine `listdiff` of the sectioned scenario: `SectionedDiff` with its `batchUpdates`.
struct SectionedDiffEngine<ID: BenchElement>: DiffEngine {
    func diff(old: [ItemSection<ID>], new: [ItemSection<ID>]) throws -> (SectionedDiff, SectionedDiff.BatchUpdates) {
        let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
        return (diff, diff.batchUpdates)
    }

    /// Edits count items and sections (items that go or come with their section are not listed).
    func check(_ output: (SectionedDiff, SectionedDiff.BatchUpdates), old: [ItemSection<ID>],
               new: [ItemSection<ID>]) throws -> EditCounts {
        let diff = output.0
        try verifySectioned(diff, old: old, new: new, identifiedBy: \.id)
        return EditCounts(deletions: diff.itemDeletions.count + diff.sectionDeletions.count,
                          insertions: diff.itemInsertions.count + diff.sectionInsertions.count,
                          moves: diff.itemMoves.count + diff.sectionMoves.count)
    }
}

/// Engine `flat` of the sectioned scenario: `ListDiff(from:to:identifiedBy: \.id)` over the same
/// items flattened, the time `SectionedDiff` is compared with; and engine `listdiff` of the
/// identified element kinds.
struct IdentifiedListDiffEngine<ID: BenchElement>: DiffEngine {
    /// 0 (the default, as `SectionedDiff` runs): the library's own thread choice.
    var threads = 0

    func diff(old: [SectionItem<ID>], new: [SectionItem<ID>]) -> ListDiff {
        ListDiff(from: old, to: new, identifiedBy: \.id, options: .init(threads: threads == 0 ? nil : threads))
    }

    /// Matched by id: the script must turn the old ids into the new ones, and the updates must be
    /// exactly the matched pairs whose content differs.
    func check(_ diff: ListDiff, old: [SectionItem<ID>], new: [SectionItem<ID>]) throws -> EditCounts {
        let (oldIDs, newIDs) = (old.map(\.id), new.map(\.id))
        let counts = try ListDiffEngine<ID>(threads: 1).check(diff, old: oldIDs, new: newIDs)
        let updated = old.indices.filter { offset in
            diff.newOffset(forOld: offset).map { old[offset] != new[$0] } ?? false
        }
        guard diff.updates.map(\.old).sorted() == updated,
              diff.updates.allSatisfy({ diff.newOffset(forOld: $0.old) == $0.new }) else {
            throw WrongDiff(description: "flat: updates are not exactly the matched pairs whose content differs")
        }
        return counts
    }
}

/// Engine `ccore` of the identified element kinds: the ids taken out of the records, then the C
/// core on them as `CoreEngine` runs it; both steps timed.
struct IdentifiedCoreEngine<ID: BenchElement>: DiffEngine {
    var threads: Int

    func diff(old: [SectionItem<ID>], new: [SectionItem<ID>]) throws -> CoreMatch {
        try ID.coreMatch(old: old.map(\.id), new: new.map(\.id), threads: threads)
    }

    func check(_ match: CoreMatch, old: [SectionItem<ID>], new: [SectionItem<ID>]) throws -> EditCounts {
        try CoreEngine<ID>(threads: threads).check(match, old: old.map(\.id), new: new.map(\.id))
    }
}

extension SectionedScenario {
    /// The child's side: builds the snapshots with ids of type `ID` and serves the job's engine.
    static func serve<ID: BenchElement>(_ job: Job, as _: ID.Type) throws {
        let (old, new) = snapshots(job, as: ID.self)
        switch job.engine {
        case .listdiff:
            try ChildMeasurement.serve(SectionedDiffEngine<ID>(), job: job, old: old, new: new,
                                       oldCount: old.reduce(0) { $0 + $1.items.count },
                                       newCount: new.reduce(0) { $0 + $1.items.count })
        case .flat:
            let (oldItems, newItems) = (old.flatMap(\.items), new.flatMap(\.items))
            try ChildMeasurement.serve(IdentifiedListDiffEngine<ID>(), job: job, old: oldItems, new: newItems,
                                       oldCount: oldItems.count, newCount: newItems.count)
        case .ccore, .stdlib, .reference:
            preconditionFailure("\(job.engine.rawValue) has no sectioned form")
        }
    }

    private static func snapshots<ID: BenchElement>(_ job: Job, as _: ID.Type)
        -> (old: [ItemSection<ID>], new: [ItemSection<ID>]) {
        let identities = snapshots(size: job.size ?? 0, seed: job.seed)
        let idSalt = job.elementSalt
        func sections(_ list: [IdentitySection]) -> [ItemSection<ID>] {
            list.map { section in
                ListSection(id: section.id, items: section.items.map {
                    SectionItem(id: ID.make(identity: $0.id, salt: idSalt, kind: job.element), content: $0.content)
                })
            }
        }
        return (sections(identities.old), sections(identities.new))
    }
}
