#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `IndexPath(item:section:)`, `.section` and `.item` exist only with UIKit or
// AppKit; these internal helpers build and read two-index paths everywhere.
extension IndexPath {
    /// A path of two indexes: a section, then an item in it.
    @usableFromInline
    static func sectioned(_ section: Int, _ item: Int) -> IndexPath {
        IndexPath(indexes: [section, item])
    }

    /// Whether the path has exactly two indexes (a section and an item).
    var isSectioned: Bool { count == 2 }

    /// The first index: the section.
    var sectionIndex: Int { self[0] }

    /// The second index: the item within the section.
    var itemIndex: Int { self[1] }
}
