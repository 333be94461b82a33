import Foundation
import HeckelDataFiles

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
        let old = identities.old.map { Element.make(identity: $0, salt: elementSalt, kind: job.element) }
        let new = identities.new.map { Element.make(identity: $0, salt: elementSalt, kind: job.element) }
        return (old, new)
    }

    /// Records for the identified kinds: ids as `generated` makes them for the plain kind `ID`, so
    /// the plain diff of the ids diffs the very ids; content 0, and 1 in the new list for every
    /// 50th identity (updates where both lists hold it).
    static func identified<ID: BenchElement>(_ job: Job, as _: ID.Type) -> (old: [SectionItem<ID>], new: [SectionItem<ID>]) {
        let identities = job.scenario.identityLists(size: job.size ?? 0, ratios: job.ratios, seed: job.seed)
        let elementSalt = job.elementSalt
        let old = identities.old.map { SectionItem(id: ID(identity: $0, salt: elementSalt), content: 0) }
        let new = identities.new.map { SectionItem(id: ID(identity: $0, salt: elementSalt), content: $0 % 50 == 0 ? 1 : 0) }
        return (old, new)
    }

    /// The lines of a text file, read by the `heckel` command's byte-exact reader: split at "\n"
    /// only (a "\r" before it stays in the line; a final newline ends the last line, it does not
    /// start an empty one). Lines that are not UTF-8 (or start with U+FFFE) become U+FFFE and their
    /// bytes as Latin-1 scalars, so lines with different bytes never compare equal. `/dev/null`
    /// reads as empty; a missing file, a directory and an unreadable file are told apart.
    static func lines(ofFile path: String) throws -> [String] {
        let file: RecordFile
        do {
            file = try RecordFile(path: path, format: .lines)
        } catch let error as DataFileError {
            switch error {
            case .noSuchFile: throw UnreadableFile(path: path, reason: "no such file")
            case .isDirectory: throw UnreadableFile(path: path, reason: "is a directory")
            case .unreadable(_, let reason): throw UnreadableFile(path: path, reason: "not readable (\(reason))")
            default: throw UnreadableFile(path: path, reason: error.description)
            }
        }
        let bytes = file.file.bytes
        return (0..<file.count).map { k in
            let line = UnsafeRawBufferPointer(rebasing: bytes[file.content(k)])
            if let text = String(validating: line, as: UTF8.self), !text.hasPrefix("\u{FFFE}") { return text }
            return "\u{FFFE}" + String(String.UnicodeScalarView(line.map { Unicode.Scalar($0) }))
        }
    }
}
