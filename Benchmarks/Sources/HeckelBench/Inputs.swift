import Foundation

/// A file that cannot be read as text.
struct UnreadableFile: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot read \(path): \(reason)" }
}

/// What the parent needs to know of the text files before running anything.
struct TextFilesSummary {
    var oldCount: Int
    var newCount: Int
    /// Lines of either file without an equal line in the other (counting repeats): no edit script
    /// has fewer deletions plus insertions, so the standard library's D is at least this.
    var editDistanceLowerBound: Int

    init(old: [String], new: [String]) {
        oldCount = old.count
        newCount = new.count
        var balance: [String: Int] = [:]
        for line in old { balance[line, default: 0] += 1 }
        for line in new { balance[line, default: 0] -= 1 }
        editDistanceLowerBound = balance.values.reduce(0) { $0 + abs($1) }
    }
}

enum Inputs {
    /// The old and new lists of a generated scenario, with elements of type `Element`.
    static func generated<Element: BenchElement>(_ job: Job, as _: Element.Type) -> (old: [Element], new: [Element]) {
        let identities = job.scenario.identityLists(size: job.size ?? 0, ratios: job.ratios, seed: job.seed)
        let elementSalt = job.elementSalt
        let old = identities.old.map { Element(identity: $0, salt: elementSalt) }
        let new = identities.new.map { Element(identity: $0, salt: elementSalt) }
        return (old, new)
    }

    /// The lines of a text file, split at "\n" (a final newline ends the last line, it does not
    /// start an empty one). Invalid UTF-8 is repaired, not refused.
    static func lines(ofFile path: String) throws -> [String] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "not readable" : "no such file"
            throw UnreadableFile(path: path, reason: reason)
        }
        var lines = String(decoding: data, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
