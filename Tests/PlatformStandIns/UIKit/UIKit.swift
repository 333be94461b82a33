// A test-only stand-in for UIKit, for Linux: exactly the declarations that
// Sources/HeckelListUI/Platforms/UI*.swift call, with the Swift signatures
// and availability of Apple's documentation (each cites its page), so those
// files type-check here (target ListUIGlueCheck). Each method records its
// call, so the forwarding can be tested too. The package's platforms (iOS and
// tvOS 13) cover every call but reconfigureItems/reconfigureRows (iOS and
// tvOS 15), which the adapters call under #available and replace with
// reloadItems/reloadRows before.
@_exported import Foundation // as UIKit and AppKit re-export it

@MainActor open class UIView {
    public init() {}
    // https://developer.apple.com/documentation/uikit/uiview/window
    open var window: UIWindow?
    /// The calls made on this view, in order, for tests.
    public var calls: [String] = []
    // https://developer.apple.com/documentation/uikit/uiview/performwithoutanimation(_:)
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) { actionsWithoutAnimation() }
}

@MainActor open class UIWindow: UIView {}

@MainActor open class UICollectionView: UIView {
    // https://developer.apple.com/documentation/uikit/uicollectionview/reloaddata()
    open func reloadData() { calls.append("reloadData") }
    // https://developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        calls.append("performBatchUpdates")
        updates?()
        completion?(true)
    }
    // https://developer.apple.com/documentation/uikit/uicollectionview/deletesections(_:)
    open func deleteSections(_ sections: IndexSet) { calls.append("deleteSections \(Array(sections))") }
    // https://developer.apple.com/documentation/uikit/uicollectionview/insertsections(_:)
    open func insertSections(_ sections: IndexSet) { calls.append("insertSections \(Array(sections))") }
    // https://developer.apple.com/documentation/uikit/uicollectionview/movesection(_:tosection:)
    open func moveSection(_ section: Int, toSection newSection: Int) { calls.append("moveSection \(section) \(newSection)") }
    // https://developer.apple.com/documentation/uikit/uicollectionview/reloadsections(_:)
    open func reloadSections(_ sections: IndexSet) { calls.append("reloadSections \(Array(sections))") }
    // https://developer.apple.com/documentation/uikit/uicollectionview/deleteitems(at:)
    open func deleteItems(at indexPaths: [IndexPath]) { calls.append("deleteItems \(indexPaths.map(Array.init))") }
    // https://developer.apple.com/documentation/uikit/uicollectionview/insertitems(at:)
    open func insertItems(at indexPaths: [IndexPath]) { calls.append("insertItems \(indexPaths.map(Array.init))") }
    // https://developer.apple.com/documentation/uikit/uicollectionview/moveitem(at:to:)
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { calls.append("moveItem \(Array(indexPath)) \(Array(newIndexPath))") }
    // https://developer.apple.com/documentation/uikit/uicollectionview/reloaditems(at:)
    open func reloadItems(at indexPaths: [IndexPath]) { calls.append("reloadItems \(indexPaths.map(Array.init))") }
    @available(iOS 15.0, tvOS 15.0, *)
    // https://developer.apple.com/documentation/uikit/uicollectionview/reconfigureitems(at:)
    open func reconfigureItems(at indexPaths: [IndexPath]) { calls.append("reconfigureItems \(indexPaths.map(Array.init))") }
}

@MainActor open class UITableView: UIView {
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }
    // https://developer.apple.com/documentation/uikit/uitableview/reloaddata()
    open func reloadData() { calls.append("reloadData") }
    // https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
    @available(iOS 11.0, tvOS 11.0, *)
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        calls.append("performBatchUpdates")
        updates?()
        completion?(true)
    }
    // https://developer.apple.com/documentation/uikit/uitableview/deletesections(_:with:)
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { calls.append("deleteSections \(Array(sections))") }
    // https://developer.apple.com/documentation/uikit/uitableview/insertsections(_:with:)
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { calls.append("insertSections \(Array(sections))") }
    // https://developer.apple.com/documentation/uikit/uitableview/movesection(_:tosection:)
    open func moveSection(_ section: Int, toSection newSection: Int) { calls.append("moveSection \(section) \(newSection)") }
    // https://developer.apple.com/documentation/uikit/uitableview/reloadsections(_:with:)
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { calls.append("reloadSections \(Array(sections))") }
    // https://developer.apple.com/documentation/uikit/uitableview/deleterows(at:with:)
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { calls.append("deleteRows \(indexPaths.map(Array.init))") }
    // https://developer.apple.com/documentation/uikit/uitableview/insertrows(at:with:)
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { calls.append("insertRows \(indexPaths.map(Array.init))") }
    // https://developer.apple.com/documentation/uikit/uitableview/moverow(at:to:)
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { calls.append("moveRow \(Array(indexPath)) \(Array(newIndexPath))") }
    // https://developer.apple.com/documentation/uikit/uitableview/reloadrows(at:with:)
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { calls.append("reloadRows \(indexPaths.map(Array.init))") }
    @available(iOS 15.0, tvOS 15.0, *)
    // https://developer.apple.com/documentation/uikit/uitableview/reconfigurerows(at:)
    open func reconfigureRows(at indexPaths: [IndexPath]) { calls.append("reconfigureRows \(indexPaths.map(Array.init))") }
}
