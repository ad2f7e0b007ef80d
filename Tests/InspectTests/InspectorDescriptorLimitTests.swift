import Foundation
import ReSwift
import TestSupport
import Testing

@testable import ReSwiftDevTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `todo`, inspectable, run out of file descriptors: a new inspector is refused at
/// once, instead of waiting in the backlog of a listener that `accept` can't empty (which spun a
/// core on EMFILE), and is taken again once a descriptor is free.
@Suite(.serialized, .timeLimit(.minutes(5))) struct InspectorDescriptorLimitTests {
    /// A connection to an endpoint, reading with a deadline.
    private final class Peer {
        let fd: Int32

        init(_ path: String, timeout: Int = 15) throws {
            fd = try UnixSocket.connect(to: path)
            var limit = timeval(tv_sec: timeout, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { closeDescriptor(fd) }

        /// The first line the endpoint sent, or `nil` when it closed the connection without one;
        /// throws when neither happened before the deadline.
        func firstLine() throws -> String? {
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while true {
                let count = read(fd, &byte, 1)
                if count == 0 || (count < 0 && errno == ECONNRESET) {
                    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
                }
                if count < 0 {
                    throw InspectTestError("nothing from the app before the deadline (errno \(errno))")
                }
                if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
                bytes.append(byte)
            }
        }
    }

    private func descriptors(of pid: Int32) -> [Int] {
        // hazard-check: ok because without /proc this lists nothing, and the test skips itself
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).compactMap {
            Int($0)
        }
    }

    @Test func anAppOutOfDescriptorsRefusesANewInspectorAtOnceAndTakesOneWhenADescriptorIsFree() async throws
    {
        // hazard-check: ok because without prlimit or /proc the test skips itself
        guard access("/usr/bin/prlimit", X_OK) == 0, FileManager.default.fileExists(atPath: "/proc/self/fd")
        else {
            print("skipped: needs /usr/bin/prlimit and /proc to run an app out of descriptors")
            return
        }
        let folder = try TemporaryDirectory(prefix: "rit-fd", shortPath: true)
        let runtime = folder.path
        let todo = try await startTodo(in: runtime)
        let pid = todo.processIdentifier
        let process = try #require(
            try InspectableProcess.all(environment: ["XDG_RUNTIME_DIR": runtime]).first { $0.pid == pid })

        // Room for exactly three more descriptors: new ones take the lowest free numbers below the
        // limit (descriptors open above it stay open). Three, not two: todo's refresh may hold a
        // descriptor for a moment (it failed with two under load, refusing the first inspector).
        let open = Set(descriptors(of: pid))
        var limit = 0
        var free = 0
        while free < 3 {
            if !open.contains(limit) { free += 1 }
            limit += 1
        }
        let prlimit = try runProgram(
            URL(fileURLWithPath: "/usr/bin/prlimit"),
            arguments: ["--pid", "\(pid)", "--nofile=\(limit):\(limit)"])
        try #require(prlimit.status == 0, "prlimit failed: \(prlimit.standardError)")

        var attached: [Peer] = []
        var refusal: String??
        for _ in 0..<12 {
            let peer = try Peer(process.socketPath)
            let line: String?
            do {
                line = try peer.firstLine()
            } catch {
                throw InspectTestError(
                    "\(error), after \(attached.count) greeted; todo's descriptors were \(open.sorted()), "
                        + "are \(descriptors(of: pid).sorted()), limit \(limit)")
            }
            if let line, line.contains(#""type":"hello""#) {
                attached.append(peer)
            } else {
                refusal = .some(line)
                break
            }
        }
        #expect(!attached.isEmpty)
        let refused = try #require(refusal, "every connection was taken below a limit of \(limit)")
        if let refused {
            #expect(refused.contains("no file descriptor"), "\(refused)")
        }

        attached.removeFirst()
        // The endpoint closes the freed socket on its queue.
        try await eventually("a hello once a descriptor was free", seconds: 5) {
            try Peer(process.socketPath).firstLine()?.contains(#""type":"hello""#) == true
        }

        attached.removeAll()
        try todo.send("q")
        #expect(try todo.waitForExit() == 0)
    }
}

private func closeDescriptor(_ fd: Int32) {
    close(fd)
}
