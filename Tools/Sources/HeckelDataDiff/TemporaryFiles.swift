#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths to remove on every exit path: by their owners when done, and by a SIGINT/SIGTERM/SIGHUP
/// handler (which then exits with status 2) when the run is interrupted.
final class TemporaryFiles: @unchecked Sendable {
    static let shared = TemporaryFiles()
    private let lock = NSLockish()
    /// C strings kept ready so the signal handler only calls unlink/rmdir (async-signal-safe).
    private var paths: [UnsafeMutablePointer<CChar>] = []
    private var installed = false

    func register(_ path: String) {
        lock.locked {
            paths.append(strdup(path))
            if !installed {
                installed = true
                for signal in [SIGINT, SIGTERM, SIGHUP] {
                    Glibc.signal(signal) { _ in TemporaryFiles.shared.removeAllForSignal(); _exit(2) }
                }
            }
        }
    }

    func unregister(_ path: String) {
        lock.locked {
            if let index = paths.lastIndex(where: { String(cString: $0) == path }) {
                free(paths.remove(at: index))
            }
        }
    }

    private func removeAllForSignal() {
        // Files first, folders (registered before their files) last.
        for path in paths.reversed() where unlink(path) != 0 { rmdir(path) }
    }
}
