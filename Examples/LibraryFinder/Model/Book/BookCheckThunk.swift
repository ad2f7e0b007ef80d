import Foundation
import ReSwift
import ReSwiftThunk

/// The id of the book search's thunks: `store.cancelThunks(id: BookSearchEffect.id)` (or a
/// dispatched `CancelThunks`) stops a running search, with no request after it.
package enum BookSearchEffect {
    package static let id = "library-finder.book-search"

    /// What stopping the running search dispatches (Esc, quitting): cancel its thunk by id, so no
    /// request is made after it and what it would dispatch is dropped, then mark it stopped,
    /// keeping every answer that arrived.
    package static var stopActions: [any Action] { [CancelThunks(id: id), BookSearchStopped()] }
}

/// A store for book searches alone (the `book` subcommand's).
///
/// - Parameter effects: The thunk middleware's effects: its clock is the one the poller waits on
///   (a `TestClock` in tests).
package func makeBookCheckStore(effects: ThunkEffects = ThunkEffects()) -> Store<BookCheckState> {
    Store<BookCheckState>(
        reducer: reduceBookCheck, state: BookCheckState(),
        middleware: [createThunkMiddleware(effects: effects)])
}

/// The book search as an async thunk (id ``BookSearchEffect/id``): dispatches
/// ``BookCheckStarted``, a ``BookCheckAnswered`` for each answer as it arrives while the poller
/// polls on the store's clock, then ``BookCheckEnded``. Cancelling the task that awaits it stops
/// the polling (no request after the cancel) and ends with `.cancelled`; cancelling it by id stops
/// it too, and drops what it would dispatch after (dispatch ``BookSearchStopped`` to mark the
/// search stopped). While a search runs, another one does nothing.
package func checkAvailabilityThunk(
    isbns: [ISBN], systemIDs: [String], poller: AvailabilityPoller
) -> AsyncThunk<BookCheckState, Void> {
    AsyncThunk(id: BookSearchEffect.id) { dispatch, getState in
        await checkAvailability(
            isbns: isbns, systemIDs: systemIDs, poller: poller, runningSearch: { $0.isRunning ? $0 : nil },
            dispatch: dispatch, getState: getState)
    }
}

/// The body of ``checkAvailabilityThunk(isbns:systemIDs:poller:)``, for any state that holds
/// book searches (the `book` subcommand's ``BookCheckState``, the interactive list's
/// ``LibraryFinderState``).
///
/// - Parameters:
///   - runningSearch: The search of `State` that is running, if any: while there is one, this
///     does nothing, and after ``BookCheckStarted`` it tells whether this search is the one that
///     started.
///   - dispatch: The thunk's dispatch; each call is reduced before it returns, and its line is
///     the action's call site.
///   - getState: The store's current state.
package func checkAvailability<State>(
    isbns: [ISBN], systemIDs: [String], poller: AvailabilityPoller,
    runningSearch: @Sendable (State) -> BookCheckState?,
    dispatch: AsyncThunkDispatch, getState: @Sendable () -> State?
) async {
    guard let state = getState(), runningSearch(state) == nil else { return }
    let requestID = UUID()
    dispatch(BookCheckStarted(requestID: requestID, isbns: isbns, systemIDs: systemIDs))
    // Another search may have started between the check and the dispatch; then that one wins.
    guard let started = getState(), runningSearch(started)?.phase == .running(requestID: requestID) else {
        return
    }
    let ending: BookCheckEnded.Ending
    do {
        let outcome = try await poller.run(isbns: isbns, systemIDs: systemIDs) { answer in
            dispatch(BookCheckAnswered(requestID: requestID, answer: answer))
        }
        switch outcome {
        case .finished: ending = .finished
        case .timedOut(let seconds): ending = .timedOut(seconds: seconds)
        }
    } catch is CancellationError {
        ending = .cancelled
    } catch let error as CalilError {
        ending = Task.isCancelled ? .cancelled : .failed(message: error.description)
    } catch {
        ending = Task.isCancelled ? .cancelled : .failed(message: "The search failed: \(error).")
    }
    dispatch(BookCheckEnded(requestID: requestID, ending: ending))
}
