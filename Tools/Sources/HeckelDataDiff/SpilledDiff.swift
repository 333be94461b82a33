#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CHeckel
import HeckelDataFiles

/// The out-of-core path, a Grace hash join's spill: both inputs are streamed once and every record
/// goes, with its index and key, to the temporary file of its key hash's partition; then each
/// partition's OLD and NEW halves are matched in memory, one partition at a time, into a pairing of
/// 4 bytes per NEW record. Moves are found from that pairing when they fit under the limit.
struct SpilledDiff {
    let result: DiffResult
    let newHeader: [UInt8]?

    /// Cost: O(bytes) reading, writing and reading back once; memory about the limit's third per
    /// partition plus 4 bytes per NEW record (and 4 more, plus 4 per matched pair, for moves).
    init(options: DiffOptions, limit: Int, progress: Progress) throws {
        let format = options.resolvedFormat
        let estimate = InMemoryEstimate(options)
        // The process's own baseline (runtime, buffers) is set aside: up to 32 MiB, a quarter of a
        // small limit. Under about 64M the baseline alone may pass the limit.
        let baseline = min(32 << 20, limit / 4)
        let budget = max(4096, (limit - baseline - 4 * estimate.records) / 3)
        var partitions = 2
        while partitions < 4096, estimate.bytes / partitions > budget { partitions *= 2 }
        if !options.ignoreOrder {
            // Refused at once, before any spilling, when the moves cannot fit by the estimate (NEW's
            // records counted from a sample); checked again below with the exact counts.
            let needed = MovesMemory.needed(baseline: baseline, budget: budget, newRecords: estimate.newRecords, updates: 0)
            guard needed <= limit else { throw DiffError.movesOverMemoryLimit(needed: needed, limit: limit) }
        }
        let folder = try TemporaryFolder(partitions: partitions)

        // OLD and NEW at once, each with its own partition files and half the buffers' share, when
        // the process may hold both sides' files open (else one side after the other).
        progress.phase("partitioning", total: fileSize(options.newPath))
        let bothOpen = openFileLimit(raisingTo: 2 * partitions + 64) >= 2 * partitions + 64
        let sides = try concurrentMap(2, concurrently: bothOpen) { side in
            try SpilledSide(path: side == 0 ? options.oldPath : options.newPath, side: side, format: format, keys: options.keys,
                            flexible: options.flexible, folder: folder, partitions: partitions, flushAt: max(4096, min(1 << 16, limit / (16 * partitions))),
                            blockSize: max(1 << 12, min(1 << 20, limit / 64)), progress: side == 1 ? progress.update : nil)
        }
        let headers = sides.map(\.header), layouts = sides.map(\.layout), counts = sides.map(\.count)
        let oldLayout = layouts[0], newLayout = layouts[1]
        guard counts[0] <= HECKEL_MAX_COUNT, counts[1] <= HECKEL_MAX_COUNT else { throw DiffError.core("too many records") }

        var newToOld = [UInt32](repeating: HECKEL_UNMATCHED, count: counts[1])
        var updates: [DiffResult.Update] = []
        progress.phase("matching partitions", total: partitions)
        for p in 0..<partitions {
            let halves = try concurrentMap(2) { side in try Partition(path: folder.path(side: side, partition: p)) }
            let old = halves[0], new = halves[1]
            // Packed keys when both halves have them (one-to-one: the same pairs as spans), else spans.
            let match: SpanMatch
            if let oldKeys = old.packedKeys(), let newKeys = new.packedKeys() {
                match = try SpanMatch(oldKeys: oldKeys, newKeys: newKeys, findsMoves: false)
            } else {
                match = try old.withKeySpans { oldSpans in
                    try new.withKeySpans { newSpans in try SpanMatch(old: oldSpans, new: newSpans, findsMoves: false) }
                }
            }
            old.bytes.withUnsafeBytes { oldBytes in
                new.bytes.withUnsafeBytes { newBytes in
                    for (j, i) in match.newToOld.enumerated() where i != HECKEL_UNMATCHED {
                        let o = old.entries[Int(i)], n = new.entries[j]
                        newToOld[n.index] = UInt32(o.index)
                        guard oldLayout.isKeyed, !equalBytes(oldBytes, o.record, newBytes, n.record) else { continue }
                        let columns = newLayout.changedColumns(old: oldBytes, o.record, oldLayout: oldLayout, new: newBytes, n.record)
                        guard !columns.isEmpty else { continue }  // equal field by field
                        updates.append(DiffResult.Update(old: o.index, new: n.index, columns: columns))
                    }
                }
            }
            folder.remove(side: 0, partition: p)
            folder.remove(side: 1, partition: p)
            progress.update(p + 1)
        }
        updates.sort { $0.new < $1.new }

        var moved: [UInt32] = []
        if !options.ignoreOrder {
            // The pairing (4 bytes per NEW record), the updates (about 96 bytes each), a partition's
            // share the allocator may keep, the core's scratch (8 bytes per NEW record), then 4
            // bytes per move: the moves are counted first, and listed only if they fit too.
            let counting = MovesMemory.needed(baseline: baseline, budget: budget, newRecords: counts[1], updates: updates.count)
            guard counting <= limit else { throw DiffError.movesOverMemoryLimit(needed: counting, limit: limit) }
            progress.phase("finding moves", total: 0)
            let count = try SpanMatch.moves(newToOld: newToOld, counting: true).count
            let needed = counting + 4 * count
            guard needed <= limit else { throw DiffError.movesOverMemoryLimit(needed: needed, limit: limit) }
            moved = try SpanMatch.moves(newToOld: newToOld).moves
        }
        let endings = [options.oldPath, options.newPath].map(lastByte)
        let marks = [options.oldPath, options.newPath].map(startsWithByteOrderMark)
        let headerChanged = headers[0] != headers[1]
        result = DiffResult(oldCount: counts[0], newCount: counts[1], newToOld: newToOld, moved: moved, updates: updates,
                            headerChanged: headerChanged, ordered: !options.ignoreOrder,
                            byteOrderMark: marks[0] == marks[1] ? nil : marks[1],
                            finalNewline: endings.contains(nil) || endings[0] == endings[1] ? nil : endings[1] == 0x0A)
        newHeader = headers[1]
    }
}

