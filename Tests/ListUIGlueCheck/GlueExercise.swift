// Drives the stand-in views through their ListDriverView adapters (the
// same source files as the library's, compiled here against the stand-ins)
// and returns the platform calls each made, for ListUIGlueTests.
import AppKit
import Heckel
import HeckelListUI
import UIKit

@MainActor
public enum GlueExercise {
    /// old [A: 1 2, B: 3] -> new [B: 3 4, A: 2 1'], items 1 and 2 identified by their first letter.
    static let old = [ListSection(id: "A", items: ["1", "2"]), ListSection(id: "B", items: ["3"])]
    static let new = [ListSection(id: "B", items: ["3", "4"]), ListSection(id: "A", items: ["2", "1'"])]

    static func driven<View: ListDriverView>(_ view: View, old: [ListSection<String, String>], new: [ListSection<String, String>],
                       animated: Bool) async -> [String] {
        let driver = ListDriver(view: view, snapshot: old, identifiedBy: { String($0.prefix(1)) })
        driver.apply(new, animated: animated)
        await driver.settled()
        return driver.snapshot == new ? [] : ["snapshot not switched"]
    }

    /// The calls of each stand-in, keyed by view kind.
    public static func run() async -> [String: [String]] {
        var calls: [String: [String]] = [:]
        let collection = UICollectionView(), table = UITableView()
        collection.window = UIWindow()
        table.window = UIWindow()
        calls["UICollectionView"] = await driven(.collectionView(collection), old: old, new: new, animated: true) + collection.calls
        calls["UITableView"] = await driven(.tableView(table), old: old, new: new, animated: false) + table.calls
        let nsCollection = NSCollectionView(), nsTable = NSTableView()
        nsCollection.window = NSWindow()
        nsTable.window = NSWindow()
        calls["NSCollectionView"] = await driven(.collectionView(nsCollection), old: old, new: new, animated: true) + nsCollection.calls
        let flatOld = [ListSection(id: "rows", items: ["1", "2", "3"])]
        let flatNew = [ListSection(id: "rows", items: ["3", "1", "2'", "4"])]
        calls["NSTableView"] = await driven(.tableView(nsTable), old: flatOld, new: flatNew, animated: true) + nsTable.calls
        let offscreen = UICollectionView()
        calls["offscreen"] = await driven(.collectionView(offscreen), old: old, new: new, animated: true) + offscreen.calls
        return calls
    }
}
