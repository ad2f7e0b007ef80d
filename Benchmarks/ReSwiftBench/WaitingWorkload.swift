import Foundation
import HTTPTransport
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - waiting: the CPU an app spends while nothing happens

/// What waiting costs, in milliseconds of CPU per second of waiting, beside a thread blocked in
/// `poll` for the same time:
/// - an ``EventLoop`` with the apps' 0.1 s ticks and no key pressed (memory-game and
///   library-finder waiting for the user), beside `poll` on the same pipe waking as often;
/// - an ``HTTPClient`` request to a server that never answers (library-finder waiting for the
///   Calil API), beside `poll` on a connected socket.
///
/// A loop that spins instead of blocking shows here as hundreds of ms/s (library-finder once
/// used a whole core waiting on a silent server). The floor is near zero, so the row compares
/// against a bound, not a ratio. Each sample waits ``window`` seconds; the least CPU of
/// at most five samples is reported, as the fastest is elsewhere.
@MainActor
func waitingWorkload(_ configuration: BenchmarkConfiguration) async -> [Row] {
    let samples = min(configuration.samples, 5)
    var keys = Double.infinity
    var keysFloor = Double.infinity
    var server = Double.infinity
    var serverFloor = Double.infinity
    let silent = SilentServer()
    defer { silent.stop() }
    for _ in 0..<samples {
        keys = min(keys, await eventLoopWait())
        keysFloor = min(keysFloor, pollWait(tick: tick))
        server = min(server, await silentServerWait(port: silent.port))
        serverFloor = min(serverFloor, silent.pollWait())
    }
    return [
        Row(
            workload: "waiting for a key (EventLoop, 0.1 s ticks)", unit: "ms/s", measured: keys,
            floor: keysFloor, floorName: "poll, same wake-ups", target: "≤ 10 ms/s", key: "waiting-keys",
            comparesByRatio: false),
        Row(
            workload: "waiting on a silent server (HTTPClient)", unit: "ms/s", measured: server,
            floor: serverFloor, floorName: "poll on a socket", target: "≤ 10 ms/s", key: "waiting-http",
            comparesByRatio: false),
    ]
}

/// Seconds each sample waits.
private let window = 0.25
/// The apps' tick interval.
private let tick = 0.1

/// The CPU time this process has used, in seconds: all its threads, the loop's waiting queue and
/// the HTTP transfer's among them.
private func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The process's CPU time and the wall-clock time from when it is made.
private struct CPUMeter {
    private let cpu = processCPUSeconds()
    private let wall = DispatchTime.now().uptimeNanoseconds

    /// Milliseconds of CPU per second of wall-clock time since the meter was made.
    func millisecondsPerSecond() -> Double {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e9
        return (processCPUSeconds() - cpu) * 1000 / max(seconds, 1e-9)
    }
}

/// An event loop reading a pipe nobody writes to, with ticks, for ``window`` seconds.
@MainActor
private func eventLoopWait() async -> Double {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { preconditionFailure("reswift-bench: pipe() failed, errno \(errno)") }
    defer { for end in ends { close(end) } }
    let loop = EventLoop(input: ends[0], tickInterval: tick)
    let running = Task { @MainActor in await loop.run { _ in } }
    await Task.yield()
    let meter = CPUMeter()
    try? await Task.sleep(nanoseconds: UInt64(window * 1e9))
    let spent = meter.millisecondsPerSecond()
    loop.stop()
    _ = await running.value
    return spent
}

/// The floor: this thread blocked in `poll` on an empty pipe, woken every `tick` seconds, for
/// ``window`` seconds.
private func pollWait(tick: Double) -> Double {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { preconditionFailure("reswift-bench: pipe() failed, errno \(errno)") }
    defer { for end in ends { close(end) } }
    return blockedInPoll(on: ends[0], tick: tick)
}

/// Milliseconds of CPU per second while this thread polls `fd` for input, waking every `tick`
/// seconds, for ``window`` seconds.
private func blockedInPoll(on fd: Int32, tick: Double) -> Double {
    let meter = CPUMeter()
    let end = DispatchTime.now().uptimeNanoseconds + UInt64(window * 1e9)
    var now = DispatchTime.now().uptimeNanoseconds
    while now < end {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let remaining = Int32((end - now) / 1_000_000)
        _ = poll(&entry, 1, min(Int32(tick * 1000), max(remaining, 1)))
        now = DispatchTime.now().uptimeNanoseconds
    }
    return meter.millisecondsPerSecond()
}

/// A request to a server that takes the connection and never answers, timing out after
/// ``window`` seconds.
private func silentServerWait(port: UInt16) async -> Double {
    guard let url = URL(string: "http://127.0.0.1:\(port)/silent") else {
        preconditionFailure("reswift-bench: no URL for port \(port)")
    }
    let client = HTTPClient(userAgent: "reswift-bench")
    let meter = CPUMeter()
    do {
        _ = try await client.get(url, timeout: window)
        preconditionFailure("reswift-bench: the silent server answered")
    } catch {
        // The timeout: what the sample waits for.
    }
    return meter.millisecondsPerSecond()
}

/// A loopback TCP socket that listens and never accepts: the kernel completes each connection
/// into its backlog, and the request sent on it is never read or answered.
private struct SilentServer {
    let fd: Int32
    let port: UInt16

    init() {
        let listener = tcpSocket()
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard listener >= 0, bound else {
            preconditionFailure("reswift-bench: no loopback socket to listen on, errno \(errno)")
        }
        fd = listener
        port = UInt16(bigEndian: address.sin_port)
    }

    /// The floor: a client connected to the server, blocked in `poll` for an answer that doesn't
    /// come, for ``window`` seconds.
    func pollWait() -> Double {
        let client = tcpSocket()
        defer { close(client) }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { preconditionFailure("reswift-bench: connect() failed, errno \(errno)") }
        return blockedInPoll(on: client, tick: window)
    }

    /// Closes the listening socket, and with it the connections waiting in its backlog.
    func stop() {
        close(fd)
    }
}

/// A new IPv4 TCP socket, or -1.
private func tcpSocket() -> Int32 {
    #if canImport(Glibc)
        socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        socket(AF_INET, SOCK_STREAM, 0)
    #endif
}

/// 127.0.0.1 at `port` (0: any free port).
private func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    return address
}
