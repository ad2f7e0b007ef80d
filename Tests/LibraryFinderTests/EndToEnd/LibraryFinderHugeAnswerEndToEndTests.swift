import Foundation
import TestSupport
import Testing

/// The built `library-finder` against a loopback server that sends tens of megabytes: scrubbing the
/// key is one pass over what can be shown, and `--timeout` covers fetching, decoding and scrubbing,
/// so the program ends soon after its deadline, with the list or with the timeout error.
///
/// The kill bound of each run is a hang guard, far above the deadline, not a measurement: before
/// the fix the issue's 30 MB answer took 147 s at 100% CPU with `--timeout 5`.
@Suite(.timeLimit(.minutes(5))) struct LibraryFinderHugeAnswerEndToEndTests {
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-huge")
    }

    /// A 32-character key, as Calil hands out.
    private static let key = "3f9a0c7be1d24f6a8b5e09c1d7a2f4e6"
    private let pieces = KeyPieces(key: Self.key)

    /// The seconds the program is given, and the bound after which the test kills it.
    private static let deadline = 5
    private static let hangGuard: TimeInterval = 90

    private func run(body: Data) throws -> ProductRun {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(
            LoopbackHTTPServer.Response(headers: ["Content-Type": "application/json"], body: body),
            for: "/library")
        return try runProduct(
            "library-finder",
            arguments: [
                "--format", "json", "--api-base", server.baseURL.absoluteString, "--city", "x",
                "--timeout", String(Self.deadline),
            ],
            environment: ["CALIL_APPKEY": Self.key, "XDG_CACHE_HOME": try temporary.newFolder().path],
            timeout: Self.hangGuard)
    }

    /// Either the list, or the timeout error naming the deadline: nothing else.
    private func expectListOrTimeout(_ run: ProductRun) throws -> [[String: Any]]? {
        if run.status == 1 {
            #expect(
                run.standardError.contains("did not answer within \(Self.deadline) seconds"),
                "\(run.standardError)")
            return nil
        }
        #expect(run.status == 0, "\(run.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        return try #require(document?["libraries"] as? [[String: Any]])
    }

    /// The issue's case: one library whose name is 30 MB of text full of near and real pieces of
    /// the key. The name is cut to what can be shown, after scrubbing.
    @Test func aThirtyMegabyteFieldIsScrubbedAndCutWithinTheDeadline() throws {
        var name = ""
        name.reserveCapacity(30 << 20)
        let unit = "3f9a0c" + String(Self.key.prefix(5)) + "%33%66%39%61%30%63" + "-"
        while name.utf8.count < 30 << 20 { name += unit }
        let body = Data(#"[{"libid":"1","systemid":"S","short":"\#(name)","formal":"F"}]"#.utf8)
        let run = try run(body: body)
        #expect(pieces.found(in: run.standardOutput + run.standardError).isEmpty)
        guard let libraries = try expectListOrTimeout(run) else { return }
        let shown = try #require(libraries.first?["shortName"] as? String)
        #expect(shown.count <= 1_001, "the name is cut to the field limit")
        #expect(shown.hasSuffix("…"))
        #expect(shown.hasPrefix("…"), "the key's start is scrubbed: \(shown.prefix(40))")
    }

    /// The issue's other case: 100,000 libraries (about 24 MB), each with the key in its fields.
    @Test func aHundredThousandLibrariesAreListedOrTimedOutWithinTheDeadline() throws {
        var body = "["
        body.reserveCapacity(26 << 20)
        for index in 0..<100_000 {
            if index > 0 { body += "," }
            body +=
                #"{"libid":"\#(index)","systemid":"Akita_Akita","short":"明徳館 \#(Self.key.prefix(12))","#
                + #""formal":"秋田市立中央図書館","pref":"秋田県","city":"秋田市","#
                + #""url_pc":"https://example.jp/?appkey=\#(Self.key)","geocode":"140.1,39.7"}"#
        }
        body += "]"
        let run = try run(body: Data(body.utf8))
        #expect(pieces.found(in: run.standardOutput + run.standardError).isEmpty)
        guard let libraries = try expectListOrTimeout(run) else { return }
        #expect(libraries.count == 100_000)
        #expect(libraries.first?["shortName"] as? String == "明徳館 …")
    }
}
