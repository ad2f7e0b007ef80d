import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connection to a running app's inspector socket (`RESWIFT_INSPECT=1`), speaking its JSON
/// Lines as `reswift-inspect` does, for end-to-end tests of the apps: read the `hello`, send a
/// `jump`, see what the app shows.
///
/// Every read has a deadline; nothing here waits without one.
public final class InspectorLineClient {
    private let fd: Int32
    private var input = Data()

    /// Connects to the socket of the process `pid` in `runtime/reswift-inspect/`, waiting up to
    /// `timeout` seconds for the app to create it.
    ///
    /// - Parameters:
    ///   - runtime: The app's `XDG_RUNTIME_DIR`.
    ///   - pid: The app's process id.
    ///   - timeout: How long to wait for the socket to accept the connection.
    /// - Throws: ``TestSupportError`` when no connection was made in time.
    public init(runtime: String, pid: Int32, timeout: TimeInterval = 60) throws {
        let path = "\(runtime)/reswift-inspect/\(pid).sock"
        var descriptor: Int32 = -1
        do {
            try eventually("the inspector at \(path)", seconds: timeout, checkingEvery: 0.02) {
                descriptor = Self.connect(to: path)
                return descriptor >= 0
            }
        } catch {
            throw TestSupportError("no inspector at \(path) after \(timeout) s (errno \(-descriptor))")
        }
        fd = descriptor
        var limit = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { _ = closeDescriptor(fd) }

    /// Sends one command line (a newline is added).
    public func send(_ line: String) throws {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { sendBytes(fd, $0) }
            guard sent > 0 else { throw TestSupportError("sending to the inspector failed (errno \(errno))") }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// The next line that contains `text`, skipping the others.
    ///
    /// - Throws: ``TestSupportError`` when none arrives within `timeout` seconds, or the app
    ///   closed the connection.
    public func line(containing text: String, timeout: TimeInterval = 60) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while let newline = input.firstIndex(of: 0x0A) {
                let line = String(decoding: input[input.startIndex..<newline], as: UTF8.self)
                input.removeSubrange(input.startIndex...newline)
                if line.contains(text) { return line }
            }
            guard Date() < deadline else {
                throw TestSupportError("no line containing \(text) from the inspector within \(timeout) s")
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { throw TestSupportError("the app closed the inspector connection") }
            if count > 0 { input.append(contentsOf: chunk[0..<count]) }
        }
    }

    /// A connected socket, or `-errno`.
    private static func connect(to path: String) -> Int32 {
        #if canImport(Darwin)
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { return -errno }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            _ = closeDescriptor(descriptor)
            return -ENAMETOOLONG
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connectSocket(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            _ = closeDescriptor(descriptor)
            return -code
        }
        return descriptor
    }
}

private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }

private func connectSocket(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

/// `send` without `SIGPIPE` when the app closed the connection.
private func sendBytes(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        return send(fd, bytes.baseAddress, bytes.count, 0)
    #else
        return send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #endif
}
