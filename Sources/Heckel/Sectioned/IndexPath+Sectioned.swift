#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Internal spellings used by the sectioned code on every platform.
extension IndexPath {
    /// A path of two indexes: a section, then an item in it.
    @usableFromInline
    static func sectioned(_ section: Int, _ item: Int) -> IndexPath {
        // One index, then the other appended: held as a pair, with no array
        // built on the way (`IndexPath(indexes: [section, item])` builds one).
        var path = IndexPath(index: section)
        path.append(item)
        return path
    }

    /// Whether the path has exactly two indexes (a section and an item).
    var isSectioned: Bool { count == 2 }

    /// The first index: the section.
    var sectionIndex: Int { self[0] }

    /// The second index: the item within the section.
    var itemIndex: Int { self[1] }
}

#if !canImport(Darwin)
// On Apple platforms UIKit and AppKit add `IndexPath(item:section:)`, `.item`
// and `.section`; Foundation elsewhere (Linux, Windows, Android) has neither, so results read
// `path[0]`, `path[1]` there. These give code on those platforms the same
// spelling as on Apple's (DifferenceKit's `ElementPath` idea, on the type
// the results already use).
extension IndexPath {
    /// A path to item `item` of section `section`.
    ///
    /// - Complexity: O(1).
    public init(item: Int, section: Int) {
        self = .sectioned(section, item)
    }

    /// The section of a two-index path.
    ///
    /// - Precondition: the path has two indexes.
    /// - Complexity: O(1).
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item of a two-index path.
    ///
    /// - Precondition: the path has two indexes.
    /// - Complexity: O(1).
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif
