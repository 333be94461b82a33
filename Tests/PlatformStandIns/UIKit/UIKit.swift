// A test-only stand-in for UIKit, for Linux: exactly the declarations that
// Sources/HeckelListUI/Platforms/UI*.swift call, with UIKit's Swift
// signatures, so those files type-check here (target ListUIGlueCheck). Each
// method records its call, so the forwarding can be tested too.
@_exported import Foundation // as UIKit and AppKit re-export it

@MainActor open class UIView {
    public init() {}
    open var window: UIWindow?
    /// The calls made on this view, in order, for tests.
    public var calls: [String] = []
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) { actionsWithoutAnimation() }
}

@MainActor open class UIWindow: UIView {}

@MainActor open class UICollectionView: UIView {
    open func reloadData() { calls.append("reloadData") }
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        calls.append("performBatchUpdates")
        updates?()
        completion?(true)
    }
    open func deleteSections(_ sections: IndexSet) { calls.append("deleteSections \(Array(sections))") }
    open func insertSections(_ sections: IndexSet) { calls.append("insertSections \(Array(sections))") }
    open func moveSection(_ section: Int, toSection newSection: Int) { calls.append("moveSection \(section) \(newSection)") }
    open func reloadSections(_ sections: IndexSet) { calls.append("reloadSections \(Array(sections))") }
    open func deleteItems(at indexPaths: [IndexPath]) { calls.append("deleteItems \(indexPaths.map(Array.init))") }
    open func insertItems(at indexPaths: [IndexPath]) { calls.append("insertItems \(indexPaths.map(Array.init))") }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { calls.append("moveItem \(Array(indexPath)) \(Array(newIndexPath))") }
    open func reloadItems(at indexPaths: [IndexPath]) { calls.append("reloadItems \(indexPaths.map(Array.init))") }
    @available(iOS 15.0, tvOS 15.0, *)
    open func reconfigureItems(at indexPaths: [IndexPath]) { calls.append("reconfigureItems \(indexPaths.map(Array.init))") }
}

@MainActor open class UITableView: UIView {
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }
    open func reloadData() { calls.append("reloadData") }
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        calls.append("performBatchUpdates")
        updates?()
        completion?(true)
    }
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { calls.append("deleteSections \(Array(sections))") }
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { calls.append("insertSections \(Array(sections))") }
    open func moveSection(_ section: Int, toSection newSection: Int) { calls.append("moveSection \(section) \(newSection)") }
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { calls.append("reloadSections \(Array(sections))") }
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { calls.append("deleteRows \(indexPaths.map(Array.init))") }
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { calls.append("insertRows \(indexPaths.map(Array.init))") }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { calls.append("moveRow \(Array(indexPath)) \(Array(newIndexPath))") }
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { calls.append("reloadRows \(indexPaths.map(Array.init))") }
    @available(iOS 15.0, tvOS 15.0, *)
    open func reconfigureRows(at indexPaths: [IndexPath]) { calls.append("reconfigureRows \(indexPaths.map(Array.init))") }
}
