import Testing

@testable import ArgumentParsing

/// Each rule of the grammar, on a small declared program.
@Suite struct ArgumentParserTests {
    static let program = CommandDeclaration(
        name: "finder", summary: "finds things",
        options: [
            .value("--pref", placeholder: "NAME", help: "Prefecture"),
            .value("--city", placeholder: "NAME", help: "City"),
            .value("--category", placeholder: "NAME", repeatable: true, help: "Kind"),
            .value("--near", placeholder: "LON,LAT", help: "Point"),
            .flag("--offline", help: "Offline"),
        ],
        failureMeaning: "nothing found")

    static let todo = CommandDeclaration(
        name: "todo", summary: "todos",
        subcommands: [
            SubcommandDeclaration("add", arguments: "TITLE", help: "Add"),
            SubcommandDeclaration("list", aliases: ["ls"], help: "List"),
            SubcommandDeclaration("done", arguments: "N", help: "Done"),
        ],
        acceptsPositionals: true,
        options: [.value("--file", placeholder: "PATH", help: "File")],
        failureMeaning: "not done")

    private func parse(_ arguments: [String], _ command: CommandDeclaration = program) throws(UsageError)
        -> ParsedArguments
    {
        try ArgumentParser.parse(arguments, for: command)
    }

    private func message(_ arguments: [String], _ command: CommandDeclaration = program) -> String? {
        do {
            _ = try parse(arguments, command)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func readsAValueAfterTheOptionOrAfterAnEqualsSign() throws {
        let parsed = try parse(["--pref", "秋田県", "--city=秋田市"])
        #expect(parsed.value("--pref") == "秋田県")
        #expect(parsed.value("--city") == "秋田市")
        #expect(parsed.request == .run)
    }

    @Test func anEqualsSignValueMayBeEmptyOrStartWithADashOrHoldAnotherEqualsSign() throws {
        let parsed = try parse(["--pref=", "--city=-x", "--near=a=b"])
        #expect(parsed.value("--pref") == "")
        #expect(parsed.value("--city") == "-x")
        #expect(parsed.value("--near") == "a=b")
    }

    @Test func repeatableOptionsKeepEveryValueInOrder() throws {
        let parsed = try parse(["--category", "a", "--category=b", "--category", "c"])
        #expect(parsed.allValues("--category") == ["a", "b", "c"])
    }

    @Test func anOptionThatIsNotRepeatableMayBeGivenOnce() {
        #expect(message(["--pref", "a", "--pref", "b"]) == "--pref may be given only once")
        #expect(message(["--offline", "--offline"]) == "--offline may be given only once")
    }

    @Test func aValueThatLooksLikeAnOptionIsRefused() {
        let pref = message(["--pref", "--city", "秋田市"])
        #expect(pref?.hasPrefix("--pref needs a value (--pref NAME)") == true)
        #expect(pref?.contains("write --pref=VALUE") == true)
        #expect(message(["--pref", "--format", "table"])?.hasPrefix("--pref needs a value") == true)
        #expect(message(["--pref", "-h2"])?.hasPrefix("--pref needs a value") == true)
    }

    @Test func aMissingValueAtTheEndIsNamed() {
        #expect(message(["--pref"]) == "--pref needs a value (--pref NAME)")
    }

    @Test func negativeNumbersAreValuesNotOptions() throws {
        #expect(try parse(["--near", "-70.5,40"]).value("--near") == "-70.5,40")
        #expect(try parse(["--near", "-.5"]).value("--near") == "-.5")
        #expect(try parse(["done", "-1"], Self.todo).positionals == ["-1"])
    }

    @Test func aFlagTakesNoValue() {
        #expect(message(["--offline=yes"]) == "--offline takes no value")
    }

    @Test func doubleDashEndsTheOptions() throws {
        let parsed = try parse(["add", "--", "-urgent", "--file"], Self.todo)
        #expect(parsed.subcommand == "add")
        #expect(parsed.positionals == ["-urgent", "--file"])
        #expect(parsed.values.isEmpty)
    }

    @Test func optionsMayComeBeforeOrAfterTheSubcommand() throws {
        let before = try parse(["--file", "a.json", "done", "2"], Self.todo)
        let after = try parse(["done", "2", "--file=a.json"], Self.todo)
        #expect(before == after)
        #expect(before.subcommand == "done")
        #expect(before.positionals == ["2"])
        #expect(before.value("--file") == "a.json")
    }

    @Test func anAliasIsTurnedIntoTheSubcommandsName() throws {
        #expect(try parse(["ls"], Self.todo).subcommand == "list")
    }

    @Test func unknownOptionsAreRefusedWithANearMiss() {
        #expect(message(["--cty", "x"]) == "unknown option \"--cty\"; did you mean --city?")
        #expect(message(["--ofline"]) == "unknown option \"--ofline\"; did you mean --offline?")
        #expect(message(["--frobnicate"]) == "unknown option \"--frobnicate\"")
        #expect(message(["-x"]) == "unknown option \"-x\"")
    }

    @Test func anUnknownOptionWhereTextIsAcceptedGetsTheDoubleDashHint() {
        #expect(
            message(["add", "-urgent"], Self.todo)
                == "unknown option \"-urgent\"; to use it as text, put -- before it: todo add -- \"-urgent\"")
        #expect(
            message(["add", "--fil"], Self.todo)
                == "unknown option \"--fil\"; did you mean --file? To use it as text, put -- before it: "
                + "todo add -- \"--fil\"")
    }

