#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered output to stdout, or to a file written under a temporary name and renamed into place
/// only by `commit()`, so a failed run never leaves a partial file that looks complete.
public final class OutputSink {
    private var buffer: [UInt8] = []
    private let fd: Int32
    private let finalPath: String?
    private let partialPath: String?

    /// nil: stdout. A path: written to `path.partial-PID`, renamed by `commit()`.
    public init(path: String?) throws {
        buffer.reserveCapacity(1 << 20)
        guard let path else { fd = 1; finalPath = nil; partialPath = nil; return }
        let partial = "\(path).partial-\(getpid())"
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw DiffError.io(path: path, reason: String(cString: strerror(errno))) }
        SignalCleanup.partialOutput(partial)
        self.fd = fd
        finalPath = path
        partialPath = partial
    }

    private var committed = false

    deinit {
        guard let partialPath else { return }
        close(fd)
        if !committed {
            unlink(partialPath)
            SignalCleanup.partialOutput(nil)
        }
    }

    @inline(__always)
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    public func write(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { try? flush() }
    }

    @inline(__always)
    public func write(byte: UInt8) { buffer.append(byte) }

    public func write(decimal value: Int) { write(String(value)) }

    private var failure: Int32 = 0

    private func flush() throws {
        var offset = 0
        while offset < buffer.count, failure == 0 {
            let wrote = buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if wrote < 0 { if errno != EINTR { failure = errno } } else { offset += wrote }
        }
        buffer.removeAll(keepingCapacity: true)
        if failure != 0 { throw DiffError.io(path: finalPath ?? "stdout", reason: String(cString: strerror(failure))) }
    }

    /// Flushes, and for a file renames it into place. Throws on any write error met.
    public func commit() throws {
        try flush()
        guard let finalPath, let partialPath else { return }
        guard fsync(fd) == 0 || errno == EINVAL else { throw DiffError.io(path: finalPath, reason: String(cString: strerror(errno))) }
        // An interrupted run leaves the old output; one that renamed the new output finishes.
        try SignalCleanup.committing {
            guard rename(partialPath, finalPath) == 0 else { throw DiffError.io(path: finalPath, reason: String(cString: strerror(errno))) }
            committed = true
            SignalCleanup.partialOutput(nil)
        }
    }
}
