#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `--output` lands: the output is renamed onto the directory entry its path names, so it
/// replaces an input when that entry is the file the input's path resolves to.
public enum OutputPath {
    /// Whether renaming a file onto `output` could replace the file `input` reads, however either
    /// path is spelled (`./`, `..`, repeated slashes, symbolic links in the folders or as the
    /// input, another case on a case-insensitive volume, a bind mount). An `output` that is itself
    /// a symbolic link is replaced as a link, so the file it names is kept: not a clash. An existing
    /// `output` that is the input's file (same device and inode) is a clash even as another hard
    /// link: the same entry under another name cannot be told from it. False when either path
    /// cannot be resolved (a missing folder: the run fails on it later). O(path length).
    public static func replaces(_ input: String, output: String) -> Bool {
        guard let target = resolved(input), let entry = entry(output) else { return false }
        return target == entry || sameFile(input, entry: output)
    }

    /// Whether `output` exists, is not a symbolic link, and is the file `input` resolves to.
    private static func sameFile(_ input: String, entry output: String) -> Bool {
        var read = stat(), written = stat()
        guard stat(input, &read) == 0, lstat(output, &written) == 0,
              written.st_mode & S_IFMT != S_IFLNK else { return false }
        return read.st_dev == written.st_dev && read.st_ino == written.st_ino
    }

    /// The directory entry `path` names, with its folder resolved and its last component as given
    /// (not followed), or the path resolved whole when its last component is `.`, `..` or empty.
    private static func entry(_ path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let name = String(slash.map { path[path.index(after: $0)...] } ?? path[...])
        if name.isEmpty || name == "." || name == ".." { return resolved(path) }
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        guard let base = resolved(folder) else { return nil }
        return base == "/" ? "/" + name : base + "/" + name
    }

    /// `realpath(3)` of `path`: absolute, symbolic links followed; nil when it does not exist.
    private static func resolved(_ path: String) -> String? {
        guard let result = realpath(path, nil) else { return nil }
        defer { free(result) }
        return String(cString: result)
    }
}
