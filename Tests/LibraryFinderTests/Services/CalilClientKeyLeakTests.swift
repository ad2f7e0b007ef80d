import Foundation
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// Every error path of the Calil client against a server that echoes the request back, in the
/// forms a real server might: no piece of the key may reach the error's message.
@Suite(.timeLimit(.minutes(3))) struct CalilClientKeyLeakTests {
    /// Characters that are escaped in a query (space, `/`, `+`, `=`) so each encoding is exercised.
    static let key = "0123456789abcdef FEDCBA98/7654+3210="
    private let pieces = KeyPieces(key: Self.key)

    /// How the server echoes the request.
    enum Echo: String, CaseIterable, Sendable {
        /// The request line as received: percent-encoded.
        case requestLine
        /// The request line with lower-case hex escapes.
        case lowerCaseEscapes
        /// The query decoded back to text.
        case decoded
        /// The query as a form would write it (`+` for a space).
        case plusForSpace
        /// A JSON string holding the decoded request (`\/` for `/`).
        case jsonString

        func text(for request: LoopbackHTTPServer.Request) -> String {
            switch self {
            case .requestLine: "GET \(request.target) HTTP/1.1"
            case .lowerCaseEscapes: "GET \(Self.lowercasingEscapes(request.target)) HTTP/1.1"
            case .decoded: "GET \(request.description) HTTP/1.1"
            case .plusForSpace: "GET " + request.target.replacingOccurrences(of: "%20", with: "+")
            case .jsonString:
                String(decoding: (try? JSONEncoder().encode(request.description)) ?? Data(), as: UTF8.self)
            }
        }

        private static func lowercasingEscapes(_ text: String) -> String {
            var result = ""
            var remaining = 0
            for character in text {
                if character == "%" { remaining = 3 }
                result += remaining > 0 ? character.lowercased() : String(character)
                remaining = max(remaining - 1, 0)
            }
            return result
        }
    }

    /// Where the echo goes.
    enum Route: String, CaseIterable, Sendable {
        /// A 200 whose body is the echo (not JSON), with text before it so the key crosses the
        /// preview's cut.
        case okText
        /// A JSON error object in a 403.
        case clientErrorJSON
        /// A JSON error object in a 500.
        case serverErrorJSON
        /// A JSONP error object in a 200.
        case okJSONP
        /// A JSON error object in a 200.
        case okJSONError
    }

    private static func response(_ route: Route, _ echo: Echo, _ request: LoopbackHTTPServer.Request)
        -> LoopbackHTTPServer.Response
    {
        let text = echo.text(for: request)
        let json = #"{"error": \#(String(decoding: try! JSONEncoder().encode(text), as: UTF8.self))}"#
        switch route {
        case .okText: return .text("Echo: " + text + "\n")
        case .clientErrorJSON: return .json(json, status: 403)
        case .serverErrorJSON: return .json(json, status: 500)
        case .okJSONP: return .text("callback(\(json));")
        case .okJSONError: return .json(json)
        }
    }

    /// What the client failed with. The client's own `timeout` must end the call; past it by 10 s
    /// the call is cancelled and this throws, so a client that ignores it fails instead of hanging.
    private func error(from server: LoopbackHTTPServer, timeout: Double = 5) async throws -> CalilError? {
        let client = CalilClient(appKey: Self.key, baseURL: server.baseURL, timeout: timeout)
        return try await withDeadline("the client's \(timeout) s timeout", seconds: timeout + 10) {
            do {
                _ = try await client.libraries(matching: LibraryQuery(city: "秋田市"))
                return nil
            } catch {
                return error as? CalilError
            }
        }
    }

    @Test(arguments: Route.allCases, Echo.allCases)
    func noPieceOfTheKeyInAnEchoedError(route: Route, echo: Echo) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setHandler(for: "/library") { Self.response(route, echo, $0) }
        let error = try #require(try await error(from: server))
        #expect(pieces.found(in: error.description).isEmpty, "\(error.description)")
        #expect(pieces.found(in: String(describing: error.kind)).isEmpty)
        // The echo did carry the key: the test would see a leak.
        #expect(server.requests.first?.queryValue("appkey") == Self.key)
    }

    @Test func noPieceOfTheKeyInALibraryThatEchoesTheRequest() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setHandler(for: "/library") { .json(LibraryFinderKeyLeakTests.echoingList($0)) }
        let client = CalilClient(appKey: Self.key, baseURL: server.baseURL, timeout: 5)
        let libraries = try await client.libraries(matching: LibraryQuery(city: "秋田市"))
        #expect(libraries.count == 1)
        #expect(libraries.first?.shortName.hasPrefix("Echo /library?appkey=…") == true)
        #expect(pieces.found(in: String(describing: libraries)).isEmpty, "\(libraries)")
    }

    @Test func noPieceOfTheKeyAfterARedirectThatCarriesIt() async throws {
        let closed = try LoopbackHTTPServer()
        let closedBase = closed.baseURL.absoluteString
        closed.stop()
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        // To a server that refuses, keeping the whole query (key included) in the new URL.
        server.setHandler(for: "/library") { .redirect(to: closedBase + $0.target) }
        let refused = try #require(try await error(from: server))
        #expect(pieces.found(in: refused.description).isEmpty, "\(refused.description)")
        // To an echo of the key on the same server.
        server.setHandler(for: "/library") { .redirect(to: "/echo" + $0.target.drop { $0 != "?" }) }
        server.setHandler(for: "/echo") { .text("Echo: " + $0.description, status: 404) }
        let echoed = try #require(try await error(from: server))
        #expect(pieces.found(in: echoed.description).isEmpty, "\(echoed.description)")
        #expect(server.requests(for: "/echo").first?.queryValue("appkey") == Self.key)
        // Round and round, the key in every hop.
        server.setHandler(for: "/library") { .redirect(to: $0.target) }
        let looped = try #require(try await error(from: server))
        #expect(pieces.found(in: looped.description).isEmpty, "\(looped.description)")
        #expect(looped.description.contains("too many redirects"))
    }

    @Test func noPieceOfTheKeyWhenTheServerIsSilentOrAbsent() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.neverAnswer, for: "/library")
        let timedOut = try #require(try await error(from: server, timeout: 0.3))
        #expect(timedOut.kind == .timedOut(host: "127.0.0.1:\(server.port)", seconds: 0.3))
        #expect(pieces.found(in: timedOut.description).isEmpty)

        server.setResponse(.closeWithoutResponse, for: "/library")
        let closed = try #require(try await error(from: server))
        #expect(pieces.found(in: closed.description).isEmpty)

        let absent = try LoopbackHTTPServer()
        absent.stop()
        let refused = try #require(try await error(from: absent))
        #expect(pieces.found(in: refused.description).isEmpty)
    }
}
