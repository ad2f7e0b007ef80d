import Foundation
import ReSwift
import TerminalUI
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// The screen drawn from given book-search states (`b`).
@Suite struct LibraryFinderBookScreenTests {
    private let size = TerminalSize(columns: 100, rows: 24)
    private func text(_ state: LibraryFinderState, size: TerminalSize? = nil) -> [String] {
        LibraryFinderScreen.lines(for: state, size: size ?? self.size, spinnerFrame: "⠋").map(\.plainText)
    }

    private var started: LibraryFinderState {
        BookListFixtures.reduce(BookEntries.ask(BookEntries.search(["Akita_Pref", "Akita_Akita"])))
    }

    private func row(_ lines: [String], _ name: String) -> String {
        lines.first { $0.dropFirst(2).hasPrefix(name) } ?? ""
    }

    @Test func showsTheProgressAndFillsRowsInAsSystemsAnswer() {
        let asking = text(started)
        #expect(asking.contains("⠋ ISBN 9784101092058: 0 of 2 library systems answered · Esc stops"))
        #expect(row(asking, "県立図書館").contains("asking…"))
        #expect(row(asking, "明徳館").contains("asking…"))
        let half = BookEntries.answer(
            BookFixtures.answer(
                continues: true,
                [
                    "9784101092058": [
                        "Akita_Pref": BookFixtures.held(["本館": "貸出可"]), "Akita_Akita": BookFixtures.running,
                    ]
                ]), in: started)
        let lines = text(half)
        #expect(lines.contains("⠋ ISBN 9784101092058: 1 of 2 library systems answered · Esc stops"))
        #expect(row(lines, "県立図書館").contains("available"))
        #expect(row(lines, "明徳館").contains("asking…"))
        #expect(lines.last?.contains("Esc stops the search") == true)
        #expect(lines.count == size.rows)
    }

    @Test func aFinishedBookSaysWhereItIsAndEveryRowHasItsWord() {
        let finished = BookEntries.answer(BookListFixtures.answered, in: started)
        let lines = text(finished)
        #expect(
            lines.contains("ISBN 9784101092058: held by 2 of 3 libraries listed, available to borrow at 1."))
        #expect(row(lines, "県立図書館").contains("available"))
        #expect(row(lines, "明徳館").contains("on loan"))
        #expect(row(lines, "土崎図書館").contains("not held"))
        #expect(!lines.last!.contains("Esc stops"))
    }

    @Test func aSearchTheServiceEndedEarlySaysSoAndGivesNoNotHeldVerdict() {
        let ended = BookEntries.answer(
            BookFixtures.answer(
                continues: false,
                [
                    "9784101092058": [
                        "Akita_Pref": BookFixtures.held(["本館": "貸出可"]), "Akita_Akita": BookFixtures.running,
                    ]
                ]), in: started)
        let lines = text(ended)
        #expect(
            LibraryFinderScreen.bookLines(ended, width: 300, spinnerFrame: "⠋").map(\.plainText) == [
                "ISBN 9784101092058: the service ended the search before every system answered; 1 of 2 "
                    + "library systems answered. Held by 1 of the libraries that answered. Press b to ask again."
            ])
        #expect(row(lines, "明徳館").contains("no answer"))
        #expect(!row(lines, "明徳館").contains("not held"))
    }

    @Test func theDetailsShowTheSelectedLibrarysAvailabilityAndReservationPage() {
        let finished = BookEntries.answer(BookListFixtures.answered, in: started)
        var details = text(finished).joined(separator: "\n")
        #expect(details.contains("Book     9784101092058 貸出可 (available)"))
        #expect(details.contains("Reserve  https://pref.example.jp/r?isbn=1"))
        let moved = BookListFixtures.reduce([LibraryListAction.moveSelection(by: 1)], from: finished)
        details = text(moved).joined(separator: "\n")
        #expect(details.contains("Book     9784101092058 貸出中 (on loan)"))
        #expect(details.contains("Reserve  https://city.example.jp/r"))
        let last = BookListFixtures.reduce([LibraryListAction.selectLast], from: finished)
        #expect(text(last).joined(separator: "\n").contains("Book     9784101092058 蔵書なし (not held)"))
        // The details keep their height.
        #expect(
            LibraryFinderScreen.detailLines(finished.selectedLibrary, state: finished, width: 100).count == 7)
    }

    @Test func aStoppedOrFailedSearchSaysSoAndHowToAskAgain() {
        let stopped = BookEntries.stopped(started)
        let lines = text(stopped)
        #expect(
            lines.contains(
                "ISBN 9784101092058: stopped; 0 of 2 library systems answered. Press b to ask again."))
        #expect(row(lines, "県立図書館").contains("no answer"))
        let message = CalilError(.httpStatus(code: 503, serviceMessage: nil)).description
        let failed = BookEntries.failed(message, started)
        let shown = text(failed).joined(separator: " ")
        #expect(shown.contains("✗ ISBN 9784101092058: The Calil API answered HTTP 503"))
        #expect(shown.contains("Press b to ask again."))
        #expect(text(failed).allSatisfy { $0.displayWidth <= size.columns })
    }

    @Test func thePromptShowsTheISBNBeingTypedAndWhyItWasRefused() {
        var state = BookListFixtures.reduce([
            BookPromptAction.open, BookPromptAction.edit(text: "978-4", cursor: 5),
        ])
        var lines = text(state)
        #expect(lines.last?.hasPrefix("ISBN: 978-4") == true)
        #expect(lines.last?.hasSuffix("Enter checks · Esc cancels") == true)
        #expect(
            lines.contains(
                "Type an ISBN-10 or ISBN-13 (hyphens allowed); the 2 library systems listed will be asked."))
        let problem = ISBN.message(for: "978-4", problem: .wrongLength(4))
        state = BookListFixtures.reduce([BookPromptAction.reject(problem)], from: state)
        lines = text(state)
        #expect(lines.contains("✗ \(problem)"))
        #expect(lines.last?.hasPrefix("ISBN: 978-4") == true)
    }

    @Test func aBookMessageIsWrappedAndTheListStillFitsOnTheSmallestScreen() {
        let long = ISBN.message(
            for: String(repeating: "9", count: 60), problem: .wrongLength(60))
        let state = BookListFixtures.reduce([BookPromptAction.open, BookPromptAction.reject(long)])
        for size in [LibraryFinderScreen.minimumSize, TerminalSize(columns: 60, rows: 20)] {
            let lines = text(state, size: size)
            #expect(lines.count == size.rows)
            #expect(lines.allSatisfy { $0.displayWidth <= size.columns })
            #expect(lines.contains { $0.hasPrefix("› 県立図書館") })
            #expect(LibraryFinderScreen.listHeight(for: state, size: size) >= 1)
        }
        let roomy = text(state, size: TerminalSize(columns: 60, rows: 20)).joined(separator: " ")
        #expect(roomy.contains("an ISBN has 10 or 13"), "the reason is shown whole when there is room")
    }

    @Test func offersBOnlyWhenSomethingIsListedAndNoSearchRuns() {
        let keys = { (state: LibraryFinderState) in LibraryFinderScreen.keysLine(state, width: 100) }
        let offered = keys(BookListFixtures.listed)
        #expect(offered.plainText.contains("b book"))
        #expect(!offered.spans.contains { $0.text.contains("b book") && $0.style.dim })
        #expect(keys(started).spans.contains { $0.text == "b book" && $0.style.dim })
        #expect(keys(LibraryFinderState()).spans.contains { $0.text == "b book" && $0.style.dim })
    }

    @Test func aFinishedBookNamesTheSystemsWhoseCatalogueFailed() {
        let failedOne = BookFixtures.answer(
            continues: false,
            [
                "9784101092058": [
                    "Akita_Pref": BookFixtures.held(["本館": "貸出可"]),
                    "Akita_Akita": SystemAvailability(status: .error),
                ]
            ])
        let lines = text(
            BookEntries.answer(failedOne, in: started))
        #expect(
            lines.joined(separator: " ").contains(
                "ISBN 9784101092058: held by 1 of 3 libraries listed, available to borrow at 1. The catalogue "
                    + "of 1 system failed."))
        #expect(row(lines, "明徳館").contains("error"))
    }

    @Test func hostileTextFromTheServiceIsShownAsPlaceholders() {
        let hostile = BookFixtures.answer(
            continues: false,
            [
                "9784101092058": [
                    "Akita_Pref": BookFixtures.held(["本館": "貸出可\u{1B}[2J"], url: "https://x/\u{07}\u{9B}r")
                ]
            ])
        var state = BookEntries.answer(
            BookFixtures.answer(continues: true, hostile.books), in: started)
        state = BookEntries.failed("bad \u{1B}]0;title\u{07}", state)
        let lines = LibraryFinderScreen.lines(for: state, size: size, spinnerFrame: "⠋")
        for line in lines {
            #expect(
                !line.plainText.unicodeScalars.contains {
                    $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                })
        }
    }
}

