import Foundation
import HeckelDataFiles
import Testing

/// Applies a JSON Lines change feed to OLD's records, as a consumer without NEW would, checking on
/// the way that the feed is consistent (an update of a record that stays names the survivor it
/// replaces). Returns NEW's records (`ignoresOrder`: in no particular order).
func applyFeed(_ feed: [UInt8], toOld old: [[UInt8]], format: RecordFormat, ignoresOrder: Bool = false) throws -> (header: [UInt8]?, records: [[UInt8]], finalNewline: Bool?) {
    var deleted = Set<Int>()
    var inserts: [Int: [UInt8]] = [:]
    var moves: [Int: Int] = [:]
    var updates: [Int: (old: Int, record: [UInt8])] = [:]
    var header: [UInt8]?
    var finalNewline: Bool?
    var lastNew = -1
    for line in feed.split(separator: 0x0A) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        let op = try #require(object["op"] as? String)
        func record() throws -> [UInt8] {
            if format == .jsonl {
                let value = try #require(object["record"])
                return Array(try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]))
            }
            if let text = object["record"] as? String { return Array(text.utf8) }
            let encoded = try #require(object["record_base64"] as? String)
            return Array(try #require(Data(base64Encoded: encoded)))
        }
        let j = object["new"] as? Int
        if let j { #expect(j >= lastNew, "ops ordered by new position"); lastNew = j }
        switch op {
        case "delete":
            let i = try #require(object["old"] as? Int)
            deleted.insert(i)
        case "insert":
            let j = try #require(j)
            inserts[j] = try record()
        case "move":
            let j = try #require(j), i = try #require(object["old"] as? Int)
            moves[j] = i
        case "update":
            let j = try #require(j), i = try #require(object["old"] as? Int)
            let columns = try #require(object["columns"] as? [String])
            #expect(!columns.isEmpty && Set(columns).count == columns.count, "an update names each changed column once: \(columns)")
            updates[j] = (i, try record())
        case "header": header = try record()
        case "byte_order_mark":
            _ = try #require(object["present"] as? Bool)  // records never include the mark
        case "final_newline":
            let present = try #require(object["present"] as? Bool)
            finalNewline = present
        default: Issue.record("unknown op \(op)")
        }
    }
    if ignoresOrder {
        // No moves: OLD's records less the deleted, updated in place, plus the inserted ones.
        #expect(moves.isEmpty)
        let updated = Dictionary(uniqueKeysWithValues: updates.values.map { ($0.old, $0.record) })
        let kept = old.indices.filter { !deleted.contains($0) }.map { updated[$0] ?? (format == .jsonl ? canonicalJSON(old[$0]) : old[$0]) }
        return (header, kept + inserts.keys.sorted().map { inserts[$0]! }, finalNewline)
    }
    let movedFrom = Set(moves.values)
    var survivors = old.indices.filter { !deleted.contains($0) && !movedFrom.contains($0) }[...]
    let newCount = survivors.count + inserts.count + moves.count
    var result: [[UInt8]] = []
    for j in 0..<newCount {
        if let inserted = inserts[j] { result.append(inserted); continue }
        var source: Int
        if let from = moves[j] {
            source = from
        } else {
            let next = survivors.popFirst()
            source = try #require(next)
        }
        if let update = updates[j] {
            #expect(update.old == source, "update \(j) names old \(update.old), the feed pairs \(source)")
            result.append(update.record)
        } else {
            result.append(format == .jsonl ? canonicalJSON(old[source]) : old[source])
        }
    }
    #expect(survivors.isEmpty)
    return (header, result, finalNewline)
}

/// A JSON object's bytes with sorted keys, so records compare whatever their spacing.
func canonicalJSON(_ bytes: [UInt8]) -> [UInt8] {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)),
          let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return bytes }
    return Array(data)
}
