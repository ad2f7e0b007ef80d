#if os(Linux) || os(macOS)
    import Foundation
    import InternalReSwiftUtilities

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// An HTTPS endpoint on 127.0.0.1 for testing TLS clients without the internet: `openssl
    /// s_server` with a throwaway self-signed certificate for 127.0.0.1 that a test trusts through
    /// ``certificateFile``.
    ///
    /// ```swift
    /// let server = try LoopbackTLSServer(.statusPage)      // answers any request with 200 and HTML
    /// defer { server.stop() }
    /// // … fetch server.baseURL, trusting server.certificateFile …
    /// ```
    ///
    /// Needs the `openssl` command (see ``isAvailable``); tests skip without it.
    public final class LoopbackTLSServer {
        /// What the server does after the handshake.
        public enum Mode: Sendable {
            /// Answers every request with `HTTP/1.0 200 ok` and an HTML status page (`-www`).
            case statusPage
            /// Sends `reply` (raw bytes of an HTTP response, or nothing) on the first connection
            /// and then holds it open: a silent server, or a scripted one such as a redirect.
            case raw(reply: String?)
        }

        /// Whether the `openssl` command is available.
        public static var isAvailable: Bool { executable != nil }

        /// The port the server listens on.
        public let port: UInt16
        /// The PEM certificate of the server, to trust as a certificate authority.
        public let certificateFile: URL
        /// `https://127.0.0.1:<port>`.
        public var baseURL: URL { URL(string: "https://127.0.0.1:\(port)")! }

        private let process: Process
        private let directory: URL

        private static var executable: URL? {
            ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
                .map(URL.init(fileURLWithPath:))
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }

        /// Creates a certificate and starts the server; returns once it accepts connections.
        ///
        /// - Throws: ``TestSupportError`` when `openssl` is missing, fails, or doesn't start in 10 s.
        public init(_ mode: Mode) throws {
            guard let openssl = Self.executable else { throw TestSupportError("openssl is not installed.") }
            directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("tls-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            certificateFile = directory.appendingPathComponent("cert.pem")
            let key = directory.appendingPathComponent("key.pem")
            try Self.run(
                openssl,
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-keyout", key.path, "-out", certificateFile.path, "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1",
                ])
            port = try Self.freePort()
            process = Process()
            process.executableURL = openssl
            var arguments = [
                "s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificateFile.path, "-key", key.path,
            ]
            if case .statusPage = mode { arguments.append("-www") }
            process.arguments = arguments
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try withUnblockedSignals { try process.run() }
            if case .raw(let reply?) = mode {
                // Read by s_server once a client is connected, and sent to it.
                try input.fileHandleForWriting.write(contentsOf: Data(reply.utf8))
            }
            let ready = DispatchSemaphore(value: 0)
            let seen = Locked(Data())
            Thread.detachNewThread {
                let handle = output.fileHandleForReading
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { return }
                    let done = seen.withLock { data -> Bool in
                        let wasReady = data.range(of: Data("ACCEPT".utf8)) != nil
                        data.append(chunk)
                        return !wasReady && data.range(of: Data("ACCEPT".utf8)) != nil
                    }
                    if done { ready.signal() }
                }
            }
            if ready.wait(timeout: .now() + 10) == .timedOut {
                process.terminate()
                throw TestSupportError("openssl s_server did not start within 10 s.")
            }
        }

        deinit {
            stop()
        }

        /// Stops the server and deletes its certificate. Calling it again does nothing.
        public func stop() {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: directory)
        }

        private static func run(_ executable: URL, _ arguments: [String]) throws {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try withUnblockedSignals { try process.run() }
            try waitForExit(of: process, "openssl \(arguments.first ?? "")")
            guard process.terminationStatus == 0 else {
                throw TestSupportError(
                    "openssl \(arguments.first ?? "") failed (\(process.terminationStatus)).")
            }
        }

        /// A port nothing listens on now (bound to 0, read back, released).
        private static func freePort() throws -> UInt16 {
            let server = try LoopbackHTTPServer()
            let port = server.port
            server.stop()
            return port
        }
    }
#endif
