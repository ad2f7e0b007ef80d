import ArgumentParsing
import Foundation
import LibraryFinderModel
import TerminalUI

/// What the screen shows of the book searches (`b`): the availability column, the book's lines in
/// the details, the progress line, and the ISBN prompt.
extension LibraryFinderScreen {
    /// The availability column's width (the longest English word, `reference only`).
    static let availabilityWidth = 14

    /// The most rows the book's line may take (a failure's message wraps).
    static let maximumBookHeight = 3

    /// What a search says about one library, in words.
    enum LibraryAnswer: Equatable, Sendable {
        /// The library's system wasn't asked (it was listed after the search).
        case notAsked
        /// The system's catalogue is still being asked.
        case asking
        /// The search ended before the system answered.
        case noAnswer
        /// The system's catalogue failed.
        case failed
        /// The system answered; `nil` when it didn't name this library (not held).
        case answered(Availability?)

        /// The library's answer in `search` for `isbn`.
        init(_ library: Library, isbn: ISBN, in search: BookCheck) {
            guard search.systemIDs.contains(library.systemID) else {
                self = .notAsked
                return
            }
            // A catalogue's answer counts as soon as the service names the library, also while its
            // system still runs (the service fills `libkey` in as catalogues answer) and after the
            // search was stopped: stopping keeps what arrived.
            if let availability = search.result(for: isbn, system: library.systemID)?.libraries[
                library.libraryKey]
            {
                self = .answered(availability)
                return
            }
            guard let result = search.result(for: isbn, system: library.systemID), result.status != .running
            else {
                self = search.isRunning ? .asking : .noAnswer
                return
            }
            if result.status == .error {
                self = .failed
            } else {
                self = .answered(result.libraries[library.libraryKey])
            }
        }

        /// Whether the library has the book.
        var isHeld: Bool {
            if case .answered(let availability?) = self { return availability.isHeld }
            return false
        }

        /// The list's short word.
        var word: String {
            switch self {
            case .notAsked: "not asked"
            case .asking: "asking…"
            case .noAnswer: "no answer"
            case .failed: "error"
            case .answered(let availability?): availability.english
            case .answered(nil): "not held"
            }
        }

        /// The details' words: the service's value and its English.
        var details: String {
            switch self {
            case .notAsked: "not asked (listed after the search; press b to ask)"
            case .asking: "asking the library's catalogue…"
            case .noAnswer: "no answer (the search ended first; press b to ask again)"
            case .failed: "the library's catalogue failed (press b to ask again)"
            case .answered(let availability?): "\(availability.japanese) (\(availability.english))"
            case .answered(nil): "蔵書なし (not held)"
            }
        }

        /// How the word is coloured: available green, held cyan, waiting yellow, failed red.
        var style: Style {
            switch self {
            case .notAsked, .noAnswer, .answered(nil): .dim
            case .asking: .color(.yellow)
            case .failed: .color(.red)
            case .answered(let availability?):
                switch availability.english {
                case "available": .color(.green)
                case "held", "reference only": .color(.cyan)
                case "not held", "closed": .dim
                default: .color(.yellow)
                }
            }
        }
    }

    /// The details' lines about the book shown, for the selected library: its availability and the
    /// system's reservation page.
    static func bookDetailLines(_ library: Library, state: LibraryFinderState) -> [Line] {
        guard let search = state.books.shownSearch, let isbn = search.isbns.first else { return [] }
        let answer = LibraryAnswer(library, isbn: isbn, in: search)
        var book = Line("Book".padding(toLength: 9, withPad: " ", startingAt: 0), style: .dim)
        book.append("\(isbn.digits) ")
        book.append(answer.details, style: answer.style)
        let url = search.result(for: isbn, system: library.systemID)?.reserveURL ?? ""
        return [book, field("Reserve", url.isEmpty ? "—" : url)]
    }

