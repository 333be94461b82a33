import CMallocControl
import Foundation
import Heckel

/// A node of the benchmark's forests: a row of the old forest's tables or
/// the new one's (`TreeBench.tables`), read through closures, so no nested
/// values are built or torn down. Reading a node's table is one load from a
/// pointer, as a caller's own node reads its fields.
struct TreeNodeRef: ContentEquatable {
    var raw: Int
    static let newFlag = 1 << 40
    @inline(__always) var table: TreeTables { TreeBench.tables.unsafelyUnwrapped[(raw >> 40) & 1] }
    @inline(__always) var row: Int { raw & ~Self.newFlag }
    func isContentEqual(to other: TreeNodeRef) -> Bool { table.contents[row] == other.table.contents[other.row] }
    var id: Int { table.ids[row] }
    var children: ChildRefs {
        let table = table
        let start = Int(table.childStarts[row]), end = Int(table.childStarts[row + 1])
        return ChildRefs(rows: UnsafeBufferPointer(rebasing: table.childList[start..<end]), flag: raw & Self.newFlag)
    }
}

/// A node's children: rows of its table, read in place.
struct ChildRefs: RandomAccessCollection {
    var rows: UnsafeBufferPointer<Int32>
    var flag: Int
    var startIndex: Int { 0 }
    var endIndex: Int { rows.count }
    subscript(position: Int) -> TreeNodeRef { TreeNodeRef(raw: Int(rows[position]) | flag) }
}

/// One forest's tables in flat buffers (children in compressed rows), as a
/// caller's own node storage would hold them.
struct TreeTables {
    var ids: UnsafeBufferPointer<Int>
    var contents: UnsafeBufferPointer<Int>
    var childStarts: UnsafeBufferPointer<Int32>
    var childList: UnsafeBufferPointer<Int32>

    init(_ forest: TreeForest) {
        func buffer<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
            let memory = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, values.count))
            _ = memory.initialize(from: values)
            return UnsafeBufferPointer(rebasing: memory[..<values.count])
        }
        ids = buffer(forest.ids)
        contents = buffer(forest.contents)
        var starts: [Int32] = [0], list: [Int32] = []
        for node in forest.children.indices {
            list.append(contentsOf: forest.children[node].map { Int32($0) })
            starts.append(Int32(list.count))
        }
        childStarts = buffer(starts)
        childList = buffer(list)
    }

    func free() {
        for pointer in [UnsafeMutableRawPointer(mutating: ids.baseAddress), UnsafeMutableRawPointer(mutating: contents.baseAddress),
                        UnsafeMutableRawPointer(mutating: childStarts.baseAddress), UnsafeMutableRawPointer(mutating: childList.baseAddress)] {
            pointer?.deallocate()
        }
    }
}

/// A row of the flat diff: the same identities, in preorder.
struct FlatRow: Equatable {
    var id: Int
    var content: Int
}

/// `heckel-bench trees`: the tree diff beside the flat diff of the same
/// identities in preorder, on balanced, chain and wide forests, with every
/// result checked against the forests' own tables.
enum TreeBench {
    /// The old forest's tables, then the new one's; set by `measure`. Its
    /// initial value is a constant, so the global is initialized statically
    /// and a read takes no lazy-initialization check.
    nonisolated(unsafe) static var tables: UnsafeMutablePointer<TreeTables>? = nil

