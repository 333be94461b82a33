#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HeckelDataFiles

/// Where a record's key bytes are: in the file itself, or in the caller's arena (unquoted or
/// composite keys).
enum KeyLocation {
    case file(Range<Int>)
    case arena(Range<Int>)
}

/// One file's columns and key: how its records yield key bytes and which columns two records
/// differ in. Key columns are resolved per file, so NEW may order its columns differently.
/// Immutable (a class, so that the per-record calls pass one reference, not its arrays).
final class RecordLayout: Sendable {
    let format: RecordFormat
    let path: String
    /// Key column indices (0-based, CSV/TSV) in the order given.
    let keyColumns: [Int]
    /// Key member names (JSON Lines), as their bytes between quotes.
    let keyFields: [[UInt8]]
    let keySpecs: [String]
    /// Header names (CSV/TSV), decoded; empty for other formats.
    let columnNames: [String]
    /// The names changed columns are reported by: the header's, with " (column N)" added to a
    /// name the header gives more than one column, so that every column's name is its own.
    let reportedNames: [String]
    private let fieldLimit: Int

    /// Resolves `keys` (names or 1-based numbers) against `header` (CSV/TSV). O(header + keys).
    init(format: RecordFormat, path: String, keys: [String], header: UnsafeRawBufferPointer?) throws {
        self.format = format
        self.path = path
        keySpecs = keys
        var names: [String] = []
        if let header, let separator = format.separator {
            var fields: [FieldBounds] = []
            Fields.separated(header, start: 0, end: header.count, separator: separator, into: &fields)
            for field in fields {
                var value: [UInt8] = []
                Fields.appendValue(of: field, in: header, to: &value)
                names.append(String(decoding: value, as: UTF8.self))
            }
        }
        columnNames = names
        var seen: [String: Int] = [:]
        for name in names { seen[name, default: 0] += 1 }
        reportedNames = names.enumerated().map { k, name in seen[name]! > 1 ? "\(name) (column \(k + 1))" : name }
        var columns: [Int] = []
        var fieldsByName: [[UInt8]] = []
        if !keys.isEmpty {
            switch format {
            case .lines:
                throw DiffError.keyNeedsColumns(format: format.rawValue)
            case .jsonl:
                fieldsByName = keys.map { Array($0.utf8) }
            case .csv where header == nil, .tsv where header == nil:
                break  // an empty file: no header, no records to key
            case .csv, .tsv:
                for key in keys {
                    if let index = names.firstIndex(of: key) {
                        let same = names.indices.filter { names[$0] == key }
                        guard same.count == 1 else { throw DiffError.ambiguousKeyColumn(path: path, key: key, columns: same.map { $0 + 1 }) }
                        columns.append(index)
                    } else if let number = Int(key), number >= 1, number <= names.count {
                        columns.append(number - 1)
                    } else {
                        throw DiffError.noSuchKeyColumn(path: path, key: key)
                    }
                }
            }
        }
        keyColumns = columns
        keyFields = fieldsByName
        fieldLimit = (columns.max() ?? -1) + 1
    }

    var isKeyed: Bool { !keySpecs.isEmpty }

