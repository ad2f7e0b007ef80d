import Foundation
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// The built `library-finder` against a loopback server whose answers hold escape sequences.
@Suite(.timeLimit(.minutes(5))) struct LibraryFinderHostileTextEndToEndTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private let key = "e2e-secret-key"

    /// One library whose name, city and phone retitle and clear the terminal; escaped in JSON as
    /// a server would send them (U+009B is an 8-bit CSI).
    private static let hostileLibraries = #"""
        [{"systemid":"Evil","systemname":"Evil\u001b[2J","libkey":"k","libid":"1",
          "short":"悪\u001b]0;PWNED\u0007\u001b[2J","formal":"Formal\u001b[?1049h",
          "address":"Street","pref":"秋田県","city":"秋田\u009bH市","post":"",
          "tel":"\u007f018","geocode":"","category":"MEDIUM"},
         {"systemid":"Akita_Akita","systemname":"秋田県秋田市","libkey":"明徳館","libid":"2",
          "short":"明徳館","formal":"明徳館","address":"秋田市","pref":"秋田県","city":"秋田市",
          "post":"","tel":"018","geocode":"","category":"MEDIUM"}]
        """#

    private func run(_ arguments: [String], responses: [LoopbackHTTPServer.Response]) throws -> ProductRun {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponses(responses, for: "/library")
        return try runProduct(
            "library-finder", arguments: arguments + ["--api-base", server.baseURL.absoluteString],
            environment: [
                "XDG_CACHE_HOME": try temporary.newFolder().path, "TZ": "UTC", "CALIL_APPKEY": key,
            ])
    }

    private func hasRawControls(_ text: String) -> Bool {
        ListingFormatterHostileTextTests.hasRawControls(text)
    }

    @Test func tableShowsLibraryFieldsWithPlaceholders() throws {
        let run = try run(["--format", "table"], responses: [.json(Self.hostileLibraries)])
        #expect(run.status == 0)
        #expect(!hasRawControls(run.standardOutput))
        #expect(!run.standardOutput.contains("\u{1B}"))
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("悪␛]0;PWNED␇␛[2J") && $0.contains("秋田<U+009B>H市") })
        #expect(lines.contains { $0.contains("␡018") })
    }

    @Test func jsonIsExactAndEscaped() throws {
        let run = try run(["--format", "json"], responses: [.json(Self.hostileLibraries)])
        #expect(run.status == 0)
        #expect(!hasRawControls(run.standardOutput))
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
        let libraries = try #require((object as? [String: Any])?["libraries"] as? [[String: Any]])
        #expect(libraries.first?["shortName"] as? String == "悪\u{1B}]0;PWNED\u{7}\u{1B}[2J")
        #expect(libraries.first?["city"] as? String == "秋田\u{9B}H市")
    }

    @Test func csvThroughAPipeIsExactWithTheFieldsQuoted() throws {
        let run = try run(["--format", "csv"], responses: [.json(Self.hostileLibraries)])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains(",\"悪\u{1B}]0;PWNED\u{7}\u{1B}[2J\","))
        #expect(run.standardOutput.contains(",\"秋田\u{9B}H市\","))
    }

    @Test func csvOnATerminalIsShownWithPlaceholders() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(Self.hostileLibraries), for: "/library")
        let terminal = try PseudoTerminal(
            product: "library-finder",
            arguments: ["--format", "csv", "--api-base", server.baseURL.absoluteString],
            environment: [
                "XDG_CACHE_HOME": try temporary.newFolder().path, "TZ": "UTC", "CALIL_APPKEY": key,
            ])
        try await terminal.screen(showing: "\"悪␛]0;PWNED␇␛[2J\"")
        #expect(try terminal.waitForExit() == 0)
        let output = terminal.outputText
        #expect(output.contains("秋田<U+009B>H市"))
        #expect(!output.contains("\u{1B}"))
        #expect(!output.contains("\u{7}"))
        #expect(!output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }

    @Test func serverErrorBodyOnStandardErrorShowsPlaceholders() throws {
        let body = #"{"error": "boom \u001b]0;PWNED\u0007\u001b[2J\u009b31m"}"#
        let run = try run(["--format", "table"], responses: [.json(body, status: 500)])
        #expect(run.status == 1)
        #expect(run.standardError.contains("HTTP 500"))
        #expect(!hasRawControls(run.standardError))
        #expect(!run.standardError.contains("\u{1B}"))
    }
}
