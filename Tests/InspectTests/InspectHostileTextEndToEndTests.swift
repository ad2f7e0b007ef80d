import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `reswift-inspect`'s messages go through the package's one output path: text from a session
/// file, the socket, the command line or the environment reaches standard error with its control
/// characters as visible placeholders, never raw.
@Suite(.timeLimit(.minutes(5))) struct InspectHostileTextEndToEndTests {
    /// A title change, a bell, a C1 CSI clearing the screen, and DEL.
    static let hostile = "\u{1B}]0;pwned\u{7}\u{9B}2J\u{7F}"
    static let shown = "␛]0;pwned␇<U+009B>2J␡"

    /// The characters a terminal would obey, besides line feeds and tabs.
    static func rawControls(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
        }
        .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    private func expectShownSafely(
        _ run: ProductRun, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            Self.rawControls(in: run.standardError).isEmpty, "\(what): \(run.standardError)",
            sourceLocation: sourceLocation)
        #expect(
            run.standardError.contains(Self.shown), "\(what): \(run.standardError)",
            sourceLocation: sourceLocation)
    }

    @Test func aBadFormatValueIsQuotedWithPlaceholders() throws {
        let run = try runProduct("reswift-inspect", arguments: ["tail", "app", "--format", Self.hostile])
        #expect(run.status == 2)
        expectShownSafely(run, "--format")
    }

    @Test func anUnknownOptionIsQuotedWithPlaceholders() throws {
        for arguments in [["list", "--" + Self.hostile], ["--" + Self.hostile, "app"]] {
            let run = try runProduct("reswift-inspect", arguments: arguments)
            #expect(run.status == 2, "\(arguments)")
            expectShownSafely(run, "\(arguments)")
        }
    }

    @Test func aSessionFileThatCantBeReadIsNamedWithPlaceholders() throws {
        let run = try runProduct(
            "reswift-inspect",
            arguments: ["gen-test", "/nonexistent/" + Self.hostile + ".jsonl", "--reducer", "r"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("Can't read"))
        expectShownSafely(run, "gen-test")
    }

    @Test func aSocketThatCantBeReachedIsNamedWithPlaceholders() throws {
        let run = try runProduct("reswift-inspect", arguments: ["tail", "--socket", "/tmp/" + Self.hostile])
        #expect(run.status == 1)
        expectShownSafely(run, "tail --socket")
    }

    /// An action's name and a gap's `lost` value come from the session file, so from the app.
    @Test func genTestShowsASessionsActionNamesAndGapsWithPlaceholders() throws {
        let folder = try TemporaryDirectory(prefix: "inspect-hostile")
        func session(_ event: [String: Any]) throws -> String {
            let lines: [[String: Any]] = [
                ["type": "hello", "app": "shopping", "stateType": "InspectTests.ShoppingState", "pid": 1],
                ["type": "state", "seq": 0, "state": ["items": [String]()]],
                event,
            ]
            let text = try lines.map {
                String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
            }
            let file = folder.file(UUID().uuidString + ".jsonl")
            try Data((text.joined(separator: "\n") + "\n").utf8).write(to: file)
            return file.path
        }
        let notCodable = try session([
            "type": "action", "seq": 1, "action": Self.hostile, "state": ["items": []],
        ])
        let gap = try session(["type": "gap", "lost": Self.hostile])
        let named = try runProduct("reswift-inspect", arguments: ["gen-test", notCodable, "--reducer", "r"])
        #expect(named.status == 1, "\(named.standardError)")
        #expect(named.standardError.contains("isn't Codable"), "\(named.standardError)")
        expectShownSafely(named, "gen-test, an action's name")
        // A `lost` that isn't a count isn't shown at all.
        let lost = try runProduct("reswift-inspect", arguments: ["gen-test", gap, "--reducer", "r"])
        #expect(lost.status == 1, "\(lost.standardError)")
        #expect(lost.standardError.contains("some events were lost"), "\(lost.standardError)")
        #expect(Self.rawControls(in: lost.standardError).isEmpty, "\(lost.standardError)")
    }

    /// `record` prints a line for each gap the socket reports; its `lost` value comes from the socket.
    @Test func recordShowsAGapFromTheSocketWithPlaceholders() throws {
        let folder = try TemporaryDirectory(prefix: "inspect-hostile")
        let socketPath = "/tmp/rih-" + UUID().uuidString.prefix(8).lowercased() + ".sock"
        let server = try OneShotSocketServer(
            path: socketPath,
            lines: [
                #"{"type":"hello","app":"shopping","stateType":"S","pid":1,"protocol":1}"#,
                #"{"type":"gap","lost":"\#(Self.hostile.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined())"}"#,
            ])
        defer { server.stop() }
        let run = try runProduct(
            "reswift-inspect",
            arguments: ["record", "--socket", socketPath, "--to", folder.file("s.jsonl").path])
        // A `lost` that isn't a count isn't shown at all.
        #expect(run.standardError.contains("some events were lost"), "\(run.standardError)")
        #expect(Self.rawControls(in: run.standardError).isEmpty, "\(run.standardError)")
    }

    /// The apps' own "not inspectable" line names the folder TMPDIR gave.
    @Test func anAppThatCantBeInspectedNamesItsFolderWithPlaceholders() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json("[]"), for: "/library")
        let run = try runProduct(
            "library-finder",
            arguments: [
                "--format", "json", "--api-base", server.baseURL.absoluteString, "--no-cache", "--city", "x",
            ],
            environment: [
                "CALIL_APPKEY": "k", "RESWIFT_INSPECT": "1", "TMPDIR": "/nonexistent/" + Self.hostile,
            ])
        #expect(run.standardError.contains("not inspectable"), "\(run.standardError)")
        expectShownSafely(run, "library-finder")
    }
}

/// A Unix socket that accepts one connection, writes `lines` to it and closes it: an inspector
/// endpoint that says what a test wants.
private final class OneShotSocketServer: Sendable {
    private let fd: Int32
    private let path: String

    init(path: String, lines: [String]) throws {
        self.path = path
        #if canImport(Darwin)
            fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw TestSupportError("socket failed: \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(fd, 1) == 0 else { throw TestSupportError("bind failed: \(errno)") }
        let listener = fd
        let text = lines.map { $0 + "\n" }.joined()
        Thread.detachNewThread {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var bytes = Array(text.utf8)
            _ = write(connection, &bytes, bytes.count)
            shutdown(connection, Int32(SHUT_WR))
            // Read what the client sends until it closes, so it never sees a reset.
            var buffer = [UInt8](repeating: 0, count: 1024)
            while read(connection, &buffer, buffer.count) > 0 {}
            close(connection)
        }
    }

    func stop() {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
        unlink(path)
    }
}