    /// The key of record `content` (1-based `record` for errors); composite and quoted keys are
    /// appended to `arena`. A CSV/TSV key is the fields' values (quotes removed, `""` read as `"`),
    /// so a key quoted in one file and not in the other pairs; a composite key is each value after
    /// its 4-byte length. O(bytes up to the last key column).
    @inline(__always)
    func key(_ bytes: UnsafeRawBufferPointer, _ content: Range<Int>, record: Int,
             fields: inout [FieldBounds], members: inout [Fields.Member], arena: inout [UInt8]) throws -> KeyLocation {
        guard isKeyed else { return .file(content) }
        if let separator = format.separator, keyColumns.count == 1,
           let field = unquotedField(bytes, content, column: keyColumns[0], separator: separator) {
            return .file(field)
        }
        if let separator = format.separator {
            fields.removeAll(keepingCapacity: true)
            Fields.separated(bytes, start: content.lowerBound, end: content.upperBound, separator: separator,
                             limit: fieldLimit, into: &fields)
            guard fields.count >= fieldLimit else {
                throw DiffError.recordWithoutKey(path: path, record: record, key: keySpecs[keyColumns.firstIndex { $0 >= fields.count } ?? 0])
            }
            if keyColumns.count == 1 {
                // One column: its value alone, unquoted into the arena when quoted, so that `"1"`
                // and `1` are one key as they are within a composite key.
                let field = fields[keyColumns[0]]
                guard field.quoted else { return .file(field.start..<field.end) }
                let start = arena.count
                Fields.appendValue(of: field, in: bytes, to: &arena)
                return .arena(start..<arena.count)
            }
            let start = arena.count
            for column in keyColumns {
                let lengthAt = arena.count
                arena.append(contentsOf: [0, 0, 0, 0])
                Fields.appendValue(of: fields[column], in: bytes, to: &arena)
                storeLength(arena.count - lengthAt - 4, at: lengthAt, in: &arena)
            }
            return .arena(start..<arena.count)
        }
        members.removeAll(keepingCapacity: true)
        _ = Fields.jsonMembers(bytes, start: content.lowerBound, end: content.upperBound, into: &members)
        var values: [Range<Int>] = []
        for (index, name) in keyFields.enumerated() {
            guard let at = members.firstIndex(where: { equalBytes(bytes, $0.key, name) }) else {
                throw DiffError.recordWithoutKey(path: path, record: record, key: keySpecs[index])
            }
            if members[(at + 1)...].contains(where: { equalBytes(bytes, $0.key, name) }) {
                throw DiffError.keyFieldTwice(path: path, record: record, key: keySpecs[index])
            }
            values.append(members[at].value)
        }
        if values.count == 1 { return .file(values[0]) }
        let start = arena.count
        for value in values {
            let lengthAt = arena.count
            arena.append(contentsOf: [0, 0, 0, 0])
            arena.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[value]))
            storeLength(value.count, at: lengthAt, in: &arena)
        }
        return .arena(start..<arena.count)
    }

    /// The key of a record when it is one CSV/TSV column with no quote up to its end (the common
    /// case, as `key` finds it), else nil. `quoteFree`: the caller knows the record has no quote.
    /// O(bytes up to the key's end).
    @inline(__always)
    func plainKey(_ bytes: UnsafeRawBufferPointer, _ content: Range<Int>, quoteFree: Bool) -> Range<Int>? {
        guard let separator = format.separator, keyColumns.count == 1 else { return nil }
        guard quoteFree else { return unquotedField(bytes, content, column: keyColumns[0], separator: separator) }
        let base = bytes.baseAddress!
        var start = content.lowerBound
        for _ in 0..<keyColumns[0] {
            guard let hit = memchr(base + start, Int32(separator), content.upperBound - start) else { return nil }
            start = base.distance(to: UnsafeRawPointer(hit)) + 1
        }
        // Short keys: the separator found in the next 16 bytes with word operations, not a call.
        if start + 16 <= bytes.count {
            for word in 0..<2 {
                let at = start + 8 * word
                guard at < content.upperBound else { break }
                if let offset = firstByte(separator, in: UInt64(littleEndian: (base + at).loadUnaligned(as: UInt64.self))) {
                    return start..<min(at + offset, content.upperBound)
                }
            }
            if start + 16 >= content.upperBound { return start..<content.upperBound }
        }
        let end = memchr(base + start, Int32(separator), content.upperBound - start)
            .map { base.distance(to: UnsafeRawPointer($0)) } ?? content.upperBound
        return start..<end
    }

    /// The index of the first byte of `word` (little-endian order) equal to `byte`, or nil. O(1).
    @inline(__always)
    private func firstByte(_ byte: UInt8, in word: UInt64) -> Int? {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        // A zero byte of x sets its high bit here; bits above the first may be wrong, the first is not.
        let zeros = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
        return zeros == 0 ? nil : zeros.trailingZeroBitCount / 8
    }

    /// The fast path of a single key column: its bytes when no quote precedes its end, else nil
    /// (the caller splits the record fully). O(bytes up to the key's end).
    @inline(__always)
    private func unquotedField(_ bytes: UnsafeRawBufferPointer, _ content: Range<Int>, column: Int, separator: UInt8) -> Range<Int>? {
        let base = bytes.baseAddress!
        var start = content.lowerBound
        for _ in 0..<column {
            guard let hit = memchr(base + start, Int32(separator), content.upperBound - start) else { return nil }
            start = base.distance(to: UnsafeRawPointer(hit)) + 1
        }
        let end = memchr(base + start, Int32(separator), content.upperBound - start)
            .map { base.distance(to: UnsafeRawPointer($0)) } ?? content.upperBound
        return memchr(base + content.lowerBound, 0x22, end - content.lowerBound) == nil ? start..<end : nil
    }

    /// The columns (NEW's names, told apart as `reportedNames` does; "(column N)" past the header)
    /// or JSON fields in which two records differ, each field's bytes compared as written. JSON
    /// fields pair by name whatever their order (a name given k times: its k-th occurrences pair),
    /// so two records whose fields differ only in order or spacing between them have none: empty
    /// means equal. O(record length), O(fields²) for JSON.
    func changedColumns(old: UnsafeRawBufferPointer, _ oldContent: Range<Int>, oldLayout: RecordLayout,
                        new: UnsafeRawBufferPointer, _ newContent: Range<Int>) -> [String] {
        if let separator = format.separator {
            var oldFields: [FieldBounds] = [], newFields: [FieldBounds] = []
            Fields.separated(old, start: oldContent.lowerBound, end: oldContent.upperBound, separator: separator, into: &oldFields)
            Fields.separated(new, start: newContent.lowerBound, end: newContent.upperBound, separator: separator, into: &newFields)
            var changed: [String] = []
            for column in 0..<max(oldFields.count, newFields.count) {
                let same = column < oldFields.count && column < newFields.count
                    && equalBytes(old, oldFields[column].start..<oldFields[column].end,
                                  new, newFields[column].start..<newFields[column].end)
                if !same { changed.append(column < reportedNames.count ? reportedNames[column] : "(column \(column + 1))") }
            }
            return changed
        }
        var oldMembers: [Fields.Member] = [], newMembers: [Fields.Member] = []
        _ = Fields.jsonMembers(old, start: oldContent.lowerBound, end: oldContent.upperBound, into: &oldMembers)
        _ = Fields.jsonMembers(new, start: newContent.lowerBound, end: newContent.upperBound, into: &newMembers)
        var changed: [String] = []
        var paired = [Bool](repeating: false, count: oldMembers.count)
        for member in newMembers {
            // The first OLD member of this name not paired yet: k-th occurrence with k-th.
            let match = oldMembers.indices.first { !paired[$0] && equalBytes(old, oldMembers[$0].key, new, member.key) }
            if let match { paired[match] = true }
            if match.map({ !equalBytes(old, oldMembers[$0].value, new, member.value) }) ?? true {
                changed.append(String(decoding: UnsafeRawBufferPointer(rebasing: new[member.key]), as: UTF8.self))
            }
        }
        for (k, member) in oldMembers.enumerated() where !paired[k] {
            changed.append(String(decoding: UnsafeRawBufferPointer(rebasing: old[member.key]), as: UTF8.self))
        }
        var named = Set<String>()
        return changed.filter { named.insert($0).inserted }  // a name given twice is listed once
    }
}

@inline(__always)
private func storeLength(_ length: Int, at offset: Int, in arena: inout [UInt8]) {
    withUnsafeBytes(of: UInt32(truncatingIfNeeded: length).littleEndian) { source in
        for k in 0..<4 { arena[offset + k] = source[k] }
    }
}

@inline(__always)
func equalBytes(_ a: UnsafeRawBufferPointer, _ ra: Range<Int>, _ b: UnsafeRawBufferPointer, _ rb: Range<Int>) -> Bool {
    ra.count == rb.count && (ra.isEmpty || memcmp(a.baseAddress! + ra.lowerBound, b.baseAddress! + rb.lowerBound, ra.count) == 0)
}

@inline(__always)
func equalBytes(_ a: UnsafeRawBufferPointer, _ ra: Range<Int>, _ name: [UInt8]) -> Bool {
    ra.count == name.count && name.withUnsafeBytes { ra.isEmpty || memcmp(a.baseAddress! + ra.lowerBound, $0.baseAddress!, ra.count) == 0 }
}
