#if canImport(Glibc)
import Glibc
#endif
import CHeckel
import Dispatch
import HeckelDataFiles

/// The updates of a keyed in-memory diff: every matched pair compared byte for byte, and the
/// changed columns of each pair that differs. NEW is cut into one range of positions per thread,
/// swept at once; the updates come out ascending by NEW position whatever the thread count.
///
/// Memory: each range's sweep keeps only a window of either file mapped. NEW is walked forward
/// and released behind. OLD is followed where the pairs in order lead (within `window` bytes of
/// the last record read there); a record out of that window (a moved record, or one whose order
/// NEW does not keep) is read with `pread` instead, so it maps no pages: no move pass is needed to
/// tell such records, and `--ignore-order` stays as small as the ordered run. A run of records
/// out of the window but near one another is where the pairs in order went on: the window
/// follows them there.
struct UpdateSweep {
    let old: RecordFile
    let oldLayout: RecordLayout
    let new: RecordFile
    let newLayout: RecordLayout

    /// Bytes of OLD on either side of the sweep's place that stay mapped (tests make it small).
    var window = 8 << 20
    /// Records out of the window, each within it of the last, after which the window moves there.
    static let followAfter = 16

    /// The updates of the pairs `newToOld` (NEW position to OLD, or `HECKEL_UNMATCHED`).
    /// `threads` 0: the machine's cores; each thread gets `perThread` NEW records at least.
    /// The result does not depend on either. Cost: O(bytes of the matched records); one `pread`
    /// per record out of the window.
    func updates(newToOld: [UInt32], threads: Int = 0, perThread: Int = 1 << 17) throws -> [DiffResult.Update] {
        let cores = threads > 0 ? threads : max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let parts = max(1, min(cores, newToOld.count / max(1, perThread)))
        return try newToOld.withUnsafeBufferPointer { pairs in
            try concurrentMap(parts) { part in
                try sweep(pairs, pairs.count * part / parts..<pairs.count * (part + 1) / parts)
            }
        }.flatMap { $0 }
    }

    private func sweep(_ newToOld: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) throws -> [DiffResult.Update] {
        try old.starts.withUnsafeBufferPointer { oldStarts in
            try new.starts.withUnsafeBufferPointer { newStarts in
                try sweep(newToOld, range, oldStarts: oldStarts, newStarts: newStarts)
            }
        }
    }

    private func sweep(_ newToOld: UnsafeBufferPointer<UInt32>, _ range: Range<Int>,
                       oldStarts: UnsafeBufferPointer<Int>, newStarts: UnsafeBufferPointer<Int>) throws -> [DiffResult.Update] {
        var updates: [DiffResult.Update] = []
        guard !range.isEmpty else { return updates }
        let oldBytes = old.file.bytes, newBytes = new.file.bytes, format = old.format, oldMapped = old.file.mapped
        var reader = try OutOfWindowReader(file: old.file)
        var newReleased = ReleaseCursor(from: newStarts[range.lowerBound])
        var place = -1  // where in OLD the pairs in order are (-1: not found yet)
        var low = Int.max, high = 0  // the OLD bytes read through the mapping since the last release
        var run = 0, lastOut = 0
        for j in range {
            let i = Int(newToOld[j])
            if i == HECKEL_UNMATCHED { continue }
            let record = oldStarts[i]..<oldStarts[i + 1]
            var inWindow = place < 0 || abs(record.lowerBound - place) <= window || !oldMapped
            if !inWindow {
                run = abs(record.lowerBound - lastOut) <= window ? run + 1 : 1
                lastOut = record.lowerBound
                inWindow = run >= Self.followAfter
            }
            let newContent = RecordFile.content(of: newStarts[j]..<newStarts[j + 1], in: newBytes, format: format)
            if inWindow {
                place = record.lowerBound
                run = 0
                low = min(low, record.lowerBound)
                high = max(high, record.upperBound)
                compare(oldBytes, RecordFile.content(of: record, in: oldBytes, format: format), i, newBytes, newContent, j, into: &updates)
            } else {
                let copy = try reader.read(record)
                compare(copy, RecordFile.content(of: 0..<record.count, in: copy, format: format), i, newBytes, newContent, j, into: &updates)
            }
            if j & 0xFFFF == 0xFFFF {
                newReleased.release(new.file, upTo: newContent.lowerBound)
                releaseOld(low: &low, high: &high, keeping: place)
            }
        }
        new.file.release(newStarts[range.lowerBound]..<newStarts[range.upperBound])
        releaseOld(low: &low, high: &high, keeping: nil)
        return updates
    }

    @inline(__always)
    private func compare(_ oldBytes: UnsafeRawBufferPointer, _ oldContent: Range<Int>, _ i: Int,
                         _ newBytes: UnsafeRawBufferPointer, _ newContent: Range<Int>, _ j: Int,
                         into updates: inout [DiffResult.Update]) {
        guard !equalBytes(oldBytes, oldContent, newBytes, newContent) else { return }
        let columns = newLayout.changedColumns(old: oldBytes, oldContent, oldLayout: oldLayout, new: newBytes, newContent)
        guard !columns.isEmpty else { return }  // equal field by field (JSON fields in another order)
        updates.append(DiffResult.Update(old: i, new: j, columns: columns))
    }

    /// Gives back OLD's pages read since the last call, but for the window around `place` (nil:
    /// all of them). The kernel maps pages around each one read (fault-around, large page-cache
    /// folios): up to 2 MiB past `high` are released too.
    private func releaseOld(low: inout Int, high: inout Int, keeping place: Int?) {
        guard low < high else { return }
        let past = min(old.file.bytes.count, high + (2 << 20))
        guard let place else {
            old.file.release(max(0, low - (2 << 20))..<past)
            low = .max; high = 0
            return
        }
        let keep = max(0, place - window)..<min(old.file.bytes.count, place + window)
        if low < keep.lowerBound { old.file.release(max(0, low - (2 << 20))..<keep.lowerBound) }
        if past > keep.upperBound { old.file.release(keep.upperBound..<past) }
        low = max(low, keep.lowerBound)
        high = min(high, keep.upperBound)
    }
}

/// Reads one record of a file with `pread` into a buffer of its own, mapping no pages.
private struct OutOfWindowReader: ~Copyable {
    private let path: String
    private var fd: Int32 = -1
    private var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 12, alignment: 16)

    init(file: MappedFile) throws {
        path = file.path
        if file.mapped { fd = try FileHandleOpening.open(path) }
    }

    deinit {
        if fd >= 0 { close(fd) }
        buffer.deallocate()
    }

    /// The bytes `range` of the file, valid until the next call. O(range).
    mutating func read(_ range: Range<Int>) throws -> UnsafeRawBufferPointer {
        if range.count > buffer.count {
            buffer.deallocate()
            buffer = .allocate(byteCount: range.count, alignment: 16)
        }
        var done = 0
        while done < range.count {
            let got = pread(fd, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                throw DataFileError.unreadable(path: path, reason: got == 0 ? "the file shrank while being read" : String(cString: strerror(errno)))
            }
            done += got
        }
        return UnsafeRawBufferPointer(rebasing: buffer[0..<range.count])
    }
}
