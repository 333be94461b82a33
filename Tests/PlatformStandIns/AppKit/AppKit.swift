// A test-only stand-in for AppKit, for Linux: exactly the declarations that
// Sources/HeckelListUI/Platforms/NS*.swift call, with AppKit's Swift
// signatures, so those files type-check here (target ListUIGlueCheck). Each
// method records its call, so the forwarding can be tested too.
@_exported import Foundation // as UIKit and AppKit re-export it

@MainActor open class NSView {
    public init() {}
    open var window: NSWindow?
    /// The calls made on this view, in order, for tests.
    public var calls: [String] = []
    /// AppKit's `NSAnimatablePropertyContainer.animator()`.
    public func animator() -> Self {
        calls.append("animator")
        return self
    }
}

@MainActor open class NSWindow {
    public init() {}
}

@MainActor open class NSCollectionView: NSView {
    open func reloadData() { calls.append("reloadData") }
    open func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil) {
        calls.append("performBatchUpdates")
        updates?()
        completionHandler?(true)
    }
    open func deleteSections(_ sections: IndexSet) { calls.append("deleteSections \(Array(sections))") }
    open func insertSections(_ sections: IndexSet) { calls.append("insertSections \(Array(sections))") }
    open func moveSection(_ section: Int, toSection newSection: Int) { calls.append("moveSection \(section) \(newSection)") }
    open func reloadSections(_ sections: IndexSet) { calls.append("reloadSections \(Array(sections))") }
    open func deleteItems(at indexPaths: Set<IndexPath>) { calls.append("deleteItems \(indexPaths.sorted().map(Array.init))") }
    open func insertItems(at indexPaths: Set<IndexPath>) { calls.append("insertItems \(indexPaths.sorted().map(Array.init))") }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { calls.append("moveItem \(Array(indexPath)) \(Array(newIndexPath))") }
    open func reloadItems(at indexPaths: Set<IndexPath>) { calls.append("reloadItems \(indexPaths.sorted().map(Array.init))") }
}

@MainActor open class NSTableView: NSView {
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let effectFade = AnimationOptions(rawValue: 0x1)
    }
    open var numberOfColumns: Int { 1 }
    open func reloadData() { calls.append("reloadData") }
    open func beginUpdates() { calls.append("beginUpdates") }
    open func endUpdates() { calls.append("endUpdates") }
    open func removeRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions) { calls.append("removeRows \(Array(indexes))") }
    open func insertRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions) { calls.append("insertRows \(Array(indexes))") }
    open func moveRow(at oldIndex: Int, to newIndex: Int) { calls.append("moveRow \(oldIndex) \(newIndex)") }
    open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) { calls.append("reloadData rows \(Array(rowIndexes))") }
}
