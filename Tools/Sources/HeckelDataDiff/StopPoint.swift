#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Test hook: with `HECKEL_STOP_AT=NAME` in the environment the process stops itself (SIGSTOP)
/// when the run reaches the point NAME: a phase's name ("reading", "matching", "updates",
/// "partitioning", "matching partitions", "finding moves", "writing") or "scanning" (NEW's first
/// records scanned in memory). A test then changes an input, or signals the process, at exactly
/// that moment and lets it go on (SIGCONT). Unset, a point costs one comparison.
enum StopPoint {
    private static let target: String? = getenv("HECKEL_STOP_AT").map { String(cString: $0) }

    static func reach(_ name: String) {
        if let target, target == name { raise(SIGSTOP) }
    }
}
