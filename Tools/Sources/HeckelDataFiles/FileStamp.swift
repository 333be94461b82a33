#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies a regular file's content at one moment: device, inode, size and modification
/// time. A file rewritten, truncated, extended or replaced under its path no longer matches.
/// Pipes and devices have no stamp (their size says nothing).
public struct FileStamp: Equatable, Sendable {
    public let path: String
    public let device: UInt64
    public let inode: UInt64
    public let size: Int
    public let modified: timespec

    /// The stamp of the open descriptor `fd` of `path`, or nil when it is not a regular file. O(1).
    public init?(fd: Int32, path: String) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        self.init(info, path: path)
    }

    /// The stamp of the file at `path` now, or nil when there is none or it is not regular. O(1).
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info, path: path)
    }

    private init?(_ info: stat, path: String) {
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        modified = info.st_mtim
    }

    /// Throws `DataFileError.changedWhileRead` unless the file at `path` still has this stamp. O(1).
    public func verify() throws {
        guard let now = FileStamp(path: path) else {
            throw DataFileError.changedWhileRead(path: path, was: size, now: -1)
        }
        guard now == self else { throw DataFileError.changedWhileRead(path: path, was: size, now: now.size) }
    }

    public static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
}
