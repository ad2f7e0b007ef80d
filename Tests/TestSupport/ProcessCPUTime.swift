import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CPU time (user + system, in seconds) a running process has used so far, read from
/// `/proc/<pid>/stat`; `nil` where there is no `/proc` (not Linux) or the process is gone.
///
/// Sample it twice while a program waits to learn what waiting costs:
///
/// ```swift
/// let before = try #require(processCPUTime(of: terminal.processIdentifier))
/// Thread.sleep(forTimeInterval: 3)
/// let spent = try #require(processCPUTime(of: terminal.processIdentifier)) - before
/// ```
///
/// - Parameter pid: The process.
/// - Returns: Seconds of CPU time, at the kernel's clock-tick resolution (usually 10 ms).
public func processCPUTime(of pid: Int32) -> Double? {
    #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)" come the fields from the third on; utime and stime are the 14th and 15th.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            return nil
        }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ticks > 0 ? (user + system) / ticks : nil
    #else
        return nil
    #endif
}

/// The CPU time (seconds) `pid` uses over the next `seconds` of wall-clock time, sampled from
/// `/proc` before and after; `nil` where ``processCPUTime(of:)`` can't tell, or the process ended.
public func processCPUTime(of pid: Int32, during seconds: TimeInterval) -> Double? {
    guard let start = processCPUTime(of: pid) else { return nil }
    Thread.sleep(forTimeInterval: seconds)
    guard let end = processCPUTime(of: pid) else { return nil }
    return end - start
}

/// Whether ``processCPUTime(of:)`` works here (Linux, with `/proc`).
public var canMeasureProcessCPUTime: Bool {
    processCPUTime(of: getpid()) != nil
}