    struct Figures {
        var treeSeconds: [Double] = []
        var flatSeconds: [Double] = []
        var readSeconds: [Double] = []
        var treeBytes = 0
        var flatBytes = 0
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    static func run(arguments: [String]) throws {
        setvbuf(stdout, nil, _IOLBF, 0)
        var sizes = [1_000, 10_000, 100_000, 1_000_000]
        var shapes = TreeShapeKind.allCases, edits = TreeEdit.allCases, rounds = 7
        var workspaces = false
        var k = 0
        while k < arguments.count {
            let value = k + 1 < arguments.count ? arguments[k + 1] : ""
            if arguments[k] == "--workspace" {
                workspaces = true
                k += 1
                continue
            }
            switch arguments[k] {
            case "--size": sizes = try value.split(separator: ",").map { try SizeArgument.parsed(String($0)).count }
            case "--shape": shapes = value.split(separator: ",").compactMap { TreeShapeKind(rawValue: String($0)) }
            case "--edit": edits = value.split(separator: ",").compactMap { TreeEdit(rawValue: String($0)) }
            case "--rounds": rounds = Int(value) ?? rounds
            default:
                throw ValidationFailure(message: "trees: unknown argument \(arguments[k]) (--size 1e3,1e6 --shape balanced,chain,wide --edit mixed,moves,churn --rounds 7 --workspace)")
            }
            k += 2
        }
        print("tree diff (TreeDiff from closures over tables, plus expandableRows for churn) vs flat diff (ListDiff identifiedBy \\.id over the same identities in preorder); medians of \(rounds) interleaved rounds; ratio = median of per-round tree/flat; read = both forests walked in preorder through the same closures, each node's identity and children read once and nothing stored (what any diff of the caller's trees pays before matching); extra bytes per node = peak resident growth of one call after malloc_trim, divided by old + new nodes"
              + (workspaces ? "; --workspace: the tree and flat diffs each run inside ListDiff.withWorkspace with a workspace of their own, as the list and outline drivers do (the scratch a workspace keeps is resident before the call, so not in the bytes per node)" : ""))
        print("shape     edit   nodes      tree ms    flat ms   read ms   ratio  tree B/node flat B/node  changes")
        for shape in shapes {
            for edit in edits {
                for size in sizes {
                    try measure(shape: shape, edit: edit, size: size, rounds: rounds, workspaces: workspaces)
                }
            }
        }
    }

    struct ValidationFailure: Error, CustomStringConvertible { var message: String; var description: String { message } }
    struct WrongTree: Error, CustomStringConvertible { var description: String }

