#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `--output` lands: the output is renamed onto the directory entry its path names, so it
/// replaces an input exactly when that entry is the file the input's path resolves to.
public enum OutputPath {
    /// Whether renaming a file onto `output` would replace the file `input` reads, however either
    /// path is spelled (`./`, `..`, repeated slashes, symbolic links in the folders or as the
    /// input). An `output` that is itself a symbolic link is replaced as a link, so the file it
    /// names is kept: not a clash. A hard link is another entry: not a clash either. False when
    /// either path cannot be resolved (a missing folder: the run fails on it later). O(path length).
    public static func replaces(_ input: String, output: String) -> Bool {
        guard let target = resolved(input), let entry = entry(output) else { return false }
        return target == entry
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
