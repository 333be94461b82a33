// The outline driver's doc example that calls AppKit (OutlineDriver.swift)
// and README.md's sidebar (UIKit), verbatim, compiled against the
// stand-ins; ListUIGlueTests runs them and checks what they did, and
// `DocExamplesInSyncTests` (HeckelTests) fails when a doc example is not
// found here.
import AppKit
import Heckel
import HeckelListUI
import UIKit

// README.md's sidebar.
struct SidebarItem: DiffableTreeNode, ContentEquatable, Sendable {
    var id: String
    var title: String
    var children: [SidebarItem] = []
    func isContentEqual(to other: SidebarItem) -> Bool { title == other.title }
}

@MainActor
final class Sidebar {
    let driver: OutlineDriver<SidebarItem, String>
    private var items: [SidebarItem]
    private var expanded: Set<String> = []

    init(collectionView: UICollectionView, items: [SidebarItem]) {
        self.items = items
        driver = OutlineDriver(rowsIn: .collectionView(collectionView), roots: items)
        // The data source reads driver.rows[indexPath.item]: the nodes below expanded ones.
    }

    /// New data: rows added, renamed, or moved under another parent (with their visible children).
    func show(_ newItems: [SidebarItem]) {
        items = newItems
        driver.apply(items, expanded: expanded)
    }

    /// A disclosure tapped: the node's visible subtree is inserted or deleted.
    func toggle(_ id: String) {
        if expanded.remove(id) == nil { expanded.insert(id) }
        driver.apply(items, expanded: expanded)
    }
}

@MainActor
public enum OutlineExamples {
    struct Folder: DiffableTreeNode, ContentEquatable, Sendable {
        var id: String
        var title: String
        var children: [Folder] = []
        func isContentEqual(to other: Folder) -> Bool { title == other.title }
    }

    /// "docs" moves from under "home" to the top level; "home" is renamed.
    static let folders = [Folder(id: "home", title: "Home", children: [Folder(id: "docs", title: "Docs")]),
                          Folder(id: "trash", title: "Trash")]
    static let newFolders = [Folder(id: "docs", title: "Docs"), Folder(id: "home", title: "Home!"),
                             Folder(id: "trash", title: "Trash")]

    /// `OutlineDriver` (OutlineDriver.swift): the outline's calls, what the
    /// completion printed, and whether the driver ended on the new roots.
    public static func outlineDriver() async -> (calls: [String], printed: [String], switched: Bool) {
        var lines: [String] = []
        func print(_ item: Any) { lines.append("\(item)") }
        let outlineView = NSOutlineView()
        outlineView.window = NSWindow()
        let items: [String: NSString] = ["home": "home item", "docs": "docs item", "trash": "trash item"]
        // items: the objects the outline's data source returns, by identity
        let driver = OutlineDriver(view: .outlineView(outlineView, item: { items[$0]! }), roots: folders)
        driver.apply(newFolders) { outcome in print(outcome) }
        await driver.settled()
        return (outlineView.calls, lines, driver.roots.map(\.id) == newFolders.map(\.id))
    }

    /// README.md's sidebar: the collection view's calls and the rows shown
    /// after each change (new data, then a disclosure tapped twice).
    public static func sidebar() async -> (calls: [String], rows: [[String]]) {
        let collectionView = UICollectionView()
        collectionView.window = UIWindow()
        let library = SidebarItem(id: "library", title: "Library",
                                  children: [SidebarItem(id: "books", title: "Books"), SidebarItem(id: "music", title: "Music")])
        let sidebar = Sidebar(collectionView: collectionView, items: [library, SidebarItem(id: "inbox", title: "Inbox")])
        var rows: [[String]] = []
        sidebar.toggle("library")
        await sidebar.driver.settled()
        rows.append(sidebar.driver.rows.map(\.id))
        // "music" moves to the top level; "inbox" is renamed.
        var moved = library
        moved.children.removeLast()
        sidebar.show([moved, SidebarItem(id: "inbox", title: "Inbox (3)"), SidebarItem(id: "music", title: "Music")])
        await sidebar.driver.settled()
        rows.append(sidebar.driver.rows.map(\.id))
        sidebar.toggle("library")
        await sidebar.driver.settled()
        rows.append(sidebar.driver.rows.map(\.id))
        return (collectionView.calls, rows)
    }
}
