import Heckel

/// An item of the test snapshots: an identity, and content that may change.
struct SectionedRow: Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var content: Int
    var description: String { "\(id)\(content == 0 ? "" : "'\(content)")" }
}

/// A section of the test snapshots with a header of its own, so section
/// updates can be exercised.
struct SectionedGroup: DiffableSection, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var header: Int
    var items: [SectionedRow]

    func isContentEqual(to other: SectionedGroup) -> Bool { header == other.header }

    var description: String { "#\(id)\(header == 0 ? "" : "h\(header)")\(items)" }
}

extension Array where Element == SectionedGroup {
    /// The same snapshot as ready-made `Section`s (headers dropped).
    var plainSections: [ListSection<Int, SectionedRow>] { map { ListSection(id: $0.id, items: $0.items) } }

    /// The same snapshot with every header zeroed, for diffs made from
    /// `plainSections`.
    var withoutHeaders: [SectionedGroup] { map { SectionedGroup(id: $0.id, header: 0, items: $0.items) } }
}
