import Heckel

/// An `NSOutlineView` stand-in that applies `TreeDiff.OutlineStep`s inside
/// one update block by AppKit's rules, refuses what AppKit refuses, and
/// shows the result: items already shown keep their content unless
/// reloaded; inserted items, and everything below them, are fetched from
/// the data source (the new forest) when the block ends, at their final
/// places, as the outline asks its data source for them.
///
/// The rules (see `TreeDiff.outlineSteps` for Apple's pages):
/// - each call reads its indexes against the outline as the previous calls
///   left it ("changes are processed incrementally");
/// - `removeItems(at:inParent:)`: distinct indexes, each below the parent's
///   child count before the call; `insertItems(at:inParent:)`: ascending
///   distinct indexes, each at most the count reached when it is inserted;
///   `moveItem(at:inParent:to:inParent:)`: the old index below the old
///   parent's count, the new one at most the new parent's count after the
///   item left, the new parent neither the item nor inside its subtree;
/// - every parent is an item in the outline (`nil`: the top level);
/// - an item inserted in the block is a placeholder until the block ends:
///   no call may name it or anything inside it as parent, nor reload it
///   (its children are the data source's, not yet asked for);
/// - `reloadItem` names an item in the outline, once;
/// - at the end, no item may appear twice (the data source's subtree of an
///   inserted item must not hold an item still shown elsewhere).
struct StrictOutlineDouble {
    final class Item {
        var id: Int?  // nil: inserted, to be fetched
        var content: Int
        var children: [Item] = []
        weak var parent: Item?
        init(id: Int?, content: Int) { self.id = id; self.content = content }
    }

    struct Refusal: Error, CustomStringConvertible { var description: String }

    let top = Item(id: nil, content: 0)
    var byID: [Int: Item] = [:]
    var reloaded = Set<Int>()

    init(showing roots: [TestNode]) {
        var byID: [Int: Item] = [:]
        func build(_ node: TestNode, parent: Item) -> Item {
            let item = Item(id: node.id, content: node.content)
            item.parent = parent
            byID[node.id] = item
            item.children = node.children.map { build($0, parent: item) }
            return item
        }
        top.children = roots.map { build($0, parent: top) }
        self.byID = byID
    }

    private func isPlaceholderOrInside(_ item: Item) -> Bool {
        var current: Item? = item
        while let c = current, c !== top {
            if c.id == nil { return true }
            current = c.parent
        }
        return false
    }

    /// The item named as parent: in the outline and not inside an insertion.
    private func parent(_ id: Int?) throws -> Item {
        guard let id else { return top }
        guard let item = byID[id] else { throw Refusal(description: "parent \(id) is not in the outline") }
        if isPlaceholderOrInside(item) { throw Refusal(description: "parent \(id) lies inside an item inserted in this block") }
        return item
    }

    private mutating func forget(_ item: Item) {
        if let id = item.id { byID[id] = nil }
        item.children.forEach { forget($0) }
    }

    mutating func apply(_ step: TreeDiff<Int>.OutlineStep) throws {
        switch step {
        case let .remove(indexes, parentID):
            let parent = try parent(parentID)
            guard Set(indexes).count == indexes.count else { throw Refusal(description: "removeItems repeats an index: \(indexes)") }
            for index in indexes where index < 0 || index >= parent.children.count {
                throw Refusal(description: "removeItems index \(index) of \(parent.children.count) children of \(String(describing: parentID))")
            }
            for index in indexes.sorted(by: >) {
                let item = parent.children.remove(at: index)
                forget(item)
            }
        case let .insert(indexes, parentID):
            let parent = try parent(parentID)
            guard indexes == indexes.sorted(), Set(indexes).count == indexes.count else {
                throw Refusal(description: "insertItems indexes not ascending and distinct: \(indexes)")
            }
            for index in indexes {
                guard index >= 0 && index <= parent.children.count else {
                    throw Refusal(description: "insertItems index \(index) past \(parent.children.count) children of \(String(describing: parentID))")
                }
                let item = Item(id: nil, content: 0)
                item.parent = parent
                parent.children.insert(item, at: index)
            }
        case let .move(id, old, new):
            let from = try parent(old.parent), to = try parent(new.parent)
            guard old.index >= 0 && old.index < from.children.count else {
                throw Refusal(description: "moveItem from index \(old.index) of \(from.children.count) children")
            }
            let item = from.children[old.index]
            guard item.id == id else { throw Refusal(description: "moveItem: item \(String(describing: item.id)) at the old place, not \(id)") }
            var ancestor: Item? = to
            while let a = ancestor {
                if a === item { throw Refusal(description: "moveItem \(id) into its own subtree") }
                ancestor = a.parent
            }
            from.children.remove(at: old.index)
            guard new.index >= 0 && new.index <= to.children.count else {
                throw Refusal(description: "moveItem to index \(new.index) past \(to.children.count) children")
            }
            to.children.insert(item, at: new.index)
            item.parent = to
        case let .reload(id):
            guard let item = byID[id], !isPlaceholderOrInside(item) else { throw Refusal(description: "reloadItem \(id): not in the outline") }
            guard reloaded.insert(id).inserted else { throw Refusal(description: "reloadItem \(id) twice") }
            reloadedContent.append(id)
        }
    }

    private var reloadedContent: [Int] = []

    /// Ends the block: placeholders fetched from `dataSource` at their final
    /// places, reloaded items given their new content; the outline shown.
    func end(dataSource: [TestNode]) throws -> [TestNode] {
        let places = TreeReading.places(dataSource)
        var seen = Set<Int>()
        func children(of parentID: Int?) -> [TestNode] {
            guard let parentID else { return dataSource }
            return places[parentID]?.node.children ?? []
        }
        func show(_ item: Item, at index: Int, under parentID: Int?) throws -> TestNode {
            if item.id == nil {
                let source = children(of: parentID)
                guard index < source.count else { throw Refusal(description: "the data source has no child \(index) of \(String(describing: parentID))") }
                func fetched(_ node: TestNode) throws -> TestNode {
                    guard seen.insert(node.id).inserted else { throw Refusal(description: "item \(node.id) appears twice") }
                    return TestNode(id: node.id, content: node.content, children: try node.children.map(fetched))
                }
                return try fetched(source[index])
            }
            let id = item.id!
            guard seen.insert(id).inserted else { throw Refusal(description: "item \(id) appears twice") }
            let content = reloaded.contains(id) ? (places[id]?.node.content ?? item.content) : item.content
            return TestNode(id: id, content: content,
                            children: try item.children.enumerated().map { try show($1, at: $0, under: id) })
        }
        return try top.children.enumerated().map { try show($1, at: $0, under: nil) }
    }

    /// The outline after `steps`, or the refusal.
    static func result(of steps: [TreeDiff<Int>.OutlineStep], old: [TestNode], new: [TestNode]) throws -> [TestNode] {
        var double = StrictOutlineDouble(showing: old)
        for step in steps { try double.apply(step) }
        return try double.end(dataSource: new)
    }
}