    /// The line under the details: the ISBN prompt's hint or why the ISBN was refused, else how the
    /// shown book's search stands (``maximumBookHeight`` lines at most, none when there is nothing).
    static func bookLines(
        _ state: LibraryFinderState, width: Int, spinnerFrame: String, maxLines: Int = maximumBookHeight
    ) -> [Line] {
        let text: String
        let style: Style
        if let prompt = state.books.prompt {
            if let problem = prompt.problem {
                (text, style) = ("✗ \(problem)", .color(.red))
            } else {
                let systems = state.visibleSystemIDs.count
                text =
                    "Type an ISBN-10 or ISBN-13 (hyphens allowed); the \(systems) library "
                    + "system\(systems == 1 ? "" : "s") listed will be asked."
                style = .dim
            }
        } else if let search = state.books.shownSearch, let isbn = search.isbns.first {
            (text, style) = searchText(isbn: isbn, search: search, state: state, spinnerFrame: spinnerFrame)
        } else {
            return []
        }
        return wrap(text.terminalSafe, width: width, maxLines: maxLines).map { Line($0, style: style) }
    }

    /// How a book's search stands, in words, with its style.
    private static func searchText(
        isbn: ISBN, search: BookCheck, state: LibraryFinderState, spinnerFrame: String
    ) -> (String, Style) {
        let answered = "\(search.answeredCount) of \(search.requestCount) library systems answered"
        switch search.phase {
        case .checking:
            return ("\(spinnerFrame) ISBN \(isbn.digits): \(answered) · Esc stops", .color(.yellow))
        case .finished:
            let listed = state.visibleLibraries.filter { search.systemIDs.contains($0.systemID) }
            let answers = listed.map { LibraryAnswer($0, isbn: isbn, in: search) }
            let held = answers.count(where: \.isHeld)
            let available = answers.count { $0 == .answered(Availability("貸出可")) }
            var text = "ISBN \(isbn.digits): held by \(held) of \(listed.count) "
            text += listed.count == 1 ? "library listed" : "libraries listed"
            if available > 0 { text += ", available to borrow at \(available)" }
            text += "."
            let failed = search.systemIDs.count { search.result(for: isbn, system: $0)?.status == .error }
            if failed > 0 { text += " The catalogue of \(failed) system\(failed == 1 ? "" : "s") failed." }
            if search.answeredCount < search.requestCount { text += " \(answered)." }
            return (text, held > 0 ? .color(.green) : .plain)
        case .incomplete:
            let listed = state.visibleLibraries.filter { search.systemIDs.contains($0.systemID) }
            let held = listed.count { LibraryAnswer($0, isbn: isbn, in: search).isHeld }
            var text =
                "ISBN \(isbn.digits): the service ended the search before every system answered; \(answered)."
            if held > 0 { text += " Held by \(held) of the libraries that answered." }
            return (text + " Press b to ask again.", .color(.yellow))
        case .timedOut(let seconds):
            return (
                "ISBN \(isbn.digits): the search ran out of time after \(SecondsText.number(seconds)) s; "
                    + "\(answered). Press b to ask again.", .color(.yellow)
            )
        case .cancelled:
            return ("ISBN \(isbn.digits): stopped; \(answered). Press b to ask again.", .color(.yellow))
        case .failed(let message):
            return ("✗ ISBN \(isbn.digits): \(message) Press b to ask again.", .color(.red))
        }
    }

    /// The ISBN prompt on the keys line: the field, then what Enter and Esc do.
    static func bookPromptLine(_ prompt: BookPrompt, width: Int) -> Line {
        let label = Line("ISBN: ", style: .bold)
        let hint = Line("  Enter checks · Esc cancels", style: .dim)
        let room = max(width - label.width - hint.width, 1)
        return
            (label + TextField(text: prompt.text, cursor: prompt.cursor).line(width: room, focused: true)
            + hint).truncated(toWidth: width)
    }
}
