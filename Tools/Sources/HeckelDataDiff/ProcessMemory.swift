#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's resident memory, from /proc/self/status (Linux).
enum ProcessMemory {
    /// Resident bytes now and at the peak so far; nil where /proc is not there. O(1).
    static func resident() -> (now: Int, peak: Int)? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var now: Int?, peak: Int?
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let words = String(cString: line).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            guard words.count >= 2, let kilobytes = Int(words[1]) else { continue }
            if words[0] == "VmRSS:" { now = kilobytes << 10 }
            if words[0] == "VmHWM:" { peak = kilobytes << 10 }
        }
        guard let now, let peak else { return nil }
        return (now, peak)
    }
}
