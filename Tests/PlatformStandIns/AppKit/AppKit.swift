// A test-only stand-in for AppKit, for Linux: exactly the declarations that
// Sources/HeckelListUI/Platforms/NS*.swift call, with AppKit's Swift
// signatures, so those files type-check here (target ListUIGlueCheck). Each
// method records its call, so the forwarding can be tested too.
@_exported import Foundation // as UIKit and AppKit re-export it

@MainActor open class NSView {
    public init() {}
    // https://developer.apple.com/documentation/appkit/nsview/window
    open var window: NSWindow?
    /// The calls made on this view, in order, for tests.
    public var calls: [String] = []
    /// AppKit's `NSAnimatablePropertyContainer.animator()`.
    // https://developer.apple.com/documentation/appkit/nsanimatablepropertycontainer/animator()
    public func animator() -> Self {
        calls.append("animator")
        return self
    }
}

@MainActor open class NSWindow {
    public init() {}
}

@MainActor open class NSCollectionView: NSView {
    // https://developer.apple.com/documentation/appkit/nscollectionview/reloaddata()
    open func reloadData() { calls.append("reloadData") }
    // https://developer.apple.com/documentation/appkit/nscollectionview/performbatchupdates(_:completionhandler:)
    open func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil) {
        calls.append("performBatchUpdates")
        updates?()
        completionHandler?(true)
    }
    // https://developer.apple.com/documentation/appkit/nscollectionview/deletesections(_:)
    open func deleteSections(_ sections: IndexSet) { calls.append("deleteSections \(Array(sections))") }
    // https://developer.apple.com/documentation/appkit/nscollectionview/insertsections(_:)
    open func insertSections(_ sections: IndexSet) { calls.append("insertSections \(Array(sections))") }
    // https://developer.apple.com/documentation/appkit/nscollectionview/movesection(_:tosection:)
    open func moveSection(_ section: Int, toSection newSection: Int) { calls.append("moveSection \(section) \(newSection)") }
    // https://developer.apple.com/documentation/appkit/nscollectionview/reloadsections(_:)
    open func reloadSections(_ sections: IndexSet) { calls.append("reloadSections \(Array(sections))") }
    // https://developer.apple.com/documentation/appkit/nscollectionview/deleteitems(at:)
    open func deleteItems(at indexPaths: Set<IndexPath>) { calls.append("deleteItems \(indexPaths.sorted().map(Array.init))") }
    // https://developer.apple.com/documentation/appkit/nscollectionview/insertitems(at:)
    open func insertItems(at indexPaths: Set<IndexPath>) { calls.append("insertItems \(indexPaths.sorted().map(Array.init))") }
    // https://developer.apple.com/documentation/appkit/nscollectionview/moveitem(at:to:)
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { calls.append("moveItem \(Array(indexPath)) \(Array(newIndexPath))") }
    // https://developer.apple.com/documentation/appkit/nscollectionview/reloaditems(at:)
    open func reloadItems(at indexPaths: Set<IndexPath>) { calls.append("reloadItems \(indexPaths.sorted().map(Array.init))") }
}

@MainActor open class NSTableView: NSView {
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let effectFade = AnimationOptions(rawValue: 0x1)
    }
    // https://developer.apple.com/documentation/appkit/nstableview/numberofcolumns
    open var numberOfColumns: Int { 1 }
    // https://developer.apple.com/documentation/appkit/nstableview/reloaddata()
    open func reloadData() { calls.append("reloadData") }
    // https://developer.apple.com/documentation/appkit/nstableview/beginupdates()
    open func beginUpdates() { calls.append("beginUpdates") }
    // https://developer.apple.com/documentation/appkit/nstableview/endupdates()
    open func endUpdates() { calls.append("endUpdates") }
    // https://developer.apple.com/documentation/appkit/nstableview/removerows(at:withanimation:)
    open func removeRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions) { calls.append("removeRows \(Array(indexes))") }
    // https://developer.apple.com/documentation/appkit/nstableview/insertrows(at:withanimation:)
    open func insertRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions) { calls.append("insertRows \(Array(indexes))") }
    // https://developer.apple.com/documentation/appkit/nstableview/moverow(at:to:)
    open func moveRow(at oldIndex: Int, to newIndex: Int) { calls.append("moveRow \(oldIndex) \(newIndex)") }
    // https://developer.apple.com/documentation/appkit/nstableview/reloaddata(forrowindexes:columnindexes:)
    open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) { calls.append("reloadData rows \(Array(rowIndexes))") }
}

@MainActor open class NSOutlineView: NSTableView {
    /// How an item is named in the recorded calls: the item itself, "nil"
    /// for the top level.
    private func name(_ item: Any?) -> String { item.map { "\($0)" } ?? "nil" }
    // https://developer.apple.com/documentation/appkit/nsoutlineview/insertitems(at:inparent:withanimation:) (macOS 10.7+)
    open func insertItems(at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: NSTableView.AnimationOptions) {
        calls.append("insertItems \(Array(indexes)) in \(name(parent))")
    }
    // https://developer.apple.com/documentation/appkit/nsoutlineview/removeitems(at:inparent:withanimation:) (macOS 10.7+)
    open func removeItems(at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: NSTableView.AnimationOptions) {
        calls.append("removeItems \(Array(indexes)) in \(name(parent))")
    }
    // https://developer.apple.com/documentation/appkit/nsoutlineview/moveitem(at:inparent:to:inparent:) (macOS 10.7+)
    open func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?) {
        calls.append("moveItem \(fromIndex) in \(name(oldParent)) to \(toIndex) in \(name(newParent))")
    }
    // https://developer.apple.com/documentation/appkit/nsoutlineview/reloaditem(_:reloadchildren:) (macOS 10.0+)
    open func reloadItem(_ item: Any?, reloadChildren: Bool) { calls.append("reloadItem \(name(item))") }
}
