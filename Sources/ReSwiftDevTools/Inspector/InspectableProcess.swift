import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running app of this user's that listens for inspectors: what `reswift-inspect list` shows.
public struct InspectableProcess: Equatable, Sendable {
    /// The app's name, as it passed it to ``createInspectorMiddleware(app:environment:)``.
    public var app: String
    /// The process id.
    public var pid: Int32
    /// Which of the process's stores: 1 for the first.
    public var instance: Int
    /// When the socket was made (about when the app started).
    public var started: Date
    /// The socket's path.
    public var socketPath: String

    /// The inspectable processes of this user, by pid, skipping sockets of processes that ended.
    ///
    /// Reads only: a missing folder means none; nothing is created or removed.
    ///
    /// - Parameter environment: Where `XDG_RUNTIME_DIR` and `TMPDIR` are read.
    /// - Throws: ``InspectorError`` when the folder exists but isn't the user's alone.
    public static func all(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(InspectorError) -> [InspectableProcess] {
        let directory = InspectorDirectory.path(environment: environment)
        var status = stat()
        if lstat(directory, &status) != 0 && errno == ENOENT { return [] }
        try InspectorDirectory.check(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var found: [InspectableProcess] = []
        for name in names {
            guard let parsed = InspectorDirectory.parse(name), InspectorDirectory.isAlive(parsed.pid) else {
                continue
            }
            let path = (directory as NSString).appendingPathComponent(name)
            var file = stat()
            guard lstat(path, &file) == 0, file.st_mode & S_IFMT == S_IFSOCK else { continue }
            #if canImport(Darwin)
                let seconds = Double(file.st_mtimespec.tv_sec)
            #else
                let seconds = Double(file.st_mtim.tv_sec)
            #endif
            found.append(
                InspectableProcess(
                    app: parsed.app, pid: parsed.pid, instance: parsed.instance,
                    started: Date(timeIntervalSince1970: seconds), socketPath: path))
        }
        return found.sorted { ($0.pid, $0.instance) < ($1.pid, $1.instance) }
    }
}

/// A connection to an app's inspector endpoint, for tools: read its events line by line, send
/// commands.
///
/// ```swift
/// let client = try InspectorClient(socketPath: process.socketPath)
/// while let line = try client.nextLine() { print(String(decoding: line, as: UTF8.self)) }
/// ```
public final class InspectorClient {
    private let fd: Int32
    private var input = Data()
    private var isClosed = false

    /// Connects to the socket at `socketPath`.
    ///
    /// - Throws: ``InspectorError`` when it can't connect.
    public init(socketPath: String) throws(InspectorError) {
        fd = try UnixSocket.connect(to: socketPath)
    }

    deinit { close() }

    /// Closes the connection.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        closeClientSocket(fd)
    }

    /// Sends one command, e.g. `{"command":"pause"}`; a newline is added.
    ///
    /// - Throws: ``InspectorError`` when the app has gone.
    public func send(_ command: String) throws(InspectorError) {
        let bytes = Data((command + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { raw in
                UnixSocket.send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...]))
            }
            guard case .bytes(let count) = result else { throw InspectorError.system("send", EPIPE) }
            offset += count
        }
    }

    /// The next line the app sent, without its newline; `nil` when the app closed the connection.
    ///
    /// - Throws: ``InspectorError`` on a read error.
    public func nextLine() throws(InspectorError) -> Data? {
        while true {
            if let newline = input.firstIndex(of: 0x0A) {
                let line = Data(input[input.startIndex..<newline])
                input.removeSubrange(input.startIndex...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InspectorError.system("read", errno)
            }
            if count == 0 { return nil }
            input.append(contentsOf: chunk[0..<count])
        }
    }
}

private func closeClientSocket(_ fd: Int32) {
    close(fd)
}
