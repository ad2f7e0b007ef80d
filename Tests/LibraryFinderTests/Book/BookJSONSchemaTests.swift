import Foundation
import ReSwiftPersistence
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// `library-finder book --format json` against the schema its DocC article documents
/// (Examples/LibraryFinder/Model/LibraryFinderModel.docc/Articles/BookJSON.md), the one place the
/// format is written down.
@Suite(.timeLimit(.minutes(3))) struct BookJSONSchemaTests {
    private let key = "b00k-json-KEY"

    private let schema: JSONSchema

    init() throws {
        schema = try JSONSchema(article: BookJSONSchemaTests.article, after: "## Schema")
    }

    static let article = "Examples/LibraryFinder/Model/LibraryFinderModel.docc/Articles/BookJSON.md"

    /// `/library`: two libraries of Akita_Akita (one with a distance), none of Akita_Pref.
    private let libraries = """
        [{"systemid":"Akita_Akita","systemname":"秋田県秋田市","libkey":"中央図書館明徳館","libid":"1",
          "short":"明徳館","formal":"秋田市立中央図書館明徳館","pref":"秋田県","city":"秋田市","distance":2.5},
         {"systemid":"Akita_Akita","systemname":"秋田県秋田市","libkey":"土崎図書館","libid":"3",
          "short":"土崎","formal":"秋田市立土崎図書館","pref":"秋田県","city":"秋田市","distance":7.1}]
        """

    private func check(_ continues: Int, _ books: String) -> LoopbackHTTPServer.Response {
        .text("callback({\"session\":\"S9\",\"continue\":\(continues),\"books\":{\(books)}});")
    }

    /// Akita_Akita answered (no reservation page), Akita_Pref still running.
    private var partial: String {
        #""9784101092058":{"Akita_Akita":{"status":"OK","libkey":{"中央図書館明徳館":"貸出中","土崎図書館":"貸出可"}},"Akita_Pref":{"status":"Running"}}"#
    }

    private func run(
        _ arguments: [String], check responses: [LoopbackHTTPServer.Response],
        library: LoopbackHTTPServer.Response? = nil
    )
        async throws -> (Int32, String, LoopbackHTTPServer)
    {
        let server = try LoopbackHTTPServer()
        server.setResponse(library ?? .json(libraries), for: "/library")
        server.setResponses(responses, for: "/check")
        let captured = CapturedOutput()
        let status = await BookCommand.run(
            arguments: arguments + [
                "--format", "json", "--api-base", server.baseURL.absoluteString, "--no-cache",
            ],
            environment: ["CALIL_APPKEY": key], io: captured.io, clock: FakePollingClock())
        return (status, captured.standardOutput, server)
    }

    private func document(_ text: String) throws -> [String: JSONValue] {
        guard case .object(let members) = try JSONValue.parse(Data(text.utf8), maximumDepth: 64) else {
            throw TestSupportError("not a JSON object: \(text)")
        }
        return members
    }

    @Test func theSchemaCatchesAMissingKeyAnUnknownOneAndAWrongType() throws {
        let good = #"{"outcome":"finished","complete":true,"systems":[],"books":[]}"#
        #expect(try schema.violations(of: good).isEmpty)
        #expect(
            try schema.violations(of: #"{"outcome":"finished","systems":[],"books":[],"extra":1}"#)
                == ["$: the key \"complete\" is missing", "$: the key \"extra\" is not in the schema"])
        #expect(
            try schema.violations(of: #"{"outcome":"done","complete":1,"systems":[],"books":[]}"#).count == 2)
    }

    @Test(arguments: [
        ["9784101092058", "--system-id", "Akita_Akita,Akita_Pref"],
        ["9784101092058", "979-10-90636-07-1", "--near", "140.1,39.7"],
        ["9784101092058", "--pref", "秋田県"],
    ])
    func everyDocumentMatchesTheArticlesSchema(arguments: [String]) async throws {
        for responses in [
            [check(0, partial)], [check(1, partial)],
            [check(0, partial.replacingOccurrences(of: "Running", with: "Error"))],
        ] {
            let (_, output, server) = try await run(arguments, check: responses)
            server.stop()
            #expect(try schema.violations(of: output) == [], "\(arguments) \(output)")
        }
    }

    @Test func unknownValuesAreNullNotMissing() async throws {
        let (status, output, server) = try await run(
            ["9784101092058", "--system-id", "Akita_Akita,Akita_Pref"], check: [check(0, partial)])
        defer { server.stop() }
        #expect(status == 1)
        let members = try document(output)
        guard case .array(let books)? = members["books"], case .object(let book)? = books.first,
            case .array(let systems)? = book["systems"], systems.count == 2,
            case .object(let city) = systems[0], case .object(let pref) = systems[1]
        else {
            Issue.record("unexpected document: \(output)")
            return
        }
        #expect(city["reserveUrl"] == .null)
        #expect(city["systemName"] == .string("秋田県秋田市"))
        #expect(pref["systemName"] == .null)
        #expect(pref["status"] == .string("Running"))
        guard case .array(let libraries)? = city["libraries"] else {
            Issue.record("no libraries: \(output)")
            return
        }
        #expect(
            libraries == [
                .object([
                    "name": .string("明徳館"), "libraryKey": .string("中央図書館明徳館"),
                    "availability": .string("貸出中"), "availabilityEnglish": .string("on loan"),
                    "distanceKm": .null,
                ]),
                .object([
                    "name": .string("土崎"), "libraryKey": .string("土崎図書館"),
                    "availability": .string("貸出可"), "availabilityEnglish": .string("available"),
                    "distanceKm": .null,
                ]),
            ])
        #expect(
            server.requests(for: "/library").map { $0.queryValue("systemid") } == [
                "Akita_Akita", "Akita_Pref",
            ])
    }

    @Test func withSystemIDsALookupThatFailsLeavesTheNamesNullAndSaysSo() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.text("down", status: 503), for: "/library")
        server.setResponses(
            [check(0, partial.replacingOccurrences(of: "Running", with: "OK"))], for: "/check")
        let captured = CapturedOutput()
        let status = await BookCommand.run(
            arguments: [
                "9784101092058", "--system-id", "Akita_Akita,Akita_Pref", "--format", "json", "--api-base",
                server.baseURL.absoluteString, "--no-cache",
            ],
            environment: ["CALIL_APPKEY": key], io: captured.io, clock: FakePollingClock())
        #expect(status == 0)
        #expect(try schema.violations(of: captured.standardOutput) == [])
        #expect(captured.standardOutput.contains(#""name" : null"#))
        #expect(!captured.standardOutput.contains(#""name" : "土崎図書館""#))
        #expect(
            captured.standardError.contains(
                "the names of the libraries of Akita_Akita could not be looked up"))
    }
}