@Suite struct LibraryFinderBookKeysTests {
    private func command(_ key: Key, _ state: LibraryFinderState) -> KeyCommand {
        LibraryFinderKeys.command(for: key, in: state, pageSize: 5)
    }

    @Test func bOpensThePromptWhoseKeysEditTheISBN() {
        #expect(command(.character("b"), BookListFixtures.listed) == .bookPrompt(.open))
        let open = BookListFixtures.reduce([
            BookPromptAction.open, BookPromptAction.edit(text: "97", cursor: 2),
        ])
        #expect(command(.character("8"), open) == .bookPrompt(.edit(text: "978", cursor: 3)))
        #expect(command(.character("q"), open) == .bookPrompt(.edit(text: "97q", cursor: 3)))
        #expect(command(.backspace, open) == .bookPrompt(.edit(text: "9", cursor: 1)))
        #expect(command(.enter, open) == .checkBook("97"))
        #expect(command(.escape, open) == .bookPrompt(.close))
        #expect(command(.down, open) == .ignore)
        #expect(command(.ctrl("c"), open) == .quit)
    }

    @Test func escStopsARunningSearchAndBIsIgnoredMeanwhile() {
        let running = BookListFixtures.reduce(
            [LibraryListAction.editFilter("館")] + BookEntries.ask(BookEntries.search(["Akita_Pref"])))
        #expect(command(.escape, running) == .stopBookSearch)
        #expect(command(.character("b"), running) == .ignore)
        let done = BookEntries.answer(
            BookFixtures.answer(continues: false, ["9784101092058": ["Akita_Pref": BookFixtures.held([:])]]),
            in: running)
        #expect(done.books.shownSearch?.phase == .finished)
        #expect(command(.escape, done) == .list(.cancelFilter))
        #expect(command(.character("b"), LibraryFinderState()) == .ignore)
    }
}
