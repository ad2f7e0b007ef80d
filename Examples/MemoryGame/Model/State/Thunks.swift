import ReSwift
import ReSwiftThunk

/// Fetches albums for `category`, deals a game from them and puts it on the table — the
/// tutorial's `fetchTunes`. See ``GameEffects/dealCards(category:preference:environment:fetch:dispatch:)``
/// for the actions it dispatches and when it falls back to the offline catalog.
///
/// ```swift
/// store.dispatch(fetchCards(for: .rock, preference: .live, environment: environment))
/// ```
///
/// The thunk reduces ``FetchTunesAction`` at once, on the dispatching thread, which numbers the
/// fetch (``GameState/fetch``); then it starts an async thunk that fetches and deals, tagging what
/// it dispatches with that number. A later fetch, or ``CancelFetchAction``, supersedes it: its
/// result is then ignored, so no handle on the task is needed anywhere.
///
/// - Parameters:
///   - category: The category to deal from.
///   - preference: Which source to ask first.
///   - environment: The sources and the random source.
/// - Returns: The thunk.
public func fetchCards(
    for category: MusicCategory, preference: GameEffects.SourcePreference, environment: GameEnvironment
) -> Thunk<AppState> {
    Thunk { dispatch, getState in
        dispatch(FetchTunesAction(category: category))
        let fetch = getState()?.game.fetch
        dispatch(
            AsyncThunk<AppState, Void> { dispatch, _ in
                await GameEffects.dealCards(
                    category: category, preference: preference, environment: environment, fetch: fetch,
                    dispatch: dispatch)
            })
    }
}

/// Turns the card at `index`. The flip is reduced at once, on the dispatching thread, so flips
/// happen in the order the keys came; when it shows a mismatch, ``resolveMismatchLater(round:environment:)``
/// is started to turn the pair back after the environment's delay.
///
/// - Parameters:
///   - index: The card to turn.
///   - environment: Supplies the mismatch delay and how to wait.
/// - Returns: The thunk.
public func flipCard(at index: Int, environment: GameEnvironment) -> Thunk<AppState> {
    Thunk { dispatch, getState in
        let mismatchRound = GameEffects.flipCard(
            at: index, dispatch: dispatch, getState: { getState()?.game })
        if let round = mismatchRound {
            dispatch(resolveMismatchLater(round: round, environment: environment))
        }
    }
}

/// The id of the mismatch timer: at most one runs, the latest (`cancelInFlight`).
public struct MismatchTimer: Hashable, Sendable {
    /// Creates the id.
    public init() {}
}

/// Waits the environment's mismatch delay on the store's effect clock, then turns the shown
/// mismatch of `round` face down. An effect with the id ``MismatchTimer``: a newer one cancels
/// it, and so does `store.cancelThunks(id: MismatchTimer())`.
///
/// - Parameters:
///   - round: The round the mismatch belongs to.
///   - environment: Supplies the delay.
/// - Returns: The thunk.
public func resolveMismatchLater(round: Int, environment: GameEnvironment) -> AsyncThunk<AppState, Void> {
    AsyncThunk(id: MismatchTimer(), cancelInFlight: true) { dispatch, _ in
        try await GameEffects.resolveMismatchAfterDelay(
            round: round, environment: environment, dispatch: dispatch)
    }
}
