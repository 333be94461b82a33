import CMallocControl
import Foundation

/// Resident memory of this process, read from Linux's /proc. The peak of one diff is measured as
/// the resident high-water mark during the call minus the resident size just before it, with the
/// high-water mark reset first (`/proc/self/clear_refs`), so the inputs and earlier runs do not
/// count. Free heap pages go back to the system before the first (cold) call
/// (`releaseFreeMemory`), so it pays for and counts its memory afresh; glibc keeps its default
/// mmap threshold, so the calls after it reuse the blocks as any process's repeated calls do (a
/// fixed threshold would map and fault every block of 128 KiB or more anew on every call, a cost
/// no default process pays).
enum MemoryProbe {
    /// Returns free heap pages to the system so they do not hide the next allocation. Complete on
    /// the main thread's arena only: in a thread's arena glibc keeps the free top of the heap
    /// (hence `HeckelBenchCommand.main` serves a child on the main thread).
    static func releaseFreeMemory() {
        #if os(Linux)
        _ = malloc_trim(0)
        #endif
    }

    /// Resets VmHWM to the current resident size. False where the kernel does not allow it; the
    /// peak then covers the whole process life since the inputs were built.
    static func resetPeak() -> Bool {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
        defer { fclose(file) }
        return fputs("5", file) >= 0 && fflush(file) == 0
    }

    /// Minor page faults and CPU seconds (user + system) of the process so far, every thread's
    /// (`getrusage`).
    static func usage() -> (minorFaults: Int, cpuSeconds: Double) {
        var usage = rusage()
        #if os(Linux)
        let who = RUSAGE_SELF.rawValue  // glibc's enum; getrusage takes its raw value
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return (0, 0) }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        return (Int(usage.ru_minflt), seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// Current resident bytes (VmRSS).
    static func residentBytes() -> Int { statusField("VmRSS:") }

    /// Peak resident bytes since start or the last `resetPeak()` (VmHWM).
    static func peakResidentBytes() -> Int { statusField("VmHWM:") }

    /// Memory the system can give without swapping (MemAvailable), or the physical size.
    static func availableBytes() -> Int {
        if let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
           let kilobytes = field("MemAvailable:", in: text) {
            return kilobytes * 1024
        }
        return Int(ProcessInfo.processInfo.physicalMemory)
    }

    private static func statusField(_ name: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let kilobytes = field(name, in: text) else { return 0 }
        return kilobytes * 1024
    }

    /// The number of kB on the line starting with `name` ("VmHWM:   1234 kB").
    private static func field(_ name: String, in text: String) -> Int? {
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }
}
