import Foundation
import TerminalUI
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// The advice after an error follows its actual cause, and the messages fit a terminal.
@Suite(.timeLimit(.minutes(3))) struct CalilErrorAdviceTests {
    @Test func aBadAppKeyIn400IsAdvisedAboutTheKeyNotTheOptions() {
        let text = CalilError(.httpStatus(code: 400, serviceMessage: "bad appkey")).description
        #expect(text.contains("Check that your app key (CALIL_APPKEY or --appkey) is valid."))
        #expect(!text.contains("--pref"))
    }

    @Test func aBadAppKeyAnsweredByTheServerReachesTheAdvice() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(#"{"error": "bad appkey"}"#, status: 400), for: "/library")
        let client = CalilClient(appKey: "wrong-key-123", baseURL: server.baseURL, timeout: 5)
        do {
            _ = try await client.libraries(matching: LibraryQuery())
            Issue.record("a 400 answer was taken as a list")
        } catch let error as CalilError {
            #expect(error.description.contains("HTTP 400 (Bad Request): bad appkey."))
            #expect(error.description.contains("Check that your app key"))
            #expect(!error.description.contains("--pref"))
        }
    }

    @Test func another400IsStillAdvisedAboutTheOptions() {
        let text = CalilError(.httpStatus(code: 400, serviceMessage: "pref is not valid")).description
        #expect(text.contains("Check the options (--pref"))
        #expect(!text.contains("app key"))
    }

    @Test func onlyAServerErrorCountsAsTheServiceFailing() {
        #expect(CalilError(.httpStatus(code: 500, serviceMessage: nil)).isServiceFailure)
        #expect(CalilError(.httpStatus(code: 503, serviceMessage: nil)).isServiceFailure)
        #expect(!CalilError(.httpStatus(code: 404, serviceMessage: nil)).isServiceFailure)
        #expect(!CalilError(.timedOut(host: "api.calil.jp", seconds: 4)).isServiceFailure)
        #expect(!CalilError(.cannotConnect(host: "api.calil.jp", detail: "refused")).isServiceFailure)
    }

    @Test func theNoKeyMessageFitsEightyColumnsWithEveryURLOnOneLine() {
        let printed = "library-finder: \(CalilError(.missingAppKey))"
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            #expect(line.displayWidth <= 80, "too wide for 80 columns: \(line)")
        }
        for url in ["https://calil.jp/api/dashboard/", "https://calil.jp/doc/api.html"] {
            #expect(lines.contains { $0.contains(url) }, "\(url) is broken across lines")
        }
        #expect(lines.contains { $0.contains("export CALIL_APPKEY=<your key>") })
        #expect(lines.contains { $0.contains("library-finder --appkey <your key>") })
    }
}
