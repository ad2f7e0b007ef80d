#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What an instrumented store reads time from: nanoseconds since an arbitrary fixed point, of
/// which only differences mean anything. Tests give the store a clock they advance. (A class,
/// so that the probe checks whether it has one without copying an existential.)
protocol NanosecondClock: AnyObject {
    func now() -> UInt64
}

/// Nanoseconds on a clock that never jumps, for timing dispatches. (`ContinuousClock` needs
/// macOS 13 / iOS 16; the package supports older systems.)
struct MonotonicClock {
    @inline(__always)
    func now() -> UInt64 {
        #if canImport(Darwin)
            return clock_gettime_nsec_np(CLOCK_UPTIME_RAW)
        #else
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
        #endif
    }
}
