import Foundation
import ReSwift
import ReSwiftQuery
import ReSwiftThunk

/// The game's side effects — fetching cards and timing a mismatch — written as plain async
/// functions over `dispatch` and `getState`. The thunks in `Thunks.swift` run them in the store,
/// handing on the thunk's `dispatch`, which records the line of each dispatch below as the
/// action's call site; tests call them directly with a recording `dispatch`.
public enum GameEffects {
    /// Which source a fetch asks first.
    public enum SourcePreference: Sendable, Equatable {
        /// The live service, falling back to the offline catalog when it can't be reached.
        case live
        /// The offline catalog only.
        case offline
    }

    /// Fetches albums for `category`, deals a game and puts it on the table: what
    /// ``fetchCards(for:preference:environment:)`` runs after its ``FetchTunesAction``.
    ///
    /// Dispatches either ``SetCardsAction`` or ``FetchTunesFailedAction`` (an HTTP error, a
    /// malformed reply, or too few distinct albums; the player may retry or go offline), tagged
    /// with `fetch`, so the reducer drops them when that fetch was superseded or cancelled in the
    /// meantime. The live service's albums come through ``AlbumQuery``: a category fetched less
    /// than 10 minutes ago is dealt again without a request. When the service can't be reached or
    /// timed out, the game plays the albums it last fetched for the category
    /// (``GameState/Origin/cached(fetched:reason:)``), or, if it never fetched any, the offline
    /// catalog — saying why either way.
    ///
    /// - Parameters:
    ///   - category: The category to deal from.
    ///   - preference: Which source to ask first.
    ///   - environment: The sources and the random source.
    ///   - fetch: The fetch's number (``GameState/fetch`` after its ``FetchTunesAction``), or `nil`.
    ///   - dispatch: The store's dispatch.
    public static func dealCards(
        category: MusicCategory, preference: SourcePreference, environment: GameEnvironment, fetch: Int?,
        dispatch: AsyncThunkDispatch
    ) async {
        var origin = GameState.Origin.offline
        var albums: [Album]
        do {
            if preference == .live, environment.liveSource != nil {
                let entry = await AlbumQuery.declaration.settledEntry(category, dispatch: dispatch)
                switch (entry?.value, entry?.error) {
                case (let fetched?, nil):
                    (albums, origin) = (fetched, .live)
                case (let fetched?, let error?) where error.isTransient:
                    let date = entry?.fetched?.date ?? Date()
                    (albums, origin) = (fetched, .cached(fetched: date, reason: error.message))
                case (nil, let error?) where error.isTransient:
                    albums = try await environment.offlineSource.albums(for: category)
                    origin = .offlineFallback(reason: error.message)
                default:
                    if Task.isCancelled { return }
                    let message =
                        entry?.error?.message ?? "The albums weren't fetched: the store has no album query."
                    dispatch(FetchTunesFailedAction(category: category, message: message, fetch: fetch))
                    return
                }
            } else {
                albums = try await environment.offlineSource.albums(for: category)
            }
        } catch is CancellationError {
            return
        } catch {
            dispatch(
                FetchTunesFailedAction(category: category, message: String(describing: error), fetch: fetch))
            return
        }
        if Task.isCancelled { return }
        let dealt = environment.random.withGenerator { GameRules.deal(from: albums, using: &$0) }
        guard let cards = dealt else {
            let error = AlbumSourceError(.tooFewAlbums(found: albums.count, needed: GameRules.pairCount))
            dispatch(FetchTunesFailedAction(category: category, message: error.description, fetch: fetch))
            return
        }
        dispatch(SetCardsAction(cards: cards, category: category, origin: origin, fetch: fetch))
    }

    /// Turns the card at `index` and reports whether that showed a new mismatch.
    ///
    /// - Parameters:
    ///   - index: The card to turn.
    ///   - dispatch: The store's dispatch.
    ///   - getState: Reads the game slice.
    /// - Returns: The round of the mismatch this flip showed, or `nil` when it showed none (a first
    ///   card, a match, or a flip the rules ignored).
    public static func flipCard(
        at index: Int, dispatch: ThunkDispatch, getState: () -> GameState?
    ) -> Int? {
        let before = getState()
        dispatch(FlipCardAction(index: index))
        guard before?.mismatch == nil, let after = getState(), after.mismatch != nil else { return nil }
        return after.round
    }

    /// Waits the environment's mismatch delay on the store's effect clock
    /// (`EffectEnvironment.sleep(for:)`: a `TestClock` in tests, which they advance), then turns
    /// the shown mismatch face down.
    ///
    /// - Parameters:
    ///   - round: The round the mismatch belongs to.
    ///   - environment: Supplies the delay.
    ///   - dispatch: The store's dispatch.
    /// - Throws: `CancellationError` when the wait was cancelled (the timer's id was cancelled,
    ///   or the app is quitting); the mismatch is then left to whoever cancelled it.
    public static func resolveMismatchAfterDelay(
        round: Int, environment: GameEnvironment, dispatch: AsyncThunkDispatch
    ) async throws {
        // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
        try await EffectEnvironment.sleep(for: .seconds(max(0, environment.mismatchDelay)))
        dispatch(ResolveMismatchAction(round: round))
    }
}
