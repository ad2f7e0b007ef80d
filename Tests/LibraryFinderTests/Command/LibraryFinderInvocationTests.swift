import Foundation
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite struct LibraryFinderInvocationTests {
    private func options(_ arguments: [String], environment: [String: String] = [:]) throws
        -> LibraryFinderOptions
    {
        let command = try LibraryFinderInvocation.parse(arguments, environment: environment)
        guard case .run(let options) = command else {
            Issue.record("expected a run command, got \(command)")
            return LibraryFinderOptions()
        }
        return options
    }

    private func message(_ arguments: [String]) -> String? {
        do {
            _ = try LibraryFinderInvocation.parse(arguments, environment: [:])
            return nil
        } catch {
            return error.description
        }
    }

    @Test func defaultsToTheArticlesPrefectureAndInteractiveOutput() throws {
        let options = try options([])
        #expect(options.query == LibraryQuery(prefecture: "秋田県"))
        #expect(options.service.format == nil)
        #expect(options.service.appKey == nil)
        #expect(options.service.apiBase == URL(string: "https://api.calil.jp"))
        #expect(options.service.usesCache)
    }

    @Test func readsEveryQueryOption() throws {
        let options = try options([
            "--pref", "東京都", "--city=千代田区", "--limit", "5", "--category", "university,BM",
            "--category", "Reading Room", "--format", "CSV",
        ])
        #expect(options.query.prefecture == "東京都")
        #expect(options.query.city == "千代田区")
        #expect(options.query.limit == 5)
        #expect(options.query.categories == [.university, .mobile, .readingRoom])
        #expect(options.service.format == .csv)
    }

    @Test func dropsTheDefaultPrefectureForASystemOrANearbySearch() throws {
        let bySystem = try options(["--system-id", "Akita_Pref"])
        #expect(bySystem.query.prefecture == nil)
        #expect(bySystem.query.systemID == "Akita_Pref")
        let near = try options(["--near", "140.1, 39.72"])
        #expect(near.query.prefecture == nil)
        #expect(near.query.near == Coordinate(longitude: 140.1, latitude: 39.72))
        let both = try options(["--near", "140.1,39.72", "--pref", "秋田県"])
        #expect(both.query.prefecture == "秋田県")
    }

    @Test func takesTheKeyFromTheOptionBeforeTheEnvironment() throws {
        #expect(try options([], environment: ["CALIL_APPKEY": "env-key"]).service.appKey == "env-key")
        #expect(
            try options(["--appkey", "flag-key"], environment: ["CALIL_APPKEY": "env-key"]).service.appKey
                == "flag-key")
        #expect(try options([], environment: ["CALIL_APPKEY": "  "]).service.appKey == nil)
        #expect(try options(["--appkey="], environment: [:]).service.appKey == nil)
    }

    @Test func readsTheServerTimeoutAndCacheSwitch() throws {
        let options = try options(["--api-base", "http://127.0.0.1:8080", "--timeout", "0.5", "--no-cache"])
        #expect(options.service.apiBase == URL(string: "http://127.0.0.1:8080"))
        #expect(options.service.timeout == 0.5)
        #expect(!options.service.usesCache)
    }

    @Test func recognizesHelpAndVersion() throws {
        #expect(try LibraryFinderInvocation.parse(["--pref", "x", "--help"], environment: [:]) == .help)
        #expect(try LibraryFinderInvocation.parse(["-h"], environment: [:]) == .help)
        #expect(try LibraryFinderInvocation.parse(["--version"], environment: [:]) == .version)
    }

    @Test func explainsBadArgumentsNamingRangesAndQuotingOneWay() {
        #expect(message(["--limit", "0"]) == "--limit needs a whole number from 1 to 10000, not \"0\"")
        #expect(message(["--limit", "１２"]) == "--limit needs a whole number from 1 to 10000, not \"１２\"")
        #expect(
            message(["--timeout", "1e16"])
                == "--timeout needs a number of seconds from 0.1 to 3600, not \"1e16\"")
        #expect(
            message(["--timeout", "nan"])?.hasPrefix("--timeout needs a number of seconds from 0.1") == true)
        #expect(message(["--near", "140.1"])?.hasPrefix("--near needs LONGITUDE,LATITUDE") == true)
        #expect(
            message(["--near", "200,39"]) == "--near's longitude needs a number from -180 to 180, not \"200\""
        )
        #expect(
            message(["--near", "140,inf"]) == "--near's latitude needs a number from -90 to 90, not \"inf\"")
        #expect(
            message(["--category", "castle"])?.hasPrefix(
                "--category has no kind \"castle\"; use one of reading-room (SMALL)") == true)
        #expect(
            message(["--format", "xml"]) == "--format has no format \"xml\"; use one of table, json, csv")
        #expect(
            message(["--format", "jsno"])?.hasPrefix("--format has no format \"jsno\"; did you mean json?")
                == true)
        #expect(message(["--category", "univesity"])?.contains("did you mean university?") == true)
        #expect(
            message(["--api-base", "ftp://x"])?.hasPrefix("--api-base needs an http or https URL") == true)
        #expect(message(["--pref"]) == "--pref needs a value (--pref NAME)")
        #expect(message(["--pref", "--city", "秋田市"])?.hasPrefix("--pref needs a value") == true)
        #expect(message(["--format", "--format", "table"])?.hasPrefix("--format needs a value") == true)
        #expect(message(["--pref", " "]) == "--pref needs a value that isn't empty")
        #expect(
            message(["--city", "\u{1B}[2J"])?.hasPrefix("--city can't contain control characters") == true)
        #expect(message(["--frobnicate"]) == "unknown option \"--frobnicate\"")
        #expect(message(["--cty", "x"]) == "unknown option \"--cty\"; did you mean --city?")
        #expect(message(["秋田県"]) == "unknown command \"秋田県\"; the commands are book")
        #expect(message(["--limit", "1", "--limit", "2"]) == "--limit may be given only once")
    }

    @Test func helpAndVersionWinOverMistakes() throws {
        #expect(try LibraryFinderInvocation.parse(["--help", "--bogus"], environment: [:]) == .help)
        #expect(
            try LibraryFinderInvocation.parse(["--version", "--limit", "0"], environment: [:]) == .version)
    }

    @Test(arguments: [
        ("reading-room", LibraryCategory.readingRoom), ("SMALL", .readingRoom), ("local", .local),
        ("medium", .local), ("regional", .regional), ("LARGE", .regional), ("university", .university),
        ("UNIV", .university), ("special", .special), ("mobile", .mobile), ("BM", .mobile),
    ])
    func acceptsCategoriesByEnglishNameOrCode(argument: String, category: LibraryCategory) {
        #expect(LibraryCategory(argument: argument) == category)
    }
}
