#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Nanoseconds on a clock that never jumps, for timing dispatches. (`ContinuousClock` needs
/// macOS 13 / iOS 16; the package supports older systems.)
enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point; only differences mean anything.
    @inline(__always)
    static func now() -> UInt64 {
        #if canImport(Darwin)
            return clock_gettime_nsec_np(CLOCK_UPTIME_RAW)
        #else
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
        #endif
    }

    /// The nanoseconds from `start` until now.
    @inline(__always)
    static func nanoseconds(since start: UInt64) -> UInt64 {
        let end = now()
        return end >= start ? end - start : 0
    }
}
