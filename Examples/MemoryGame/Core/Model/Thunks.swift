import ReSwift
import ReSwiftThunk

/// Fetches albums for `category`, deals a game from them and puts it on the table — the
/// tutorial's `fetchTunes`, as an async thunk. See ``GameEffects/loadCards(category:preference:environment:dispatch:)``
/// for the actions it dispatches and when it falls back to the offline catalog.
///
/// ```swift
/// try await store.dispatch(fetchCards(for: .rock, preference: .live, environment: environment))
/// ```
///
/// - Parameters:
///   - category: The category to deal from.
///   - preference: Which source to ask first.
///   - environment: The sources and the random source.
/// - Returns: The thunk; awaiting it waits for the cards (cancelling the task cancels the fetch).
public func fetchCards(
    for category: MusicCategory, preference: GameEffects.SourcePreference, environment: GameEnvironment
) -> AsyncThunk<AppState, Void> {
    AsyncThunk { dispatch, _ in
        await GameEffects.loadCards(
            category: category, preference: preference, environment: environment, dispatch: dispatch)
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

/// Waits the environment's mismatch delay, then turns the shown mismatch of `round` face down.
///
/// - Parameters:
///   - round: The round the mismatch belongs to.
///   - environment: Supplies the delay and how to wait.
/// - Returns: The thunk.
public func resolveMismatchLater(round: Int, environment: GameEnvironment) -> AsyncThunk<AppState, Void> {
    AsyncThunk { dispatch, _ in
        await GameEffects.resolveMismatchAfterDelay(
            round: round, environment: environment, dispatch: dispatch)
    }
}
