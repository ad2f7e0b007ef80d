import Foundation
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// What the command writes when the service's text holds control characters.
@Suite struct LibraryFinderCommandHostileTextTests {
    private var hostile: Library {
        Fixtures.library(id: "1", short: "悪\u{1B}]0;PWNED\u{7}")
    }

    private func printList(format: OutputFormat, outputIsTerminal: Bool) async -> CapturedOutput {
        let captured = CapturedOutput()
        var io = captured.io
        io.outputIsTerminal = outputIsTerminal
        var options = LibraryFinderOptions()
        options.service.format = format
        let status = await LibraryFinderCommand.printList(
            options: options, service: FakeLibraryService([.success([hostile])]), cache: nil, io: io)
        #expect(status == 0)
        return captured
    }

    @Test func csvIsExactThroughAPipe() async {
        let output = await printList(format: .csv, outputIsTerminal: false)
        #expect(output.standardOutput.contains(",\"悪\u{1B}]0;PWNED\u{7}\","))
    }

    @Test func csvIsShownWithPlaceholdersOnATerminal() async {
        let output = await printList(format: .csv, outputIsTerminal: true)
        #expect(output.standardOutput.contains(",\"悪␛]0;PWNED␇\","))
        #expect(!output.standardOutput.contains("\u{1B}"))
        #expect(output.standardOutput.hasSuffix("\n"))
    }

    @Test func jsonIsTheSameOnATerminalAndEscaped() async {
        let piped = await printList(format: .json, outputIsTerminal: false)
        let shown = await printList(format: .json, outputIsTerminal: true)
        // The two runs fetch at different moments, which may lie on either side of a second.
        #expect(withoutFetchTime(piped.standardOutput) == withoutFetchTime(shown.standardOutput))
        #expect(piped.standardOutput.contains(#"悪\u001b]0;PWNED\u0007"#))
    }

    private func withoutFetchTime(_ json: String) -> String {
        // (Foundation's regular expressions: Swift's Regex needs macOS 13.)
        json.replacingOccurrences(
            of: #""fetchedAt" *: *"[^"]*""#, with: #""fetchedAt":"…""#, options: .regularExpression)
    }

    @Test func standardErrorShowsPlaceholdersAndKeepsLineBreaks() {
        let captured = CapturedOutput()
        captured.io.error("library-finder: boom \u{1B}]0;PWNED\u{7}\r\u{9B}2J\nnext line\n")
        #expect(captured.standardError == "library-finder: boom ␛]0;PWNED␇␍<U+009B>2J\nnext line\n")
    }

    @Test func standardOutputIsWrittenAsGiven() {
        let captured = CapturedOutput()
        captured.io.output("a\u{1B}b\n")
        #expect(captured.standardOutput == "a\u{1B}b\n")
    }
}
