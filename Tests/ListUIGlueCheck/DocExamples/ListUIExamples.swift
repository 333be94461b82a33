// The doc examples that call UIKit (SectionedDiff+BatchUpdates.swift,
// ListDriver.swift, HeckelListUI.docc), verbatim, compiled against the UIKit
// stand-in; ListUIGlueTests runs them and checks what they did, and
// `DocExamplesInSyncTests` (HeckelTests) fails when an example there is not
// found here. (Here, not in the test target: a file importing both Testing
// and a module named UIKit asks for Testing's UIKit overlay.)
import Heckel
import HeckelListUI
import UIKit

@MainActor
public enum ListUIExamples {
    struct Message: Equatable, Sendable {
        var id: Int
        var text: String
    }

    final class DataSource {
        var snapshot: [ListSection<String, Message>] = []
    }

    /// Stands in for `print`, so the examples' output can be checked.
    final class Printed {
        var lines: [String] = []
    }

    static let sections = [ListSection(id: "A", items: [Message(id: 1, text: "a"), Message(id: 2, text: "b")]),
                           ListSection(id: "B", items: [Message(id: 3, text: "c")])]
    static let newSections = [ListSection(id: "B", items: [Message(id: 3, text: "c"), Message(id: 4, text: "d")]),
                              ListSection(id: "A", items: [Message(id: 2, text: "b"), Message(id: 1, text: "A")])]

    /// `SectionedDiff.BatchUpdates` (SectionedDiff+BatchUpdates.swift): the
    /// view's calls, and whether the data source was switched.
    public static func batchUpdates() throws -> (calls: [String], switched: Bool) {
        let new = newSections
        let diff = try SectionedDiff(from: sections, to: new, identifiedBy: \.id)
        let collectionView = UICollectionView(), dataSource = DataSource()
        let u = diff.batchUpdates
        collectionView.performBatchUpdates {
            dataSource.snapshot = new                      // switched inside the batch
            collectionView.deleteSections(IndexSet(u.sectionDeletions))
            collectionView.insertSections(IndexSet(u.sectionInsertions))
            for m in u.sectionMoves { collectionView.moveSection(m.old, toSection: m.new) }
            collectionView.deleteItems(at: u.itemDeletions)
            collectionView.insertItems(at: u.itemInsertions)
            for m in u.itemMoves { collectionView.moveItem(at: m.old, to: m.new) }
        }
        collectionView.reconfigureItems(at: u.itemReconfigurations) // new paths, after the batch
        return (collectionView.calls, dataSource.snapshot == new)
    }

    /// `ListDriver` (ListDriver.swift) and the HeckelListUI overview: what
    /// the completion printed, and whether each driver ended on the new
    /// snapshot.
    public static func listDriver() async -> (printed: [String], switched: [Bool]) {
        let printed = Printed()
        func print(_ item: Any) { printed.lines.append("\(item)") }
        let collectionView = UICollectionView()
        collectionView.window = UIWindow()
        var switched: [Bool] = []
        do {
            let driver = ListDriver(view: .collectionView(collectionView), snapshot: sections, identifiedBy: \.id)
            // data source: driver.snapshot[indexPath.section].items[indexPath.item]
            driver.apply(newSections) { outcome in print(outcome) }
            await driver.settled()
            switched.append(driver.snapshot == newSections)
        }
        do {
            let driver = ListDriver(view: .collectionView(collectionView), snapshot: sections, identifiedBy: \.id)
            // data source: driver.snapshot[indexPath.section].items[indexPath.item]
            driver.apply(newSections)
            await driver.settled()
            switched.append(driver.snapshot == newSections)
        }
        return (printed.lines, switched)
    }
}
