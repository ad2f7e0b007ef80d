import Foundation
import TestSupport
import Testing

/// The built `todo` with a hostile title, through the command line only.
@Suite(.timeLimit(.minutes(5))) struct TodoHostileTitleEndToEndTests {
    @Test func addAndListPrintPlaceholdersNotEscapeSequences() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let title = "evil \u{1B}]0;PWNED\u{7} \u{1B}[2J"

        let added = try sandbox.run("add", title)
        #expect(added.status == 0)
        #expect(added.standardOutput == "Added 1: evil ␛]0;PWNED␇ ␛[2J\n")

        let list = try sandbox.run("list")
        #expect(list.status == 0)
        #expect(list.standardOutput == "1. [ ] evil ␛]0;PWNED␇ ␛[2J\n")
        #expect(!TodoHostileTextTests.hasRawControls(list.standardOutput))

        // Messages on standard error that quote the title are shown the same way.
        let again = try sandbox.run("add", title)
        #expect(again.status == 1)
        #expect(again.standardError.contains("'evil ␛]0;PWNED␇ ␛[2J' is already on the list"))
        #expect(!TodoHostileTextTests.hasRawControls(again.standardError))

        // The title is stored as typed: numbers and commands still find it.
        let done = try sandbox.run("done", "1")
        #expect(done.standardOutput == "Done: evil ␛]0;PWNED␇ ␛[2J\n")
    }
}

/// Odd titles are refused with a word, not taken silently: bytes that aren't UTF-8 text, and
/// titles past the length limit.
@Suite(.timeLimit(.minutes(5))) struct TodoOddTitleEndToEndTests {
    @Test func aTitleWithBytesThatArentUTF8IsRefusedNotSavedWithReplacementCharacters() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let run = try runProgram(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: [
                "-c", "exec \"$0\" --file \"$1\" add \"$(printf 'caf\\351')\"",
                try builtProductURL("todo").path, sandbox.file.path,
            ])
        #expect(run.status == 2)
        #expect(run.standardError.contains("argument 4 has bytes that aren't UTF-8 text"))
        #expect(try sandbox.list() == ["The list is empty. Add a todo with: todo add \"Buy milk\""])
    }

    @Test func aTitleLongerThanTheLimitIsRefusedSayingTheLimit() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let tooLong = try sandbox.run("add", String(repeating: "x", count: 5000))
        #expect(tooLong.status == 2)
        #expect(
            tooLong.standardError.contains("a title can be at most 500 characters, and this one has 5000"))
        let longest = try sandbox.run("add", String(repeating: "y", count: 500))
        #expect(longest.status == 0)
    }
}
