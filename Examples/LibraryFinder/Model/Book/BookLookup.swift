import Foundation
import ReSwift
import ReSwiftThunk

/// What the interactive list does with an ISBN typed after `b`.
package enum BookLookup: Equatable, Sendable {
    /// Keep the prompt open with this message.
    case reject(String)
    /// Show the answers kept from earlier in the session; ask nothing.
    case show(ISBN)
    /// Ask the service about the book in these systems.
    case ask(ISBN, systemIDs: [String])

    /// Decides, from the state alone, what typing `text` asks for.
    ///
    /// The text is read as the command line reads an ISBN, with the same message when it isn't
    /// one. The book is asked about in the visible libraries' systems, at most
    /// ``BookCheckState/maximumRequests`` of them; a book whose search finished for all of
    /// those systems is shown from memory.
    package static func plan(for text: String, in state: LibraryFinderState) -> BookLookup {
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
        guard systemIDs.count <= BookCheckState.maximumRequests else {
            return .reject(
                "The list has \(systemIDs.count) library systems, and one search asks at most "
                    + "\(BookCheckState.maximumRequests). Narrow the list with / first, or start "
                    + "library-finder with --city or --limit.")
        }
        if let earlier = state.books.searches[isbn], earlier.phase == .finished,
            Set(earlier.systemIDs).isSuperset(of: systemIDs)
        {
            return .show(isbn)
        }
        return .ask(isbn, systemIDs: systemIDs)
    }
}

/// `b`'s thunk: plans what the typed text asks for (``BookLookup/plan(for:in:)``), then keeps the
/// prompt open with the reason, shows a book already answered, or closes the prompt and runs the
/// book search (the body of ``checkAvailabilityThunk(isbns:systemIDs:poller:)``) in the visible
/// libraries' systems. Its id is ``BookSearchEffect/id``: Esc dispatches ``BookSearchStopped``
/// and cancels it by id, which stops the polling (no request after it).
package func checkBookThunk(text: String, poller: AvailabilityPoller) -> AsyncThunk<LibraryFinderState, Void>
{
    AsyncThunk(id: BookSearchEffect.id) { dispatch, getState in
        guard let state = getState() else { return }
        switch BookLookup.plan(for: text, in: state) {
        case .reject(let problem):
            dispatch(BookPromptAction.reject(problem))
        case .show(let isbn):
            dispatch(BookPromptAction.close)
            dispatch(BookShown(isbn: isbn))
        case .ask(let isbn, let systemIDs):
            dispatch(BookPromptAction.close)
            await checkAvailability(
                isbns: [isbn], systemIDs: systemIDs, poller: poller, runningSearch: { $0.books.running },
                dispatch: dispatch, getState: getState)
        }
    }
}
