import ArgumentParsing
import Foundation
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite(.timeLimit(.minutes(3))) struct BookCommandTests {
    private let key = "b00k-cmd-KEY"

    /// Three libraries of two systems (two of `Akita_Akita`), with distances.
    private let libraries = """
        [{"systemid":"Akita_Akita","systemname":"秋田県秋田市","libkey":"中央図書館明徳館","libid":"1",
          "short":"明徳館","formal":"秋田市立中央図書館明徳館","pref":"秋田県","city":"秋田市","distance":2.5},
         {"systemid":"Akita_Pref","systemname":"秋田県立図書館","libkey":"本館","libid":"2",
          "short":"県立図書館","formal":"秋田県立図書館","pref":"秋田県","city":"秋田市","distance":0.4},
         {"systemid":"Akita_Akita","systemname":"秋田県秋田市","libkey":"土崎図書館","libid":"3",
          "short":"土崎図書館","formal":"秋田市立土崎図書館","pref":"秋田県","city":"秋田市","distance":7.1}]
        """

    private func check(_ continues: Int, _ books: String) -> LoopbackHTTPServer.Response {
        .text("callback({\"session\":\"S9\",\"continue\":\(continues),\"books\":{\(books)}});")
    }

    private let done = """
        "9784101092058":{"Akita_Akita":{"status":"OK","reserveurl":"https://lib.akita.jp/r?b=1",
          "libkey":{"中央図書館明徳館":"貸出中","土崎図書館":"貸出可"}},
          "Akita_Pref":{"status":"Error","reserveurl":"","libkey":{}}}
        """

    private func server(check: [LoopbackHTTPServer.Response]) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer()
        server.setResponse(.json(libraries), for: "/library")
        server.setResponses(check, for: "/check")
        return server
    }

    private func run(
        _ arguments: [String], server: LoopbackHTTPServer? = nil, clock: FakePollingClock = FakePollingClock()
    ) async throws -> (Int32, CapturedOutput) {
        let captured = CapturedOutput()
        var arguments = arguments
        if let server { arguments += ["--api-base", server.baseURL.absoluteString, "--no-cache"] }
        let status = await BookCommand.run(
            arguments: arguments, environment: ["CALIL_APPKEY": key], io: captured.io, clock: clock)
        return (status, captured)
    }

    @Test(arguments: [
        (["--system-id", "A"], "give at least one ISBN"),
        (
            ["4101092053", "--system-id", "A"],
            "\"4101092053\" is not an ISBN: its check digit is 3 but the other digits give 2"
        ),
        (["9784101092058", "97841"], "\"97841\" is not an ISBN: it has 5 digits"),
        (["9784101092058"], "say which libraries to ask"),
        (["9784101092058", "--system-id", "A", "--pref", "秋田県"], "give only one of --system-id, --pref"),
        (["9784101092058", "--pref", "秋田県", "--near", "140,39"], "give only one of --pref, --near"),
        (["9784101092058", "--system-id", "A", "--city", "秋田市"], "--city goes with --pref"),
        (["9784101092058", "--pref", "秋田県", "--limit", "3"], "--limit goes with --near"),
        (["9784101092058", "--system-id", "A", "--format", "xml"], "--format has no format \"xml\""),
        (["9784101092058", "--system-id", "A", "--timeout", "0"], "--timeout"),
        (["9784101092058", "--system-id", "A", "--colour"], "--colour"),
        (["978\u{1B}]0;PWNED\u{7}", "--system-id", "A"], "it contains \"␛\""),
    ])
    func usageErrorsExitWithTwoAndAskNothing(arguments: [String], message: String) async throws {
        let server = try server(check: [check(0, done)])
        defer { server.stop() }
        let (status, output) = try await run(arguments, server: server)
        #expect(status == 2)
        #expect(output.standardError.contains(message))
        #expect(output.standardError.contains("library-finder book --help"))
        #expect(output.standardOutput.isEmpty)
        #expect(!output.standardError.contains("\u{1B}"))
        #expect(server.requests.isEmpty)
    }

    @Test func theTwoFormsOfABookAreAskedOnce() throws {
        guard
            case .run(let options) = try BookInvocation.parse(
                ["4-10-109205-2", "978-4-10-109205-8", "--system-id", "A,B", "--system-id", "A"],
                environment: [:])
        else {
            Issue.record("expected options")
            return
        }
        #expect(options.isbns.map(\.digits) == ["9784101092058"])
        #expect(options.systems == .ids(["A", "B"]))
        #expect(options.service.appKey == nil)
    }

    @Test func moreThanAHundredBookRequestsIsRefusedBeforeAsking() async throws {
        let server = try server(check: [check(0, done)])
        defer { server.stop() }
        let ids = (1...51).map { "S\($0)" }.joined(separator: ",")
        let (status, output) = try await run(
            ["9784101092058", "020161622X", "--system-id", ids], server: server)
        #expect(status == 2)
        #expect(output.standardError.contains("2 ISBNs × 51 systems = 102 book requests"))
        #expect(output.standardError.contains("fewer --system-id"))
        #expect(server.requests.isEmpty)
    }

    @Test func systemsFromAQueryCountAfterDeduplication() async throws {
        let server = try server(check: [check(0, done)])
        defer { server.stop() }
        let isbns = (0..<51).map { index -> String in
            let body = "978410" + String(format: "%06d", index)
            let sum = body.enumerated().reduce(0) {
                $0 + ($1.offset % 2 == 0 ? 1 : 3) * Int(String($1.element))!
            }
            return body + String((10 - sum % 10) % 10)
        }
        let (status, output) = try await run(isbns + ["--pref", "秋田県"], server: server)
        #expect(status == 2)
        #expect(output.standardError.contains("51 ISBNs × 2 systems = 102 book requests"))
        #expect(output.standardError.contains("--city"))
        #expect(server.requests(for: "/check").isEmpty)
    }

    @Test func pollsThenPrintsEachLibraryWithItsAvailability() async throws {
        let running = #""9784101092058":{"Akita_Akita":{"status":"Running","libkey":{}}}"#
        let server = try server(check: [check(1, running), check(1, running), check(0, done)])
        defer { server.stop() }
        let clock = FakePollingClock()
        let (status, output) = try await run(
            ["978-4-10-109205-8", "--pref", "秋田県"], server: server, clock: clock)
        #expect(status == 0)
        #expect(output.standardError.isEmpty)
        let checks = server.requests(for: "/check")
        #expect(checks.count == 3)
        #expect(checks.first?.queryValue("systemid") == "Akita_Akita,Akita_Pref")
        #expect(checks.dropFirst().allSatisfy { $0.queryValue("session") == "S9" })
        #expect(clock.sleeps == [2, 2])
        let text = output.standardOutput
        #expect(text.contains("ISBN 9784101092058"))
        #expect(text.contains("明徳館"))
        #expect(text.contains("貸出中 (on loan)"))
        #expect(text.contains("土崎図書館"))
        #expect(text.contains("貸出可 (available)"))
        #expect(text.contains("error (the catalogue failed)"))
        #expect(text.contains("https://lib.akita.jp/r?b=1"))
        #expect(text.contains("2 of 2 book requests answered"))
        #expect(!text.contains("Distance"))
    }

    @Test func theTableLinesUpItsColumnsFromBookToBook() async throws {
        let books =
            done + #","9784003101018":{"Akita_Akita":{"status":"OK","libkey":{}},"#
            + #""Akita_Pref":{"status":"OK","libkey":{"本館":"蔵書あり"}}}"#
        let server = try server(check: [check(0, books)])
        defer { server.stop() }
        let (status, output) = try await run(
            ["9784101092058", "9784003101018", "--pref", "秋田県"], server: server)
        #expect(status == 0)
        #expect(
            output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false) == [
                "ISBN 9784101092058",
                "Library         System          Availability                  Reservation",
                "──────────────  ──────────────  ────────────────────────────  ──────────────────────────",
                "明徳館          秋田県秋田市    貸出中 (on loan)              https://lib.akita.jp/r?b=1",
                "土崎図書館      秋田県秋田市    貸出可 (available)            https://lib.akita.jp/r?b=1",
                "(whole system)  秋田県立図書館  error (the catalogue failed)",
                "",
                "ISBN 9784003101018",
                "Library         System          Availability                  Reservation",
                "──────────────  ──────────────  ────────────────────────────  ──────────────────────────",
                "(whole system)  秋田県秋田市    not held",
                "県立図書館      秋田県立図書館  蔵書あり (held)",
                "4 of 4 book requests answered · 2 systems",
                "",
            ])
    }

    @Test func nearShowsTheDistanceNearestFirst() async throws {
        let server = try server(check: [check(0, done)])
        defer { server.stop() }
        let (status, output) = try await run(
            ["9784101092058", "--near", "140.1,39.7", "--limit", "3", "--format", "csv"], server: server)
        #expect(status == 0)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == BookFormatter.csvHeader.joined(separator: ","))
        #expect(
            Array(lines.dropFirst())
                == [
                    "9784101092058,Akita_Akita,秋田県秋田市,明徳館,貸出中,on loan,OK,https://lib.akita.jp/r?b=1,2.5",
                    "9784101092058,Akita_Akita,秋田県秋田市,土崎図書館,貸出可,available,OK,https://lib.akita.jp/r?b=1,7.1",
                    "9784101092058,Akita_Pref,秋田県立図書館,,,error (the catalogue failed),Error,,",
                ])
        #expect(server.requests(for: "/library").first?.queryValue("geocode") == "140.1,39.7")
    }

    @Test func notHeldAnywhereIsAnAnswer() async throws {
        let server = try server(check: [
            check(
                0,
                #""9784101092058":{"A":{"status":"Cache","reserveurl":"","libkey":{"本館":"蔵書なし"}},"B":{"status":"OK"}}"#
            )
        ])
        defer { server.stop() }
        let (status, output) = try await run(
            ["9784101092058", "--system-id", "A,B", "--format", "json"], server: server)
        #expect(status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        #expect(document["complete"] as? Bool == true)
        let books = try #require(document["books"] as? [[String: Any]])
        #expect(books.first?["heldAnywhere"] as? Bool == false)
    }

    @Test func notHeldIsSaidOnlyOfTheSystemsThatAnswered() async throws {
        let partial =
            #""9784101092058":{"A":{"status":"OK","libkey":{"本館":"蔵書なし"}},"B":{"status":"Running"}}"#
        let server = try server(check: [check(0, partial)])
        defer { server.stop() }
        let (status, output) = try await run(["9784101092058", "--system-id", "A,B"], server: server)
        #expect(status == 1)
        #expect(
            output.standardOutput.contains(
                "ISBN 9784101092058 — not held in the libraries that answered; 1 of 2 systems gave no answer")
        )
        #expect(!output.standardOutput.contains("not held in the libraries asked"))
        #expect(output.standardError.contains("1 of 2 book requests were answered. Try again later."))
    }

    @Test func aSearchThatRunsOutOfTimePrintsWhatArrivedAndExitsWithOne() async throws {
        let partial = #""9784101092058":{"A":{"status":"OK","libkey":{"本館":"貸出可"}},"B":{"status":"Running"}}"#
        let server = try server(check: [check(1, partial)])
        defer { server.stop() }
        let (status, output) = try await run(
            ["9784101092058", "--system-id", "A,B", "--timeout", "5"], server: server)
        #expect(status == 1)
        #expect(output.standardOutput.contains("貸出可 (available)"))
        #expect(output.standardOutput.contains("no answer"))
        #expect(
            output.standardError.contains(
                "did not finish within 5 seconds; 1 of 2 book requests were answered"))
        #expect(server.requests(for: "/check").count == 3)
    }

    @Test func aFailedServiceExitsWithOneNamingTheHostNotTheKey() async throws {
        let server = try server(check: [.json(#"{"error":"key \#(key) refused"}"#, status: 403)])
        defer { server.stop() }
        let (status, output) = try await run(["9784101092058", "--system-id", "A"], server: server)
        #expect(status == 1)
        #expect(output.standardError.contains("HTTP 403"))
        #expect(!output.standardError.contains("cmd-KEY"))
        #expect(output.standardOutput.isEmpty)
    }

    @Test func serverTextInTheTableCannotDriveTheTerminal() async throws {
        let hostile =
            #""9784101092058":{"A":{"status":"OK","reserveurl":"https://x.jp/\u001b]0;PWNED\u0007","libkey":{"本館\u001b[2J":"貸出可"}}}"#
        let server = try server(check: [check(0, hostile)])
        defer { server.stop() }
        let (status, output) = try await run(["9784101092058", "--system-id", "A"], server: server)
        #expect(status == 0)
        #expect(!output.standardOutput.contains("\u{1B}"))
        #expect(!output.standardOutput.contains("\u{07}"))
        #expect(output.standardOutput.contains("本館␛[2J"))
    }

    @Test func bothHelpsListTheCausesOfExitStatusTwo() async throws {
        let captured = CapturedOutput()
        _ = await LibraryFinderCommand.run(arguments: ["--help"], environment: [:], io: captured.io)
        #expect(captured.standardOutput.contains("       or no app key (--appkey or $CALIL_APPKEY)\n"))
        let (_, help) = try await run(["--help"])
        for cause in [
            "or no app key (--appkey or $CALIL_APPKEY)",
            "or a query (--pref, --near) that matches no library",
            "or more than 100 book requests (ISBNs × systems)",
        ] {
            #expect(help.standardOutput.contains("       \(cause)\n"), "\(cause)")
        }
    }

    @Test func aMistypedSubcommandGetsANearMiss() async throws {
        let captured = CapturedOutput()
        let status = await LibraryFinderCommand.run(
            arguments: ["boook", "9784101092058"], environment: [:], io: captured.io)
        #expect(status == 2)
        #expect(
            captured.standardError.hasPrefix("library-finder: unknown command \"boook\"; did you mean book?"))
        let late = CapturedOutput()
        let lateStatus = await LibraryFinderCommand.run(
            arguments: ["--no-cache", "book", "9784101092058", "--pref", "秋田県"], environment: [:], io: late.io
        )
        #expect(lateStatus == 2)
        #expect(late.standardError.contains("\"book\" comes first"))
    }

    @Test func theListsHelpNamesTheSubcommandAndItsOwnHelpPrints() async throws {
        let captured = CapturedOutput()
        _ = await LibraryFinderCommand.run(arguments: ["--help"], environment: [:], io: captured.io)
        #expect(captured.standardOutput.contains("\nCOMMANDS:\n  book ISBN… (--system-id ID | --pref NAME"))
        let (status, help) = try await run(["--help"])
        #expect(status == 0)
        #expect(help.standardOutput.contains("--system-id ID"))
        #expect(help.standardOutput.contains("貸出可 available"))
    }
}
