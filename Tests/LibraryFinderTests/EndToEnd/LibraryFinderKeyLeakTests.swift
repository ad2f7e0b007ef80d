import Foundation
import TestSupport
import Testing

/// The built `library-finder` against a server that echoes the key back on every error path: no
/// piece of it in what the program prints, in any format, nor in its cache.
@Suite struct LibraryFinderKeyLeakTests {
    private static let key = "0123456789abcdef FEDCBA98/7654+3210="
    private let pieces = KeyPieces(key: Self.key)

    /// A server's misbehaviour, each echoing the request (and so the key) somewhere.
    enum Behaviour: String, CaseIterable, Sendable {
        case okTextEcho, clientErrorJSONEcho, serverErrorJSONEcho, jsonpEcho, redirectCarryingTheKey
        case silent, refused

        func install(on server: LoopbackHTTPServer, closedBase: String) {
            let json: @Sendable (LoopbackHTTPServer.Request) -> String = {
                let text = String(
                    decoding: try! JSONEncoder().encode("GET \($0.target) \($0)"), as: UTF8.self)
                return #"{"error": \#(text)}"#
            }
            switch self {
            case .okTextEcho:
                server.setHandler(for: "/library") { .text("Echo: GET \($0.target) HTTP/1.1\n\($0)") }
            case .clientErrorJSONEcho: server.setHandler(for: "/library") { .json(json($0), status: 400) }
            case .serverErrorJSONEcho: server.setHandler(for: "/library") { .json(json($0), status: 503) }
            case .jsonpEcho: server.setHandler(for: "/library") { .text("callback(\(json($0)));") }
            case .redirectCarryingTheKey:
                server.setHandler(for: "/library") { .redirect(to: closedBase + $0.target) }
            case .silent: server.setResponse(.neverAnswer, for: "/library")
            case .refused: break
            }
        }
    }

    @Test(arguments: Behaviour.allCases, ["json", "table", "csv"])
    func printsNoPieceOfTheKey(behaviour: Behaviour, format: String) throws {
        let closed = try LoopbackHTTPServer()
        let closedBase = closed.baseURL.absoluteString
        closed.stop()
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        behaviour.install(on: server, closedBase: closedBase)
        let base = behaviour == .refused ? closedBase : server.baseURL.absoluteString
        let cache = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try runProduct(
            "library-finder",
            arguments: ["--format", format, "--api-base", base, "--timeout", "0.5", "--city", "秋田市"],
            environment: ["CALIL_APPKEY": Self.key, "XDG_CACHE_HOME": cache.path, "TZ": "UTC"])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(!run.standardError.isEmpty)
        #expect(pieces.found(in: run.standardOutput).isEmpty, "\(run.standardOutput)")
        #expect(pieces.found(in: run.standardError).isEmpty, "\(run.standardError)")
        if behaviour != .refused {
            #expect(server.requests(for: "/library").first?.queryValue("appkey") == Self.key)
        }
    }

    @Test func theCacheHoldsNoPieceOfTheKey() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponses([.json(Fixtures.akitaNewer), .text("down", status: 502)], for: "/library")
        let cache = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: cache) }
        for expectedSource in ["network", "cache"] {
            let run = try runProduct(
                "library-finder",
                arguments: [
                    "--format", "json", "--api-base", server.baseURL.absoluteString, "--city", "秋田市",
                ],
                environment: ["CALIL_APPKEY": Self.key, "XDG_CACHE_HOME": cache.path, "TZ": "UTC"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(
                run.standardOutput.contains(#""source" : "\#(expectedSource)""#)
                    || run.standardOutput.contains(#""source":"\#(expectedSource)""#), "\(run.standardOutput)"
            )
            #expect(pieces.found(in: run.standardOutput + run.standardError).isEmpty)
        }
        let files =
            FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        let stored = files.filter { !$0.hasDirectoryPath }
        #expect(!stored.isEmpty)
        for file in stored {
            #expect(pieces.found(in: file.path).isEmpty)
            let text = String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
            #expect(pieces.found(in: text).isEmpty, "\(file.lastPathComponent)")
        }
    }
}