    @Test func anUnknownOptionBeforeAnyCommandIsAdvisedToFollowACommandThatTakesText() {
        // `todo -- "-x"` would take -x as the command: the advice names a command that takes text.
        #expect(
            message(["-x"], Self.todo)
                == "unknown option \"-x\"; to use it as text, give a command first: todo add -- \"-x\"")
        #expect(
            message(["--fil"], Self.todo)
                == "unknown option \"--fil\"; did you mean --file? To use it as text, give a command first: "
                + "todo add -- \"--fil\"")
    }

    @Test func helpAndHelpCommandAskForTheHelpInEveryProgram() throws {
        #expect(try parse(["help"], Self.todo) == ParsedArguments(request: .help))
        #expect(try parse(["help", "add"], Self.todo) == ParsedArguments(request: .help, subcommand: "add"))
        #expect(try parse(["help", "ls"], Self.todo).subcommand == "list")
        #expect(try parse(["--file", "a", "help", "done"], Self.todo).request == .help)
        #expect(
            try parse(["add", "--help"], Self.todo) == ParsedArguments(request: .help, subcommand: "add"))
        // A program without commands takes `help` alone as its help too.
        #expect(try parse(["help"]) == ParsedArguments(request: .help))
        // After a command or after --, help is a word like any other.
        #expect(try parse(["add", "help"], Self.todo).positionals == ["help"])
    }

    @Test func helpForAnUnknownCommandIsRefusedLikeTheCommand() {
        #expect(message(["help", "lst"], Self.todo) == "unknown command \"lst\"; did you mean list?")
        #expect(
            message(["help", "add", "list"], Self.todo)
                == "unexpected argument \"list\"; \"todo help\" takes one command at most")
        #expect(message(["help", "add"]) == "unexpected argument \"add\"; \"finder help\" takes no command")
    }

    @Test func unknownSubcommandsAreRefusedWithANearMissOrTheList() {
        #expect(message(["lst"], Self.todo) == "unknown command \"lst\"; did you mean list?")
        #expect(
            message(["frobnicate"], Self.todo)
                == "unknown command \"frobnicate\"; the commands are add, list, done")
    }

    @Test func aNegativeNumberWhereTheCommandGoesIsAnUnknownOption() throws {
        #expect(message(["-1"], Self.todo) == "unknown option \"-1\"; the commands are add, list, done")
        #expect(
            message(["--file", "a.json", "-0.5"], Self.todo)
                == "unknown option \"-0.5\"; the commands are add, list, done")
        #expect(try parse(["done", "-1"], Self.todo).positionals == ["-1"], "after the command it is a word")
    }

    @Test func aProgramWithoutPositionalsRefusesThem() {
        #expect(message(["秋田県"]) == "unexpected argument \"秋田県\"; finder takes options only")
    }

    @Test func helpWinsOverEverythingElseOnTheLine() throws {
        #expect(try parse(["--help"]).request == .help)
        #expect(try parse(["-h"]).request == .help)
        #expect(try parse(["--help", "--bogus"]).request == .help)
        #expect(try parse(["--bogus", "--help"]).request == .help)
        #expect(try parse(["--version", "--help"]).request == .help)
        #expect(try parse(["--pref", "--help"]).request == .help)
        #expect(try parse(["add", "-h"], Self.todo).request == .help)
    }

    @Test func versionWinsOverEverythingButHelp() throws {
        #expect(try parse(["--version"]).request == .version)
        #expect(try parse(["--version", "--bogus"]).request == .version)
        #expect(try parse(["--bogus", "--version", "x"]).request == .version)
    }

    @Test func helpAfterTheDoubleDashIsText() throws {
        let parsed = try parse(["add", "--", "--help", "--version"], Self.todo)
        #expect(parsed.request == .run)
        #expect(parsed.positionals == ["--help", "--version"])
    }

    @Test func aLoneDashIsAPositional() throws {
        #expect(try parse(["add", "-"], Self.todo).positionals == ["-"])
    }

    @Test func wordsAreQuotedOneWayAndLongOnesShortened() {
        #expect(Quoting.quoted("秋田市") == "\"秋田市\"")
        #expect(Quoting.quoted("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(
            Quoting.quoted(String(repeating: "x", count: 100)) == "\"" + String(repeating: "x", count: 60)
                + "…\"")
        // Control characters stay data here; the programs print through TerminalText.sanitized
        // (ExtremeValuesTests checks that no raw escape reaches standard error).
        #expect(Quoting.quoted("\u{1B}[2J") == "\"\u{1B}[2J\"")
    }

    @Test func theUsageReportNamesTheProgramAndPointsToTheHelp() {
        #expect(
            UsageError("--pref needs a value").report(for: Self.program)
                == "finder: --pref needs a value\nRun \"finder --help\" to see the options.\n")
    }

    @Test func anUnknownChoiceListsTheChoicesAndSuggestsANearMiss() {
        #expect(
            UsageError.unknownChoice("tabel", for: "--format", kind: "format", choices: ["table", "json"])
                .message
                == "--format has no format \"tabel\"; did you mean table? Use one of table, json")
        #expect(
            UsageError.unknownChoice("xml", for: "--format", kind: "format", choices: ["table", "json"])
                .message
                == "--format has no format \"xml\"; use one of table, json")
    }

    @Test func nearMissesAreWithinTwoEditsAndLessThanHalfTheWord() {
        #expect(NearMiss.suggestion(for: "--citty", among: ["--city", "--pref"]) == "--city")
        #expect(NearMiss.suggestion(for: "--ctiy", among: ["--city"]) == "--city")
        #expect(NearMiss.suggestion(for: "--zzzz", among: ["--city"]) == nil)
        #expect(NearMiss.suggestion(for: "ad", among: ["add"]) == nil)
        #expect(NearMiss.suggestion(for: "lst", among: ["list", "ls"]) == "list")
    }
}
