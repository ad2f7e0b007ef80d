import Foundation
import ReSwift
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// Stopping a book search (Esc) keeps every answer that arrived before it.
@Suite struct BookStopTests {
    /// 本館 (Akita_Pref) answered; Akita_Akita is still `Running` but its catalogue already named
    /// 明徳館 (the service fills `libkey` in as the catalogues answer).
    private var partial: LibraryFinderState {
        let asked = BookListFixtures.reduce(
            BookEntries.ask(BookEntries.search(["Akita_Pref", "Akita_Akita"])))
        return BookEntries.answer(
            BookFixtures.answer(
                continues: true,
                [
                    "9784101092058": [
                        "Akita_Pref": BookFixtures.held(["本館": "貸出可"]),
                        "Akita_Akita": SystemAvailability(
                            status: .running, libraries: ["明徳館": Availability("貸出中")]),
                    ]
                ]), in: asked)
    }

    private func answers(_ state: LibraryFinderState) -> [String: LibraryFinderScreen.LibraryAnswer] {
        let search = state.books.shownSearch!
        return Dictionary(
            uniqueKeysWithValues: state.libraries.map {
                ($0.shortName, LibraryFinderScreen.LibraryAnswer($0, isbn: BookFixtures.isbn, in: search))
            })
    }

    @Test func aLibraryNamedWhileItsSystemStillRunsIsShownAndKeptWhenStopped() {
        #expect(partial.books.shownSearch?.phase == .checking)
        #expect(answers(partial)["明徳館"] == .answered(Availability("貸出中")))
        let stopped = BookEntries.stopped(partial)
        #expect(stopped.books.shownSearch?.phase == .cancelled)
        let after = answers(stopped)
        #expect(after["県立図書館"] == .answered(Availability("貸出可")))
        #expect(after["明徳館"] == .answered(Availability("貸出中")))
        #expect(after["土崎図書館"] == .noAnswer)
    }
}
