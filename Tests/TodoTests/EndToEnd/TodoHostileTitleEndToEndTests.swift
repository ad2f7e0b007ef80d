import Foundation
import TestSupport
import Testing

/// The built `todo` with a hostile title, through the command line only.
@Suite struct TodoHostileTitleEndToEndTests {
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
