#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CHeckel
import HeckelDataFiles

/// Writes unified hunks (`diff -u` style, `context` lines around each change) that GNU `patch`
/// applies to OLD to give NEW. Units are whole records with their terminators (the CSV/TSV header
/// is unit 0), so a quoted field's embedded newline stays inside its record; hunk headers count
/// physical lines. Kept: matched pairs outside the moves whose bytes are identical (terminator
/// included); everything else is deleted from OLD and inserted from NEW.
struct UnifiedWriter {
    let sink: OutputSink
    let context: Int

    /// Returns whether any hunk was written (records equal field by field but not byte for byte,
    /// or a CRLF against an LF, are hunks too). O(units + bytes written).
    @discardableResult
    func write(_ result: DiffResult, old: RecordFile, new: RecordFile, oldLabel: String, newLabel: String) -> Bool {
        let oldUnits = UnitTable(old), newUnits = UnitTable(new)
        // Kept pairs in unit numbers, ascending on both sides, then a sentinel past both ends.
        var kept: [(Int, Int)] = []
        if old.header != nil, new.header != nil, oldUnits.sameBytes(0, newUnits, 0) {
            kept.append((0, 0))
        }
        var nextMove = 0, nextUpdate = 0
        for (j, i) in result.newToOld.enumerated() where i != HECKEL_UNMATCHED {
            if nextMove < result.moved.count, result.moved[nextMove] == j { nextMove += 1; continue }
            if nextUpdate < result.updates.count, result.updates[nextUpdate].new == j { nextUpdate += 1; continue }
            let a = Int(i) + oldUnits.headerUnits, b = j + newUnits.headerUnits
            if oldUnits.sameBytes(a, newUnits, b) { kept.append((a, b)) }
        }
        kept.append((oldUnits.count, newUnits.count))

        // Change regions between consecutive kept pairs.
        var regions: [(oldLo: Int, oldHi: Int, newLo: Int, newHi: Int)] = []
        var a = 0, b = 0
        for (ka, kb) in kept {
            if ka > a || kb > b { regions.append((a, ka, b, kb)) }
            a = ka + 1
            b = kb + 1
        }
        guard !regions.isEmpty else { return false }
        sink.write("--- \(oldLabel)\n+++ \(newLabel)\n")
        var first = 0
        while first < regions.count {
            var last = first
            while last + 1 < regions.count, regions[last + 1].oldLo - regions[last].oldHi <= 2 * context { last += 1 }
            let before = min(context, regions[first].oldLo - (first > 0 ? regions[first - 1].oldHi : 0))
            let after = min(context, oldUnits.count - regions[last].oldHi, newUnits.count - regions[last].newHi)
            let oldLo = regions[first].oldLo - before, oldHi = regions[last].oldHi + after
            let newLo = regions[first].newLo - before, newHi = regions[last].newHi + after
            sink.write("@@ -\(oldUnits.range(oldLo, oldHi)) +\(newUnits.range(newLo, newHi)) @@\n")
            var oa = oldLo
            for r in first...last {
                while oa < regions[r].oldLo { oldUnits.write(oa, prefix: 0x20, to: sink); oa += 1 }
                for u in regions[r].oldLo..<regions[r].oldHi { oldUnits.write(u, prefix: 0x2D, to: sink) }
                for u in regions[r].newLo..<regions[r].newHi { newUnits.write(u, prefix: 0x2B, to: sink) }
                oa = regions[r].oldHi
            }
            while oa < oldHi { oldUnits.write(oa, prefix: 0x20, to: sink); oa += 1 }
            first = last + 1
        }
        return true
    }
}

/// A file's units (header, then records) as raw byte ranges, and the physical line each starts on.
private struct UnitTable {
    let bytes: UnsafeRawBufferPointer
    let headerUnits: Int
    let count: Int
    private let file: RecordFile
    /// Line number (0-based) of each unit's start, and of the end; nil when every unit is one line.
    private let lines: [Int]?

    init(_ file: RecordFile) {
        self.file = file
        bytes = file.file.bytes
        headerUnits = file.header == nil ? 0 : 1
        count = file.count + headerUnits
        var newlines = 0
        var i = 0
        while i < bytes.count, let hit = memchrIn(bytes, from: i) { newlines += 1; i = hit + 1 }
        let expected = count - (file.endsWithNewline || count == 0 ? 0 : 1)
        if newlines == expected {
            lines = nil
        } else {
            var table: [Int] = [0]
            var line = 0
            for u in 0..<count {
                let r = Self.raw(file, u, headerUnits)
                for k in r where bytes[k] == 0x0A { line += 1 }
                table.append(line + (u == count - 1 && !file.endsWithNewline ? 1 : 0))
            }
            lines = table
        }
    }

    private static func raw(_ file: RecordFile, _ u: Int, _ headerUnits: Int) -> Range<Int> {
        if headerUnits == 1, u == 0 { return 0..<file.starts[0] }
        let k = u - headerUnits
        // The first unit carries the byte order mark, so a patch adds or removes it with that unit.
        return (u == 0 ? 0 : file.starts[k])..<file.starts[k + 1]
    }

    /// Whether unit `u` and `other`'s unit `v` have the same bytes, terminators included.
    func sameBytes(_ u: Int, _ other: UnitTable, _ v: Int) -> Bool {
        equalBytes(bytes, Self.raw(file, u, headerUnits), other.bytes, Self.raw(other.file, v, other.headerUnits))
    }

    func line(_ u: Int) -> Int { lines?[u] ?? u }

    /// "start,count" of units lo..<hi in physical lines, as unified hunk headers write them.
    func range(_ lo: Int, _ hi: Int) -> String {
        let start = line(lo), count = line(hi) - start
        return count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }

    func write(_ u: Int, prefix: UInt8, to sink: OutputSink) {
        let r = Self.raw(file, u, headerUnits)
        var lineStart = r.lowerBound
        for k in r where bytes[k] == 0x0A {
            sink.write(byte: prefix)
            sink.write(UnsafeRawBufferPointer(rebasing: bytes[lineStart...k]))
            lineStart = k + 1
        }
        if lineStart < r.upperBound {
            sink.write(byte: prefix)
            sink.write(UnsafeRawBufferPointer(rebasing: bytes[lineStart..<r.upperBound]))
            sink.write("\n\\ No newline at end of file\n")
        }
    }
}

private func memchrIn(_ bytes: UnsafeRawBufferPointer, from i: Int) -> Int? {
    guard let base = bytes.baseAddress, let hit = memchr(base + i, 0x0A, bytes.count - i) else { return nil }
    return base.distance(to: UnsafeRawPointer(hit))
}
