import Foundation
import ReSwift
import ReSwiftQuery
import ReSwiftThunk

/// The ISBN being typed after `b`, and why the last one was refused: plain text and a cursor,
/// which the terminal edits with its text field.
package struct BookPrompt: Equatable, Sendable {
    /// What is typed.
    package var text = ""
    /// Where the cursor is, in characters from the start (`0...text.count`).
    package var cursor = 0
    /// Why the ISBN entered last was refused (the command line's message); cleared by the next edit.
    package var problem: String?
}

/// The interactive list's books: every search asked this session (the availability query's
/// entries), the one shown, and the ISBN prompt.
package struct BookSearches: Equatable, Sendable {
    /// The searches asked this session, by books and systems.
    package var entries = QueryState<BookSearch, BookAnswers>()
    /// The search the list and the details show.
    package var shown: BookSearch?
    /// The ISBN prompt, while it is open.
    package var prompt: BookPrompt?

    /// The search of the book shown, if any.
    package var shownSearch: BookCheck? {
        shown.map { BookCheck(search: $0, entry: entries[$0]) }
    }

    /// The search that is running, if any (one at a time).
    package var running: BookCheck? {
        entries.entries.first { !$0.value.isSettled }.map { BookCheck(search: $0.key, entry: $0.value) }
    }

    /// What typing an ISBN after `b` asks for.
    package enum Plan: Equatable, Sendable {
        /// Keep the prompt open with this message.
        case reject(String)
        /// Show this search, answered earlier; ask nothing.
        case show(BookSearch)
        /// Ask the service.
        case ask(BookSearch)
    }

    /// Decides, from the state alone, what typing `text` asks for.
    ///
    /// The text is read as the command line reads an ISBN, with the same message when it isn't
    /// one. The book is asked about in the visible libraries' systems, at most
    /// ``BookSearch/maximumRequests`` of them; a book whose search finished for all of those
    /// systems is shown from memory.
    package static func plan(for text: String, in state: LibraryFinderState) -> Plan {
        let isbn: ISBN
        do {
            isbn = try ISBN(text)
        } catch {
            return .reject(ISBN.message(for: text, problem: error))
        }
        guard state.books.running == nil else {
            return .reject("A search is still running; press Esc to stop it first.")
        }
        let systemIDs = state.visibleSystemIDs
        guard !systemIDs.isEmpty else {
            return .reject(
                "No library is listed, so there is no library system to ask. Change the filter or reload the list."
            )
        }
        guard systemIDs.count <= BookSearch.maximumRequests else {
            return .reject(
                "The list has \(systemIDs.count) library systems, and one search asks at most "
                    + "\(BookSearch.maximumRequests). Narrow the list with / first, or start "
                    + "library-finder with --city or --limit.")
        }
        let finished = state.books.entries.entries.first { search, entry in
            search.isbns == [isbn] && Set(search.systemIDs).isSuperset(of: systemIDs)
                && BookCheck(search: search, entry: entry).phase == .finished
        }
        return finished.map { .show($0.key) } ?? .ask(BookSearch(isbns: [isbn], systemIDs: systemIDs))
    }

    /// `b`'s Enter: keeps the prompt open with the reason the text can't be asked about, shows a
    /// book answered earlier, or closes the prompt and asks about the book in the visible
    /// libraries' systems (from the start, if it was asked before), wanting its entry while it is
    /// shown.
    package static func ask(_ text: String) -> Thunk<LibraryFinderState> {
        Thunk { dispatch, getState in
            guard let state = getState() else { return }
            switch plan(for: text, in: state) {
            case .reject(let problem):
                dispatch(BookPromptAction.reject(problem))
            case .show(let search):
                dispatch(BookPromptAction.close)
                dispatch(BookShown(search: search))
            case .ask(let search):
                dispatch(BookPromptAction.close)
                leave(state, dispatch: dispatch)
                dispatch(BookAvailability.declaration.restart(search))
                dispatch(BookAvailability.declaration.want(search))
                dispatch(BookShown(search: search))
            }
        }
    }

    /// Esc: stops the running search, keeping what arrived; no request is made after it.
    package static var stop: Thunk<LibraryFinderState> {
        Thunk { dispatch, getState in
            guard let running = getState()?.books.running else { return }
            dispatch(BookAvailability.declaration.cancel(running.search))
        }
    }

    /// Leaving the screen (quitting): the shown search is no longer wanted, so a poll stops.
    package static var leave: Thunk<LibraryFinderState> {
        Thunk { dispatch, getState in
            if let state = getState() { leave(state, dispatch: dispatch) }
        }
    }

    private static func leave(_ state: LibraryFinderState, dispatch: ThunkDispatch) {
        guard let shown = state.books.shown, (state.books.entries[shown]?.wantedBy ?? 0) > 0 else { return }
        dispatch(BookAvailability.declaration.unwant(shown))
    }
}

/// What the user does with the ISBN prompt.
package enum BookPromptAction: Action, Equatable, Sendable {
    /// Opens the prompt, empty (`b`).
    case open
    /// Replaces the text and the cursor while typing.
    case edit(text: String, cursor: Int)
    /// Keeps the prompt open with the reason the ISBN entered can't be asked about.
    case reject(String)
    /// Closes the prompt (Esc, or an ISBN that is being asked about).
    case close
}

/// Shows a book search asked earlier in the session.
package struct BookShown: Action, Equatable, Sendable {
    package var search: BookSearch
}

/// The books' reducer, in place: the prompt, the book shown, and the availability entries.
package func reduceBookSearches(_ action: Action, into state: inout BookSearches) {
    switch action {
    case let prompt as BookPromptAction:
        switch prompt {
        case .open:
            state.prompt = BookPrompt()
        case .edit(let text, let cursor):
            guard state.prompt != nil else { break }
            state.prompt = BookPrompt(text: text, cursor: min(max(cursor, 0), text.count))
        case .reject(let problem):
            state.prompt?.problem = problem
        case .close:
            state.prompt = nil
        }
    case let shown as BookShown:
        guard state.entries[shown.search] != nil else { break }
        state.shown = shown.search
    default:
        BookAvailability.declaration.reduce(action, &state.entries)
    }
}
