#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where each section's items lie in a snapshot flattened into one list.
///
/// Invariants: `starts.count == sectionCount + 1`, `starts[0] == 0`, the
/// entries never decrease, and `starts[sectionCount]` is the item count.
/// Section `s` holds the flat offsets `starts[s] ..< starts[s + 1]`.
@usableFromInline
struct SectionLayout: Hashable, Sendable {
    @usableFromInline var starts: [Int]

    /// A layout of sections with the given item counts.
    @inlinable
    init<Counts: Sequence>(counts: Counts) where Counts.Element == Int {
        var starts = [0]
        starts.reserveCapacity(counts.underestimatedCount + 1)
        var total = 0
        for count in counts {
            total += count
            starts.append(total)
        }
        self.starts = starts
    }

    @usableFromInline var sectionCount: Int { starts.count - 1 }

    @usableFromInline var itemCount: Int { starts[starts.count - 1] }

    @usableFromInline func items(inSection section: Int) -> Range<Int> { starts[section] ..< starts[section + 1] }

    /// The item count of the largest section (0 with no sections).
    ///
    /// - Complexity: O(s), s = section count.
    var largestSectionCount: Int {
        var largest = 0
        for section in 0..<sectionCount { largest = max(largest, starts[section + 1] - starts[section]) }
        return largest
    }

    /// The section holding flat offset `offset` (a binary search, skipping
    /// empty sections). - Precondition: `0 <= offset < itemCount`.
    @usableFromInline
    func section(containing offset: Int) -> Int {
        // The last section whose start is <= offset.
        var low = 0, high = sectionCount
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// As `section(containing:)`, trying `hint` and the few sections after
    /// it first: cheap when successive lookups walk forward through the
    /// sections.
    @usableFromInline
    func section(containing offset: Int, hint: Int) -> Int {
        if hint >= 0, hint < sectionCount, starts[hint] <= offset {
            var section = hint
            let limit = min(hint + 4, sectionCount)
            while section < limit {
                if offset < starts[section + 1] { return section }
                section += 1
            }
        }
        return section(containing: offset)
    }

    /// The section holding `offset`, walking forward from `section` (which
    /// it advances): for offsets visited in ascending order, O(1) amortized.
    /// - Precondition: `offset < itemCount`, and `section` holds no offset
    ///   after it.
    @inlinable
    func advance(_ section: inout Int, to offset: Int) -> Int {
        while starts[section + 1] <= offset { section += 1 }
        return section
    }

    func indexPath(forFlat offset: Int) -> IndexPath {
        let section = section(containing: offset)
        return .sectioned(section, offset - starts[section])
    }

    /// The flat offset of `path`, or `nil` when it names no item.
    func flatOffset(of path: IndexPath) -> Int? {
        guard path.isSectioned else { return nil }
        let section = path.sectionIndex, item = path.itemIndex
        guard section >= 0, section < sectionCount, item >= 0, item < starts[section + 1] - starts[section] else {
            return nil
        }
        return starts[section] + item
    }
}