/// One input streamed into its partition files: every record, with its index and key, goes to
/// the file of its key hash's partition.
private struct SpilledSide {
    var header: [UInt8]?
    var layout: RecordLayout
    var count = 0

    /// Cost: O(bytes) read and written; memory one block plus `flushAt` per partition.
    init(path: String, side: Int, format: RecordFormat, keys: [String], flexible: Bool, folder: TemporaryFolder, partitions: Int,
         flushAt: Int, blockSize: Int, progress: ((Int) -> Void)?) throws {
        let writer = try PartitionWriter(folder: folder, side: side, count: partitions, flushAt: flushAt)
        var layout: RecordLayout? = format.hasHeader ? nil : try RecordLayout(format: format, path: path, keys: keys, header: nil)
        var header: [UInt8]?
        var fields: [FieldBounds] = [], members: [Fields.Member] = [], arena: [UInt8] = []
        var done = 0, count = 0
        try BlockRecordReader(path: path, format: format, flexible: flexible, blockSize: blockSize).forEachRecord(header: { bytes in
            header = Array(bytes)
            layout = try RecordLayout(format: format, path: path, keys: keys, header: bytes)
        }) { index, bytes, content in
            guard let layout else { return }
            let record = UnsafeRawBufferPointer(rebasing: bytes[content])
            if let key = layout.plainKey(bytes, content, quoteFree: false) {
                try writer.append(index: index, key: UnsafeRawBufferPointer(rebasing: bytes[key]), record: record)
            } else {
                arena.removeAll(keepingCapacity: true)
                let key = try layout.key(bytes, content, record: index + 1, fields: &fields, members: &members, arena: &arena)
                try arena.withUnsafeBytes { arenaBytes in
                    switch key {
                    case .file(let r): try writer.append(index: index, key: UnsafeRawBufferPointer(rebasing: bytes[r]), record: record)
                    case .arena(let r): try writer.append(index: index, key: UnsafeRawBufferPointer(rebasing: arenaBytes[r]), record: record)
                    }
                }
            }
            done += content.count + 1
            if index & 0xFFFF == 0 { progress?(done) }
            count = index + 1
        }
        try writer.close()
        self.header = header
        self.layout = try layout ?? RecordLayout(format: format, path: path, keys: keys, header: nil)
        self.count = count
    }
}

/// Raises the soft limit on open files toward `needed` (never past the hard limit, never down);
/// returns the soft limit in force. O(1).
private func openFileLimit(raisingTo needed: Int) -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
    if limit.rlim_cur < rlim_t(needed), limit.rlim_cur < limit.rlim_max {
        var raised = limit
        raised.rlim_cur = min(limit.rlim_max, rlim_t(needed))
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    return Int(clamping: limit.rlim_cur)  // RLIM_INFINITY is the largest value: .max
}

/// The last byte of a file, or nil when it is empty or unreadable. O(1).
private func lastByte(_ path: String) -> UInt8? {
    guard let fd = try? FileHandleOpening.open(path) else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
    var byte: UInt8 = 0
    return pread(fd, &byte, 1, off_t(info.st_size - 1)) == 1 ? byte : nil
}

/// Whether a file begins with a UTF-8 byte order mark (false when it cannot be read). O(1).
private func startsWithByteOrderMark(_ path: String) -> Bool {
    guard let fd = try? FileHandleOpening.open(path) else { return false }
    defer { close(fd) }
    var head: (UInt8, UInt8, UInt8) = (0, 0, 0)
    return withUnsafeMutableBytes(of: &head) { pread(fd, $0.baseAddress, 3, 0) == 3 && ByteOrderMark.starts(UnsafeRawBufferPointer($0)) }
}

/// What finding moves from the spilled pairing takes before the moves are listed: the process's
/// baseline, a partition's share the allocator may keep, the pairing and the core's scratch (12
/// bytes per NEW record) and the updates (about 96 bytes each). Listing adds 4 bytes per move.
enum MovesMemory {
    static func needed(baseline: Int, budget: Int, newRecords: Int, updates: Int) -> Int {
        baseline + budget + 12 * newRecords + 96 * updates
    }
}

/// One partition file read back: entries `[u32 index][u32 key length][u32 record length][key][record]`.
private struct Partition {
    struct Entry {
        var index: Int
        var key: Range<Int>
        var record: Range<Int>
    }

    let bytes: [UInt8]
    let entries: [Entry]

    init(path: String) throws {
        let fd = try FileHandleOpening.open(path)
        defer { close(fd) }
        bytes = try FileHandleOpening.readAll(fd, path: path)
        var entries: [Entry] = []
        bytes.withUnsafeBytes { raw in
            var at = 0
            while at + 12 <= raw.count {
                let index = Int(raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))
                let keyLength = Int(raw.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self))
                let recordLength = Int(raw.loadUnaligned(fromByteOffset: at + 8, as: UInt32.self))
                let key = at + 12
                entries.append(Entry(index: index, key: key..<key + keyLength, record: key + keyLength..<key + keyLength + recordLength))
                at = key + keyLength + recordLength
            }
        }
        self.entries = entries
    }

    /// Every entry's key packed in a word (`KeyPacker`), or nil when one has no packed form. O(entries).
    func packedKeys() -> [UInt64]? {
        bytes.withUnsafeBytes { raw in
            var keys: [UInt64] = []
            keys.reserveCapacity(entries.count)
            for entry in entries {
                guard let word = KeyPacker.pack(raw, entry.key) else { return nil }
                keys.append(word)
            }
            return keys
        }
    }

    func withKeySpans<R>(_ body: ([heckel_span]) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { raw in
            try body(entries.map { heckel_span(bytes: $0.key.isEmpty ? nil : raw.baseAddress! + $0.key.lowerBound, length: $0.key.count) })
        }
    }
}

/// Buffered appends to one side's partition files, each entry to the partition of its key's hash.
private final class PartitionWriter {
    private let fds: UnsafeMutableBufferPointer<Int32>
    private let paths: [String]
    /// One buffer of `capacity` bytes per partition, and how much of each is filled.
    private let buffers: UnsafeMutableRawPointer
    private let filled: UnsafeMutableBufferPointer<Int>
    private let capacity: Int

