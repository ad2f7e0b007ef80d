import Foundation
import ReSwift

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

/// The interactive list's book searches: every book asked about this session, by ISBN, so that
/// moving around (or asking for a book again) doesn't ask the service again.
package struct BookSearches: Equatable, Sendable {
    /// Each book's search, the newest per ISBN.
    package var searches: [ISBN: BookCheckState] = [:]
    /// The book the list and the details show.
    package var shown: ISBN?
    /// The ISBN prompt, while it is open.
    package var prompt: BookPrompt?

    /// The search that is running, if any (one at a time).
    package var running: BookCheckState? {
        searches.values.first { $0.isRunning }
    }

    /// The search of the book shown, if any.
    package var shownSearch: BookCheckState? {
        shown.flatMap { searches[$0] }
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

/// The user stopped the running search (Esc, or quitting): it ends as cancelled, keeping every
/// answer that arrived. Dispatched with `CancelThunks(id: BookSearchEffect.id)`, which stops the
/// polling and drops what the search would dispatch after.
package struct BookSearchStopped: Action, Equatable, Sendable {}

/// Shows a book asked about earlier in the session, without asking again.
package struct BookShown: Action, Equatable, Sendable {
    package var isbn: ISBN
}

/// The book searches' reducer, in place: the prompt, and the searches filled in as answers
/// arrive (each through ``reduceBookCheck(_:into:)``, keyed by ISBN, where it is).
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
        guard state.searches[shown.isbn] != nil else { break }
        state.shown = shown.isbn
    case let started as BookCheckStarted:
        guard state.running == nil, let first = started.isbns.first else { break }
        for isbn in started.isbns {
            let search = BookCheckStarted(
                requestID: started.requestID, isbns: [isbn], systemIDs: started.systemIDs)
            var fresh = BookCheckState()
            reduceBookCheck(search, into: &fresh)
            state.searches[isbn] = fresh
        }
        state.shown = first
    case is BookSearchStopped:
        for (isbn, search) in state.searches where search.isRunning {
            guard case .running(let requestID) = search.phase else { continue }
            reduceBookCheck(
                BookCheckEnded(requestID: requestID, ending: .cancelled),
                into: &state.searches[isbn, default: search])
        }
    case is BookCheckAnswered, is BookCheckEnded:
        for (isbn, search) in state.searches where search.isRunning {
            reduceBookCheck(action, into: &state.searches[isbn, default: search])
        }
    default:
        break
    }
}
