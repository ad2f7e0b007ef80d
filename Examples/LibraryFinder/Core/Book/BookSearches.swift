import Foundation
import ReSwift
import TerminalUI

/// The ISBN being typed after `b`, and why the last one was refused.
struct BookPrompt: Equatable, Sendable {
    /// The text field.
    var field = TextField()
    /// Why the ISBN entered last was refused (the command line's message); cleared by the next edit.
    var problem: String?
}

/// The interactive list's book searches: every book asked about this session, by ISBN, so that
/// moving around (or asking for a book again) doesn't ask the service again.
struct BookSearches: Equatable, Sendable {
    /// Each book's search, the newest per ISBN.
    var searches: [ISBN: BookCheckState] = [:]
    /// The book the list and the details show.
    var shown: ISBN?
    /// The ISBN prompt, while it is open.
    var prompt: BookPrompt?

    /// The search that is running, if any (one at a time).
    var running: BookCheckState? {
        searches.values.first { $0.isRunning }
    }

    /// The search of the book shown, if any.
    var shownSearch: BookCheckState? {
        shown.flatMap { searches[$0] }
    }
}

/// What the user does with the ISBN prompt.
enum BookPromptAction: Action, Equatable, Sendable {
    /// Opens the prompt, empty (`b`).
    case open
    /// Replaces the field while typing.
    case edit(TextField)
    /// Keeps the prompt open with the reason the ISBN entered can't be asked about.
    case reject(String)
    /// Closes the prompt (Esc, or an ISBN that is being asked about).
    case close
}

/// The user stopped the running search (Esc, or quitting): it ends as cancelled, keeping every
/// answer that arrived. Dispatched with `CancelThunks(id: BookSearchEffect.id)`, which stops the
/// polling and drops what the search would dispatch after.
struct BookSearchStopped: Action, Equatable, Sendable {}

/// Shows a book asked about earlier in the session, without asking again.
struct BookShown: Action, Equatable, Sendable {
    var isbn: ISBN
}

/// The book searches' reducer: the prompt, and the searches filled in as answers arrive (each
/// through ``bookCheckReducer(action:state:)``, keyed by ISBN).
func bookSearchesReducer(action: Action, state: BookSearches?) -> BookSearches {
    var state = state ?? BookSearches()
    switch action {
    case let prompt as BookPromptAction:
        switch prompt {
        case .open:
            state.prompt = BookPrompt()
        case .edit(let field):
            guard state.prompt != nil else { break }
            state.prompt = BookPrompt(field: field)
        case .reject(let problem):
            state.prompt?.problem = problem
        case .close:
            state.prompt = nil
        }
    case let shown as BookShown:
        guard state.searches[shown.isbn] != nil else { break }
        state.shown = shown.isbn
    case let started as BookCheckStarted:
        guard state.running == nil, let first = started.isbns.first else { break }
        for isbn in started.isbns {
            let search = BookCheckStarted(
                requestID: started.requestID, isbns: [isbn], systemIDs: started.systemIDs)
            state.searches[isbn] = bookCheckReducer(action: search, state: nil)
        }
        state.shown = first
    case is BookSearchStopped:
        for (isbn, search) in state.searches where search.isRunning {
            guard case .running(let requestID) = search.phase else { continue }
            state.searches[isbn] = bookCheckReducer(
                action: BookCheckEnded(requestID: requestID, ending: .cancelled), state: search)
        }
    case is BookCheckAnswered, is BookCheckEnded:
        for (isbn, search) in state.searches where search.isRunning {
            state.searches[isbn] = bookCheckReducer(action: action, state: search)
        }
    default:
        break
    }
    return state
}