    /// `count`: a power of two.
    init(folder: TemporaryFolder, side: Int, count: Int, flushAt: Int) throws {
        capacity = flushAt
        buffers = .allocate(byteCount: count * flushAt, alignment: 16)
        filled = .allocate(capacity: count)
        filled.initialize(repeating: 0)
        fds = .allocate(capacity: count)
        fds.initialize(repeating: -1)
        paths = (0..<count).map { folder.path(side: side, partition: $0) }
        for (p, path) in paths.enumerated() {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw DiffError.io(path: path, reason: String(cString: strerror(errno))) }
            fds[p] = fd
        }
    }

    deinit {
        for fd in fds where fd >= 0 { Glibc.close(fd) }
        fds.deallocate()
        filled.deallocate()
        buffers.deallocate()
    }

    /// Appends `[u32 index][u32 key length][u32 record length][key][record]` to the partition of
    /// the key's hash. O(key + record).
    @inline(__always)
    func append(index: Int, key: UnsafeRawBufferPointer, record: UnsafeRawBufferPointer) throws {
        guard key.count < 1 << 32, record.count < 1 << 32 else { throw DiffError.core("a record over 4 GiB") }
        let p = Int(truncatingIfNeeded: heckel_hash_bytes(key.baseAddress, key.count) >> 40) & (filled.count - 1)
        let size = 12 + key.count + record.count
        if filled[p] + size > capacity { try flush(p) }
        if size > capacity {  // an entry longer than a buffer goes straight to its file
            var header = (UInt32(truncatingIfNeeded: index).littleEndian, UInt32(key.count).littleEndian, UInt32(record.count).littleEndian)
            try withUnsafeBytes(of: &header) { try write(p, $0) }
            try write(p, key)
            try write(p, record)
            return
        }
        let at = buffers + p * capacity + filled[p]
        at.storeBytes(of: UInt32(truncatingIfNeeded: index).littleEndian, as: UInt32.self)
        (at + 4).storeBytes(of: UInt32(key.count).littleEndian, as: UInt32.self)
        (at + 8).storeBytes(of: UInt32(record.count).littleEndian, as: UInt32.self)
        if let source = key.baseAddress { (at + 12).copyMemory(from: source, byteCount: key.count) }
        if let source = record.baseAddress { (at + 12 + key.count).copyMemory(from: source, byteCount: record.count) }
        filled[p] += size
    }

    private func flush(_ p: Int) throws {
        try write(p, UnsafeRawBufferPointer(start: buffers + p * capacity, count: filled[p]))
        filled[p] = 0
    }

    private func write(_ p: Int, _ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let wrote = Glibc.write(fds[p], bytes.baseAddress! + offset, bytes.count - offset)
            if wrote < 0 {
                if errno == EINTR { continue }
                throw DiffError.io(path: paths[p], reason: String(cString: strerror(errno)))
            }
            offset += wrote
        }
    }

    /// Writes what is buffered. O(buffered bytes).
    func close() throws {
        for p in 0..<filled.count { try flush(p) }
    }
}

/// A private folder for partition files, removed with everything in it when released (and by
/// `SignalCleanup`'s handler on SIGINT/SIGTERM/SIGHUP).
final class TemporaryFolder {
    let root: String

    /// `partitions`: files `old-N` and `new-N` for N below it are what the folder may hold.
    init(partitions: Int) throws {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/heckel-spill-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw DiffError.io(path: base, reason: "cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        root = String(cString: template)
        SignalCleanup.spillFolder(root, partitions: partitions)
    }

    func path(side: Int, partition: Int) -> String { "\(root)/\(side == 0 ? "old" : "new")-\(partition)" }

    func remove(side: Int, partition: Int) {
        let path = path(side: side, partition: partition)
        unlink(path)
    }

    deinit {
        if let dir = opendir(root) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." {
                    unlink("\(root)/\(name)")
                }
            }
            closedir(dir)
        }
        rmdir(root)
        SignalCleanup.spillFolder(nil, partitions: 0)
    }
}
