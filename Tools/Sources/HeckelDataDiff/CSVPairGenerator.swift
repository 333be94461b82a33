/// The benchmark's keyed CSV pair: 10 columns (`id`, then 9 six-character values); NEW has 1% of
/// rows updated in one column, 0.5% deleted, 0.5% inserted and 0.5% moved, at seeded random places.
public struct CSVPairGenerator {
    public let rows: Int
    public let seed: UInt64

    public init(rows: Int, seed: UInt64) {
        self.rows = rows
        self.seed = seed
    }

    /// Writes both files (each renamed into place when complete). O(rows).
    public func write(oldPath: String, newPath: String) throws {
        var random = SplitMix(state: seed)
        let edits = max(0, rows / 200)
        var deleted = Set<Int>(), moved: [Int] = [], movedSet = Set<Int>(), updated: [Int: Int] = [:]
        while deleted.count < edits, rows > 0 { deleted.insert(random.below(rows)) }
        while moved.count < edits, rows > 0 {
            let id = random.below(rows)
            if !deleted.contains(id), movedSet.insert(id).inserted { moved.append(id) }
        }
        while updated.count < 2 * edits, rows > 0 {
            let id = random.below(rows)
            if !deleted.contains(id) { updated[id] = 1 + random.below(9) }
        }
        // Inserted rows (new ids) and moved rows land before random positions of the kept order.
        var placed: [(before: Int, id: Int)] = []
        for k in 0..<edits { placed.append((random.below(rows + 1), rows + k)) }
        for id in moved { placed.append((random.below(rows + 1), id)) }
        placed.sort { $0.before < $1.before }

        let oldSink = try OutputSink(path: oldPath)
        writeHeader(oldSink)
        for id in 0..<rows { writeRow(id, changedColumn: nil, to: oldSink) }
        try oldSink.commit()

        let newSink = try OutputSink(path: newPath)
        writeHeader(newSink)
        var next = 0
        for id in 0...rows {
            while next < placed.count, placed[next].before == id {
                writeRow(placed[next].id, changedColumn: updated[placed[next].id], to: newSink)
                next += 1
            }
            if id < rows, !deleted.contains(id), !movedSet.contains(id) { writeRow(id, changedColumn: updated[id], to: newSink) }
        }
        try newSink.commit()
    }

    private func writeHeader(_ sink: OutputSink) {
        sink.write("id,c1,c2,c3,c4,c5,c6,c7,c8,c9\n")
    }

    private func writeRow(_ id: Int, changedColumn: Int?, to sink: OutputSink) {
        sink.write(decimal: id)
        let letters = Array("abcdefghijklmnopqrstuvwxyz012345".utf8)
        for column in 1...9 {
            var state = SplitMix(state: UInt64(id) &* 31 &+ UInt64(column) &+ (changedColumn == column ? 0x9E37_79B9 : 0))
            var word = state.next()
            sink.write(byte: 0x2C)
            for _ in 0..<6 { sink.write(byte: letters[Int(word & 31)]); word >>= 5 }
        }
        sink.write(byte: 0x0A)
    }
}

/// SplitMix64: a small seeded generator, the same numbers on every platform (the benchmark's
/// files and the tests' data).
public struct SplitMix {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    /// O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in 0..<bound (0 for a bound under 1). O(1).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}
