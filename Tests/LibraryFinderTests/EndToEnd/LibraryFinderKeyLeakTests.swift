import Foundation
import TestSupport
import Testing

/// The built `library-finder` against a server that echoes the key back on every error path: no
/// piece of it in what the program prints, in any format, nor in its cache.
@Suite(.timeLimit(.minutes(5))) struct LibraryFinderKeyLeakTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

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

    /// One library whose names, address and codes carry the request in several encodings.
    static func echoingList(_ request: LoopbackHTTPServer.Request) -> String {
        func json(_ text: String) -> String {
            String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
        }
        return """
            [{"libid": \(json("id " + request.target)), "systemid": \(json(request.description)),
              "systemname": "Echo", "libkey": "k", "short": \(json("Echo " + request.target)),
              "formal": \(json("Echo " + request.description)), "pref": "秋田県", "city": "秋田市",
              "address": \(json(request.target.replacingOccurrences(of: "%20", with: "+"))),
              "tel": \(json(request.target.lowercased())), "url_pc": \(json("https://x/?" + request.target)),
              "category": \(json(request.description)), "geocode": "140.1,39.7"}]
            """
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
        let cache = try temporary.newFolder()
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

    /// A list whose text fields echo the request, then a failure so the cached copy is printed.
    @Test func neitherTheOutputNorTheCacheHoldAPieceOfTheKeyEchoedIntoTheList() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setHandler(for: "/library") { [weak server] request in
            guard server?.requests(for: "/library").count == 1 else { return .text("down", status: 502) }
            return .json(LibraryFinderKeyLeakTests.echoingList(request))
        }
        let cache = try temporary.newFolder()
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
            #expect(run.standardOutput.contains("Echo"), "the echoing library is printed")
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
