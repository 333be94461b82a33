import Foundation
import Testing

/// A `heckel` child started with `HECKEL_STOP_AT`, so a test can act at a known point of its run
/// (see `StopPoint`). Its stdout and stderr go to files of the scratch folder.
struct StoppedRun {
    let pid: pid_t
    let stdoutPath: String
    let stderrPath: String

    /// Starts `heckel arguments` with `environment` added; `stopAt` names the point (nil: none).
    init(_ arguments: [String], stopAt: String?, environment: [String: String] = [:], scratch: Scratch) throws {
        stdoutPath = scratch.path("stdout-\(UUID().uuidString)")
        stderrPath = scratch.path("stderr-\(UUID().uuidString)")
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let stopAt { env["HECKEL_STOP_AT"] = stopAt }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([heckelExecutable.path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // The child starts with no signal blocked and default dispositions, whatever the test
        // runner's thread has (a blocked SIGTERM would stay pending in the child).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = posix_spawn(&pid, heckelExecutable.path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        self.pid = pid
    }

    /// Waits until the child stops itself (true) or ends without stopping (false, its status kept
    /// for `finish`). Blocks; the child always does one or the other.
    mutating func waitForStop() -> Bool {
        var status: Int32 = 0
        while waitpid(pid, &status, WUNTRACED) < 0, errno == EINTR {}
        if status & 0xFF == 0x7F { return true }  // WIFSTOPPED
        ended = status
        return false
    }

    private var ended: Int32?

    /// Lets a stopped child go on (SIGCONT), or sends `signal` and then SIGCONT, and waits for its
    /// end. Exit status, or 128 + the signal that ended it.
    /// `after`: microseconds between SIGCONT and `signal` (nil: the signal first, so that it
    /// arrives at the stop point itself).
    mutating func finish(sending signal: Int32? = nil, after delay: UInt32? = nil) throws -> Run {
        var status: Int32
        if let ended {
            status = ended
        } else {
            if let signal, delay == nil { kill(pid, signal) }
            kill(pid, SIGCONT)
            if let signal, let delay {
                usleep(delay)
                kill(pid, signal)
            }
            status = 0
            while true {
                guard waitpid(pid, &status, 0) >= 0 || errno != EINTR else { continue }
                if status & 0xFF != 0x7F { break }  // stopped again: not the end
                kill(pid, SIGCONT)
            }
        }
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
        let out = try Data(contentsOf: URL(fileURLWithPath: stdoutPath))
        let err = String(decoding: try Data(contentsOf: URL(fileURLWithPath: stderrPath)), as: UTF8.self)
        try? FileManager.default.removeItem(atPath: stdoutPath)
        try? FileManager.default.removeItem(atPath: stderrPath)
        return Run(status: code, stdout: out, stderr: err)
    }
}
