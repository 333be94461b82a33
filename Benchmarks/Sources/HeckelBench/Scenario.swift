import ArgumentParser

/// What changes between the old and the new list.
enum Scenario: String, CaseIterable, Codable, ExpressibleByArgument {
    /// A block of old elements deleted, a block of new ones inserted, some elements shuffled.
    case random
    /// The first element moved to the end: one move, nothing else.
    case oneMove = "one-move"
    /// The new list is the old one backwards.
    case reversed
    /// No element in common.
    case allNew = "all-new"
    /// Equal lists (separate storage): a list UI reloading data that did not change.
    case unchanged
    /// One element near the front replaced (the fourth, or the last of a shorter list): a list
    /// UI's edit of a visible row of a long list.
    case frontEdit = "front-edit"
    /// One new element inserted at the top: a feed's new item.
    case insertTop = "insert-top"
    /// The random mix over only ten distinct values.
    case duplicates
    /// Sections of 1000 items with 10% of the items changed, some moving between sections, and a
    /// few sections moved (SectionedScenario.swift): `SectionedDiff` next to a flat `ListDiff` of
    /// the same items.
    case sectioned
    /// Two text files (`--old`, `--new`) diffed line by line.
    case text

    /// The engines this scenario runs, of those asked for (all when none), in row order: the
    /// ratio base first.
    func engines(asked: [Engine]) -> [Engine] {
        let all = self == .sectioned ? SectionedScenario.engines : Engine.allCases.filter { $0 != .flat }
        return asked.isEmpty ? all : all.filter(asked.contains)
    }

    /// The engine whose median each row's "vs" ratio divides by.
    var ratioBase: Engine { self == .sectioned ? SectionedScenario.ratioBase : .listdiff }

    /// The thread counts `engine` runs with here, of those asked for.
    func threadCounts(for engine: Engine, asked: [Int]) -> [Int] {
        if self == .sectioned { return [SectionedScenario.threads] }
        return engine.takesThreads ? asked : [1]
    }

    /// What the table's notes say of this scenario.
    var notes: [String] {
        switch self {
        case .sectioned: return SectionedScenario.notes
        case .text: return ["text: size is old/new line counts; lines are strings (--element does not apply)"]
        default: return []
        }
    }
}

/// The random scenario's edit mix, as fractions of the old list's length.
struct EditRatios: Codable, Hashable {
    var delete = 0.20
    var insert = 0.20
    var move = 0.04

    var summary: String {
        func percent(_ value: Double) -> String {
            let text = String(format: "%.1f", value * 100)
            return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + "%"
        }
        return "delete \(percent(delete)) as a block, insert \(percent(insert)) as a block, shuffle \(percent(move))"
    }
}

/// Two lists of element identities; `ElementKind` turns identities into elements. Equal identities
/// give equal elements, distinct identities distinct elements.
struct IdentityLists {
    var old: [Int]
    var new: [Int]
}

extension Scenario {
    /// The lists of this scenario at `size` old elements. Deterministic for a given seed.
    func identityLists(size n: Int, ratios: EditRatios, seed: UInt64) -> IdentityLists {
        var generator = SeededGenerator(seed: seed)
        let old = Array(0..<n)
        switch self {
        case .random:
            return IdentityLists(old: old, new: Self.randomEdit(of: old, ratios: ratios, using: &generator))
        case .duplicates:
            var lists = IdentityLists(old: old, new: Self.randomEdit(of: old, ratios: ratios, using: &generator))
            let salt = generator.next()
            func fold(_ identity: inout Int) { identity = Int(SeededGenerator.mix(UInt64(identity) &+ salt) % 10) }
            for index in lists.old.indices { fold(&lists.old[index]) }
            for index in lists.new.indices { fold(&lists.new[index]) }
            return lists
        case .oneMove:
            var new = old
            if n > 1 { new.append(new.removeFirst()) }
            return IdentityLists(old: old, new: new)
        case .reversed:
            return IdentityLists(old: old, new: old.reversed())
        case .allNew:
            return IdentityLists(old: old, new: Array(n..<(2 * n)))
        case .unchanged:
            return IdentityLists(old: old, new: old)
        case .frontEdit:
            var new = old
            if n > 0 { new[min(3, n - 1)] = n }
            return IdentityLists(old: old, new: new)
        case .insertTop:
            return IdentityLists(old: old, new: [n] + old)
        case .text, .sectioned:
            preconditionFailure("\(rawValue) lists are built elsewhere")
        }
    }

    /// Deletes one block, inserts one block of fresh identities, then shuffles the elements at a
    /// random set of positions among themselves.
    static func randomEdit(of old: [Int], ratios: EditRatios, using generator: inout SeededGenerator) -> [Int] {
        let n = old.count
        let deleteCount = min(n, Int((ratios.delete * Double(n)).rounded()))
        let insertCount = Int((ratios.insert * Double(n)).rounded())
        var new = old
        let deleteStart = Int.random(in: 0...(n - deleteCount), using: &generator)
        new.removeSubrange(deleteStart..<(deleteStart + deleteCount))
        let insertAt = Int.random(in: 0...new.count, using: &generator)
        new.insert(contentsOf: n..<(n + insertCount), at: insertAt)

        shuffleSome(&new, count: min(new.count, Int((ratios.move * Double(n)).rounded())), using: &generator)
        return new
    }

    /// Permutes the elements at `count` distinct random positions among those positions.
    static func shuffleSome(_ list: inout [Int], count: Int, using generator: inout SeededGenerator) {
        guard count > 1 else { return }
        var picked = [Bool](repeating: false, count: list.count)
        var positions: [Int] = []
        positions.reserveCapacity(count)
        while positions.count < count {
            let position = Int.random(in: 0..<list.count, using: &generator)
            if !picked[position] { picked[position] = true; positions.append(position) }
        }
        let values = positions.map { list[$0] }.shuffled(using: &generator)
        for (position, value) in zip(positions, values) { list[position] = value }
    }
}
