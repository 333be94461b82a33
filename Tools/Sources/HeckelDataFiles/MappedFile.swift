#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CDataFiles

/// A whole file's bytes, memory-mapped read-only (a regular file) or read into memory (a pipe or
/// a character device such as `/dev/null`, which reads as empty). Unmapped on deinit.
///
/// A regular file that shrinks while mapped never crashes the process: the mapping is guarded
/// (`CDataFiles`), pages past the new end read as zeros, and `verifyUnchanged()` throws. When no
/// guard slot is free the file is read into memory instead.
///
/// Invariant: `bytes` is valid for the object's lifetime and never written.
public final class MappedFile: @unchecked Sendable {
    public let path: String
    public let bytes: UnsafeRawBufferPointer
    /// Whether `bytes` is a mapping of the file (else a copy in memory, which `release` leaves).
    public let mapped: Bool
    /// The file's stamp when it was opened (nil for a pipe or a device).
    public let stamp: FileStamp?
    private let guardSlot: Int32

    /// Opens and maps `path`. Throws `DataFileError` for a missing file, a directory or a read
    /// error, each distinctly. Cost: O(1) for a regular file (pages load on first touch).
    public init(path: String) throws {
        self.path = path
        let fd = try FileHandleOpening.open(path)
        defer { close(fd) }
        guard let stamp = FileStamp(fd: fd, path: path) else {
            self.stamp = nil
            guardSlot = -1
            (bytes, mapped) = (try Self.copy(FileHandleOpening.readAll(fd, path: path)), false)
            return
        }
        self.stamp = stamp
        let size = stamp.size
        if size > 0, let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED {
            let slot = heckel_guard_add(base, size)
            if slot >= 0 {
                _ = madvise(base, size, MADV_SEQUENTIAL)
                (bytes, mapped, guardSlot) = (UnsafeRawBufferPointer(start: base, count: size), true, slot)
                return
            }
            munmap(base, size)
        } else if size > 0 {
            throw DataFileError.unreadable(path: path, reason: errnoText())
        }
        guardSlot = -1
        var data = try FileHandleOpening.readAll(fd, path: path)
        if data.count > size { data.removeLast(data.count - size) }  // what was there when opened
        (bytes, mapped) = (try Self.copy(data), false)
    }

    private static func copy(_ data: [UInt8]) throws -> UnsafeRawBufferPointer {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        data.withUnsafeBytes { copy.copyMemory(from: $0) }
        return UnsafeRawBufferPointer(start: copy.baseAddress, count: data.count)
    }

    /// Throws `DataFileError.changedWhileRead` when the file shrank under the mapping (a page past
    /// its end was read as zeros) or no longer has the stamp it had when opened. A pipe or a device
    /// never throws. O(1).
    public func verifyUnchanged() throws {
        guard let stamp else { return }
        if heckel_guard_faulted(guardSlot) != 0 {
            throw DataFileError.changedWhileRead(path: path, was: stamp.size, now: FileStamp(path: path)?.size ?? -1)
        }
        try stamp.verify()
    }

    /// Gives the whole pages inside `range` back to the kernel (a mapped file only): they leave the
    /// resident set and are read again from the page cache if touched. Keeps a big input's
    /// footprint to the window being worked on. O(pages).
    public func release(_ range: Range<Int>) {
        guard mapped, let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page, end = range.upperBound / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    deinit {
        if mapped {
            heckel_guard_remove(guardSlot)
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        } else {
            UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate()
        }
    }
}

/// Opening a file for reading with errors that tell a missing file, a directory and a refusal apart.
public enum FileHandleOpening {
    /// A read-only descriptor for `path`, which must not be a directory. Cost: O(1).
    public static func open(_ path: String) throws -> Int32 {
        var info = stat()
        if stat(path, &info) != 0 {
            if errno == ENOENT { throw DataFileError.noSuchFile(path: path) }
            throw DataFileError.unreadable(path: path, reason: errnoText())
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw DataFileError.isDirectory(path: path) }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw DataFileError.unreadable(path: path, reason: errnoText()) }
        return fd
    }

    /// Whether `path` is a pipe, FIFO or socket: a stream, read once and whole. Nothing may open
    /// or read it before that read: an open pairs a FIFO with its writer, which is gone when the
    /// real read opens it again, and bytes read from a pipe are gone for the next reader. O(1).
    public static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK
    }

    /// Whether `a` and `b` name one stream (`isStream`; the same device and inode once links are
    /// followed, as `/dev/stdin` twice): read once, it cannot be both inputs. O(1).
    public static func isOneStream(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard isStream(a), stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Throws what `open` would for `path`, without opening a stream (`isStream`): a stream is
    /// checked by `access` alone. O(1).
    public static func check(_ path: String) throws {
        guard isStream(path) else {
            close(try open(path))
            return
        }
        guard access(path, R_OK) == 0 else { throw DataFileError.unreadable(path: path, reason: errnoText()) }
    }

    /// Every byte left on `fd`: of a regular file read straight into an array of its size, else
    /// in chunks. Cost: O(bytes).
    public static func readAll(_ fd: Int32, path: String) throws -> [UInt8] {
        var info = stat()
        let offset = lseek(fd, 0, SEEK_CUR)
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, offset >= 0, Int(info.st_size) > Int(offset) {
            var failure: Int32 = 0
            let expected = Int(info.st_size) - Int(offset)
            var result = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
                while count < expected {
                    let got = read(fd, buffer.baseAddress! + count, expected - count)
                    if got < 0, errno == EINTR { continue }
                    if got < 0 { failure = errno; return }
                    if got == 0 { return }
                    count += got
                }
            }
            guard failure == 0 else { throw DataFileError.unreadable(path: path, reason: String(cString: strerror(failure))) }
            guard result.count == expected else { return result }
            result += try readChunks(fd, path: path)  // the file grew meanwhile
            return result
        }
        return try readChunks(fd, path: path)
    }

    private static func readChunks(_ fd: Int32, path: String) throws -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw DataFileError.unreadable(path: path, reason: errnoText())
            }
            if got == 0 { return result }
            result.append(contentsOf: chunk[0..<got])
        }
    }
}

func errnoText() -> String { String(cString: strerror(errno)) }

/// Gives a mapped file's pages back behind a pass that moves forward through it, each page once:
/// from where the last call stopped rather than from the file's start (which made every call
/// O(pages behind) and the pass quadratic in system time).
public struct ReleaseCursor {
    private var done = 0

    /// `from`: where the pass begins (pages before it are not its to release).
    public init(from start: Int = 0) { done = start & ~0xFFFF }

    /// Releases `file`'s pages before `end` not released by this cursor yet. O(new pages).
    public mutating func release(_ file: MappedFile, upTo end: Int) {
        guard end > done else { return }
        file.release(done..<end)
        done = end & ~0xFFFF  // a 64 KiB boundary (a whole number of pages): `end`'s page goes next time
    }
}
