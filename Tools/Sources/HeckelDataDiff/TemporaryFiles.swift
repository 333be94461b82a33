#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSignalCleanup

/// What SIGINT, SIGTERM and SIGHUP remove before the process exits with status 2 and one line
/// ("heckel: interrupted by SIGINT"): the spill folder and the partial output file. Their owners
/// remove them on every other exit. The handler is C (`CSignalCleanup`), async-signal-safe.
public enum SignalCleanup {
    /// Installs the handlers, and ignores SIGXFSZ, so that a write past the file-size limit
    /// (`ulimit -f`) fails with EFBIG, told in one line, instead of ending the process. Call once,
    /// first thing in `main`; a library caller keeps its own signal handling. O(1).
    public static func install() {
        heckel_cleanup_install()
        signal(SIGXFSZ, SIG_IGN)
    }

    /// The spill folder and its partition count (nil: none). O(path).
    static func spillFolder(_ root: String?, partitions: Int) {
        heckel_cleanup_set_folder(root, Int32(partitions))
    }

    /// The partial output file (nil: none). O(path).
    static func partialOutput(_ path: String?) {
        heckel_cleanup_set_partial(path)
    }

    /// Runs `body`, the output's commit, with the signals held: when it returns they stay held
    /// (the run finishes with its output complete); when it throws, a signal that came meanwhile
    /// ends the run as it would have. O(1).
    static func committing<R>(_ body: () throws -> R) rethrows -> R {
        heckel_cleanup_hold(1)
        do {
            return try body()
        } catch {
            heckel_cleanup_hold(0)
            throw error
        }
    }
}
