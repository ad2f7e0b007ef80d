import Foundation
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// Runs the built `library-finder book` against a loopback server with its output in pipes.
@Suite(.timeLimit(.minutes(5))) struct BookEndToEndTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private let key = "e2e-book-secret"

    @Test func printsTheAvailabilityAsJSONAfterPolling() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(
            .json(
                #"[{"systemid":"Akita_Pref","systemname":"秋田県立図書館","libkey":"本館","libid":"1","short":"県立図書館"}]"#
            ), for: "/library")
        server.setResponses(
            [
                .text(
                    #"callback({"session":"E1","continue":1,"books":{"9784101092058":{"Akita_Pref":{"status":"Running"}}}});"#
                ),
                .text(
                    #"""
                    callback({"session":"E1","continue":0,"books":{"9784101092058":{"Akita_Pref":{"status":"OK",
                    "reserveurl":"https://lib.example.jp/r?isbn=9784101092058","libkey":{"本館":"貸出可","分館":"館内のみ"}}}}});
                    """#),
            ], for: "/check")
        let run = try runProduct(
            "library-finder",
            arguments: [
                "book", "4-10-109205-2", "--system-id", "Akita_Pref", "--format", "json", "--api-base",
                server.baseURL.absoluteString, "--timeout", "20",
            ],
            environment: ["CALIL_APPKEY": key, "XDG_CACHE_HOME": try temporary.newFolder().path])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(document["complete"] as? Bool == true)
        #expect(document["outcome"] as? String == "finished")
        #expect(document["systems"] as? [String] == ["Akita_Pref"])
        let book = try #require((document["books"] as? [[String: Any]])?.first)
        #expect(book["isbn"] as? String == "9784101092058")
        #expect(book["isbn10"] as? String == "4101092052")
        #expect(book["typed"] as? String == "4-10-109205-2")
        #expect(book["heldAnywhere"] as? Bool == true)
        let system = try #require((book["systems"] as? [[String: Any]])?.first)
        #expect(system["status"] as? String == "OK")
        #expect(system["reserveUrl"] as? String == "https://lib.example.jp/r?isbn=9784101092058")
        let libraries = try #require(system["libraries"] as? [[String: Any]])
        // The short name where /library gave one, else null, never the key; the key beside it.
        #expect(libraries.map { $0["libraryKey"] as? String } == ["分館", "本館"])
        #expect(libraries.map { $0["name"] is NSNull } == [true, false])
        #expect(libraries.last?["name"] as? String == "県立図書館")
        #expect(system["systemName"] as? String == "秋田県立図書館")
        #expect(libraries.map { $0["availabilityEnglish"] as? String } == ["reference only", "available"])
        #expect(server.requests(for: "/library").first?.queryValue("systemid") == "Akita_Pref")
        let requests = server.requests(for: "/check")
        #expect(requests.count == 2)
        #expect(requests.first?.queryValue("isbn") == "9784101092058")
        #expect(requests.last?.queryValue("session") == "E1")
        #expect(!run.standardOutput.contains(key))
    }

    /// The service ends the search (`continue: 0`) while the system is still `Running`.
    private static let stoppedUnanswered =
        #"callback({"session":"E2","continue":0,"books":{"9784101092058":{"Akita_Pref":{"status":"Running"}}}});"#

    private func runStoppedUnanswered(format: String) throws -> ProductRun {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.text(Self.stoppedUnanswered), for: "/check")
        server.setResponse(
            .json(#"[{"systemid":"Akita_Pref","libkey":"本館","short":"県立図書館"}]"#), for: "/library")
        return try runProduct(
            "library-finder",
            arguments: [
                "book", "9784101092058", "--system-id", "Akita_Pref", "--format", format, "--api-base",
                server.baseURL.absoluteString, "--timeout", "20",
            ],
            environment: ["CALIL_APPKEY": key, "XDG_CACHE_HOME": try temporary.newFolder().path])
    }

    @Test func aSearchTheServiceEndsUnansweredSaysSoAndExitsOne() throws {
        let run = try runStoppedUnanswered(format: "table")
        #expect(run.status == 1)
        #expect(!run.standardOutput.contains("not held"))
        #expect(run.standardOutput.contains("ISBN 9784101092058 — no library system answered"))
        #expect(run.standardOutput.contains("no answer"))
        #expect(
            run.standardError
                == "library-finder: the service ended the search before every library system answered; "
                + "0 of 1 book requests were answered. Try again later.\n")
    }

    @Test func anIncompleteSearchsJSONGivesNoVerdict() throws {
        let run = try runStoppedUnanswered(format: "json")
        #expect(run.status == 1)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(document["complete"] as? Bool == false)
        #expect(document["outcome"] as? String == "incomplete")
        let book = try #require((document["books"] as? [[String: Any]])?.first)
        #expect(book["heldAnywhere"] is NSNull)
    }

    @Test func aBadISBNIsAUsageErrorNamingIt() throws {
        let run = try runProduct(
            "library-finder", arguments: ["book", "978-4-10-109205-9", "--system-id", "A"],
            environment: ["CALIL_APPKEY": key])
        #expect(run.status == 2)
        #expect(run.standardError.contains("\"978-4-10-109205-9\" is not an ISBN: its check digit is 9"))
        #expect(run.standardOutput.isEmpty)
    }
}