    static func measure(shape: TreeShapeKind, edit: TreeEdit, size: Int, rounds: Int, workspaces: Bool) throws {
        let old = shape.forest(size: size)
        let new = edit.edited(old, seed: UInt64(size) &* 31 &+ 7)
        if let tables {
            tables[0].free(); tables[1].free()
            tables.deinitialize(count: 2)
        } else {
            tables = .allocate(capacity: 2)
        }
        tables.unsafelyUnwrapped.initialize(to: TreeTables(old))
        (tables.unsafelyUnwrapped + 1).initialize(to: TreeTables(new))
        let oldOrder = old.preorder, newOrder = new.preorder
        let oldRows = oldOrder.map { FlatRow(id: old.ids[$0], content: old.contents[$0]) }
        let newRows = newOrder.map { FlatRow(id: new.ids[$0], content: new.contents[$0]) }
        var generator = SeededGenerator(seed: 99)
        let parentsWithChildren = (0..<old.ids.count).filter { !old.children[$0].isEmpty }
        let oldExpanded = Set(parentsWithChildren.filter { _ in Bool.random(using: &generator) }.map { old.ids[$0] })
        var newExpanded = oldExpanded
        for node in parentsWithChildren where Double.random(in: 0..<1, using: &generator) < 0.01 {
            if newExpanded.contains(old.ids[node]) { newExpanded.remove(old.ids[node]) } else { newExpanded.insert(old.ids[node]) }
        }
        let roots = (old.roots.map { TreeNodeRef(raw: $0) }, new.roots.map { TreeNodeRef(raw: $0 | TreeNodeRef.newFlag) })
        let treeSpace = workspaces ? ListDiff.Workspace() : nil, flatSpace = workspaces ? ListDiff.Workspace() : nil
        func tree() throws -> (TreeDiff<Int>, TreeDiff<Int>.ExpandableRows?) {
            func diffing() throws -> TreeDiff<Int> {
                try TreeDiff(from: roots.0, to: roots.1, identifiedBy: { $0.id }, children: { $0.children })
            }
            let diff = try treeSpace.map { try ListDiff.withWorkspace($0, diffing) } ?? diffing()
            return (diff, edit == .churn ? diff.expandableRows(oldExpanded: oldExpanded, newExpanded: newExpanded) : nil)
        }
        func flat() -> ListDiff {
            flatSpace.map { ListDiff.withWorkspace($0, flatDiffing) } ?? flatDiffing()
        }
        func flatDiffing() -> ListDiff {
            if edit == .churn {
                // The flat diff of the visible rows' identities.
                let visibleOld = visible(old, oldOrder, expanded: oldExpanded), visibleNew = visible(new, newOrder, expanded: newExpanded)
                return ListDiff(from: visibleOld.map { oldRows[$0] }, to: visibleNew.map { newRows[$0] }, identifiedBy: \.id)
            }
            return ListDiff(from: oldRows, to: newRows, identifiedBy: \.id)
        }
        // Checked once, against the tables.
        let (diff, rows) = try tree()
        let changes = try check(diff, rows: rows, old: old, new: new, oldOrder: oldOrder, newOrder: newOrder, edit: edit,
                                expanded: (oldExpanded, newExpanded))
        let flatDiff = flat()
        for (offset, row) in oldRows.enumerated() where edit != .churn {
            if let mapped = flatDiff.newOffset(forOld: offset), newRows[mapped].id != row.id {
                throw WrongTree(description: "flat diff paired \(row.id) with \(newRows[mapped].id)")
            }
        }
        var figures = Figures()
        var checksum = 0
        for round in 0..<rounds {
            // Engines take turns; which goes first rotates.
            for turn in 0..<3 {
                let engine = (round + turn) % 3
                let start = monotonicSeconds()
                switch engine {
                case 0: _ = try withExtendedLifetime(tree()) {}
                case 1: withExtendedLifetime(flat()) {}
                default: checksum &+= reading(roots.0) &+ reading(roots.1)
                }
                let seconds = monotonicSeconds() - start
                switch engine {
                case 0: figures.treeSeconds.append(seconds)
                case 1: figures.flatSeconds.append(seconds)
                default: figures.readSeconds.append(seconds)
                }
            }
        }
        // The walk reads every identity of both forests once per round.
        let identitySum = oldOrder.reduce(0) { $0 &+ old.ids[$1] } &+ newOrder.reduce(0) { $0 &+ new.ids[$1] }
        if checksum != identitySum &* rounds { throw WrongTree(description: "the read walk's sum \(checksum), not \(identitySum &* rounds)") }
        figures.treeBytes = try peakGrowth { try withExtendedLifetime(tree()) {} }
        figures.flatBytes = try peakGrowth { withExtendedLifetime(flat()) {} }
        let ratios = zip(figures.treeSeconds, figures.flatSeconds).map { $0 / $1 }
        let nodes = Double(oldOrder.count + newOrder.count)
        func cell(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        print(cell(shape.rawValue, 10) + cell(edit.rawValue, 7) + cell(String(size), 11)
              + cell(String(format: "%.3f", median(figures.treeSeconds) * 1000), 11)
              + cell(String(format: "%.3f", median(figures.flatSeconds) * 1000), 10)
              + cell(String(format: "%.3f", median(figures.readSeconds) * 1000), 10)
              + cell(String(format: "%.2fx", median(ratios)), 8)
              + cell(String(format: "%.1f", Double(figures.treeBytes) / nodes), 12)
              + cell(String(format: "%.1f", Double(figures.flatBytes) / nodes), 12) + changes)
    }

    /// Every node under `roots` read once in preorder through the closures
    /// the tree diff is given (identity and children), nothing stored: an
    /// explicit stack of child positions, as the diff's own walk keeps.
    /// Returns the sum of the identities, so the reads are not dropped.
    @inline(never)
    static func reading(_ roots: [TreeNodeRef]) -> Int {
        let id: (TreeNodeRef) -> Int = { $0.id }, children: (TreeNodeRef) -> ChildRefs = { $0.children }
        var sum = 0
        var stack: [(children: ChildRefs, next: Int)] = []
        stack.reserveCapacity(64)
        for root in roots {
            sum &+= id(root)
            let kids = children(root)
            if !kids.isEmpty { stack.append((kids, 0)) }
            while let top = stack.indices.last {
                let next = stack[top].next
                guard next < stack[top].children.endIndex else {
                    stack.removeLast()
                    continue
                }
                stack[top].next = next + 1
                let node = stack[top].children[next]
                sum &+= id(node)
                let kids = children(node)
                if !kids.isEmpty { stack.append((kids, 0)) }
            }
        }
        return sum
    }

    /// Peak resident growth of one call, after the free heap went back.
    static func peakGrowth(_ body: () throws -> Void) throws -> Int {
        #if os(Linux)
        _ = malloc_trim(0)
        #endif
        _ = MemoryProbe.resetPeak()
        let before = MemoryProbe.residentBytes()
        try body()
        return max(0, MemoryProbe.peakResidentBytes() - before)
    }

    /// Rows (indexes into `order`) whose ancestors are all expanded.
    static func visible(_ forest: TreeForest, _ order: [Int], expanded: Set<Int>) -> [Int] {
        var rows: [Int] = []
        var shown = [Bool](repeating: false, count: forest.ids.count)
        for (k, node) in order.enumerated() {
            let parent = forest.parents[node]
            if parent < 0 || (shown[parent] && expanded.contains(forest.ids[parent])) {
                shown[node] = true
                rows.append(k)
            }
        }
        return rows
    }

    /// Checks the diff against the tables; returns a summary of its changes.
    static func check(_ diff: TreeDiff<Int>, rows: TreeDiff<Int>.ExpandableRows?, old: TreeForest, new: TreeForest,
                      oldOrder: [Int], newOrder: [Int], edit: TreeEdit, expanded: (Set<Int>, Set<Int>)) throws -> String {
        func fail(_ why: String) -> WrongTree { WrongTree(description: "\(edit) tree of \(oldOrder.count): \(why)") }
        var newRowOfID = [Int: Int](minimumCapacity: newOrder.count)
        for (k, node) in newOrder.enumerated() { newRowOfID[new.ids[node]] = k }
        var oldRowOfID = [Int: Int](minimumCapacity: oldOrder.count)
        for (k, node) in oldOrder.enumerated() { oldRowOfID[old.ids[node]] = k }
        guard diff.oldCount == oldOrder.count, diff.newCount == newOrder.count else { throw fail("counts") }
        for (k, node) in oldOrder.enumerated() where diff.newOffset(forOld: k) != newRowOfID[old.ids[node]] {
            throw fail("mapping of \(old.ids[node])")
        }
        // Parents by identity in each forest: -1 for a root.
        func parentID(_ forest: TreeForest, _ node: Int) -> Int { forest.parents[node] < 0 ? -1 : forest.ids[forest.parents[node]] }
        var expectedMoves = Set<Int>(), expectedUpdates = Set<Int>()
        var expectedDeleted = Set<Int>(), expectedInserted = Set<Int>()
        for node in newOrder {
            let id = new.ids[node]
            guard oldRowOfID[id] != nil else {
                if new.parents[node] < 0 || oldRowOfID[parentID(new, node)] != nil { expectedInserted.insert(id) }
                continue
            }
            if parentID(old, id) != parentID(new, node) { expectedMoves.insert(id) }
            if old.contents[id] != new.contents[node] { expectedUpdates.insert(id) }
        }
        for node in oldOrder where newRowOfID[old.ids[node]] == nil {
            if old.parents[node] < 0 || newRowOfID[parentID(old, node)] != nil { expectedDeleted.insert(old.ids[node]) }
        }
        let moves = diff.moves
        guard Set(moves.map(\.id)) == expectedMoves, moves.allSatisfy(\.changesParent) else {
            throw fail("moves \(moves.count), expected \(expectedMoves.count) between parents and none among siblings")
        }
        guard Set(diff.deletions.map(\.id)) == expectedDeleted, Set(diff.insertions.map(\.id)) == expectedInserted,
              Set(diff.updates.map(\.id)) == expectedUpdates else { throw fail("deletions, insertions or updates") }
        if edit == .moves && oldOrder.count >= 10_000 && moves.count != 50 { throw fail("\(moves.count) moves, not 50") }
        if let rows {
            let oldVisible = visible(old, oldOrder, expanded: expanded.0).map { old.ids[oldOrder[$0]] }
            let newVisible = visible(new, newOrder, expanded: expanded.1).map { new.ids[newOrder[$0]] }
            guard rows.oldRows == oldVisible, rows.newRows == newVisible else { throw fail("visible rows") }
            // The batch applied: deletions and move sources leave, the rest
            // keep their order around moves and insertions at new rows.
            var shown = [Int?](repeating: nil, count: newVisible.count)
            var gone = Set(rows.batch.itemDeletions.map { $0[1] })
            for m in rows.batch.itemMoves { gone.insert(m.old[1]); shown[m.new[1]] = oldVisible[m.old[1]] }
            for p in rows.batch.itemInsertions { shown[p[1]] = newVisible[p[1]] }
            var staying = oldVisible.indices.lazy.filter { !gone.contains($0) }.makeIterator()
            for k in shown.indices where shown[k] == nil { shown[k] = staying.next().map { oldVisible[$0] } }
            guard staying.next() == nil, shown.map({ $0 ?? -1 }) == newVisible else { throw fail("row batch") }
        }
        return "\(diff.deletions.count) del, \(diff.insertions.count) ins, \(moves.count) moves, \(diff.updates.count) upd"
            + (rows.map { ", rows \($0.batch.itemDeletions.count)-/\($0.batch.itemInsertions.count)+/\($0.batch.itemMoves.count)m" } ?? "")
    }
}
