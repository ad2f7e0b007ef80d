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
    /// Looks in every folder an app of this user may listen in (see
    /// ``createInspectorMiddleware(app:environment:)``): the one this environment gives, and
    /// `/tmp/reswift-inspect-<uid>`, where apps whose temporary folder is too long for a socket
    /// path listen (an iOS simulator's apps, for a tool on the Mac). Reads only: a missing folder
    /// means none; nothing is created or removed.
    ///
    /// - Parameter environment: Where `XDG_RUNTIME_DIR` and `TMPDIR` are read.
    /// - Throws: ``InspectorError`` when the folder this environment gives exists but isn't the
    ///   user's alone. (Another such folder is skipped.)
    public static func all(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(InspectorError) -> [InspectableProcess] {
        let preferred = try? InspectorDirectory.path(environment: environment)
        var found: [InspectableProcess] = []
        for directory in InspectorDirectory.candidates(environment: environment)
        where InspectorDirectory.fits(directory) {
            var status = stat()
            if lstat(directory, &status) != 0 && errno == ENOENT { continue }
            do {
                try InspectorDirectory.check(directory)
            } catch {
                if directory == preferred { throw error }
                continue
            }
            found += processes(in: directory)
        }
        return found.sorted { ($0.pid, $0.instance) < ($1.pid, $1.instance) }
    }

    private static func processes(in directory: String) -> [InspectableProcess] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var found: [InspectableProcess] = []
        for name in names {
            guard let parsed = InspectorDirectory.parse(name), parsed.kind == .socket,
                InspectorDirectory.isAlive(parsed.pid)
            else { continue }
            let path = (directory as NSString).appendingPathComponent(name)
            var file = stat()
            guard lstat(path, &file) == 0, file.st_mode & S_IFMT == S_IFSOCK, file.st_uid == geteuid() else {
                continue
            }
            let metadata = (directory as NSString).appendingPathComponent(
                InspectorDirectory.fileName(pid: parsed.pid, instance: parsed.instance, kind: .metadata))
            guard let app = InspectorDirectory.readName(at: metadata) else { continue }
            #if canImport(Darwin)
                let seconds = Double(file.st_mtimespec.tv_sec)
            #else
                let seconds = Double(file.st_mtim.tv_sec)
            #endif
            found.append(
                InspectableProcess(
                    app: app, pid: parsed.pid, instance: parsed.instance,
                    started: Date(timeIntervalSince1970: seconds), socketPath: path))
        }
        return found
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
    private var reader = LineReader(limit: InspectorProtocol.maximumLineLength)
    /// Lines read and not returned yet, from `readyIndex` on.
    private var ready: [LineReader.Piece] = []
    private var readyIndex = 0
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
    /// Each byte is looked at once, and no more than one line of at most
    /// ``InspectorProtocol/maximumLineLength`` bytes is kept.
    ///
    /// - Throws: ``InspectorError`` on a read error, or for a line longer than
    ///   ``InspectorProtocol/maximumLineLength`` (skipped: the next call goes on after it).
    public func nextLine() throws(InspectorError) -> Data? {
        var chunk: [UInt8] = []
        while true {
            if readyIndex < ready.count {
                let piece = ready[readyIndex]
                readyIndex += 1
                if readyIndex == ready.count {
                    ready.removeAll(keepingCapacity: true)
                    readyIndex = 0
                }
                switch piece {
                case .line(let line): return line
                case .tooLong: throw InspectorError.lineTooLong(limit: InspectorProtocol.maximumLineLength)
                }
            }
            if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 64 << 10) }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InspectorError.system("read", errno)
            }
            if count == 0 { return nil }
            chunk.withUnsafeBytes { bytes in
                reader.consume(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), into: &ready)
            }
        }
    }
}

private func closeClientSocket(_ fd: Int32) {
    close(fd)
}
