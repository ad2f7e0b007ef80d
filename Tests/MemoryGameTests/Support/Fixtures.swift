import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import TerminalUI
import TestSupport
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

/// Eight albums whose pair number is their index, for tables built by hand.
let sampleAlbums: [Album] = (0..<8).map { Album(artist: "Artist \($0)", title: "Title \($0)") }

/// A playing table whose pairs sit side by side: cards 0 and 1 are pair 0, 2 and 3 pair 1, …
func orderedTable(round: Int = 1) -> GameState {
    let cards = sampleAlbums.enumerated().flatMap { pair, album in
        [Card(album: album, pair: pair), Card(album: album, pair: pair)]
    }
    return GameState(phase: .playing, category: .rock, cards: cards, round: round, origin: .offline)
}

/// A store stand-in for the effects: reduces the game slice and records each action.
final class GameHarness: Sendable {
    private let state: Locked<GameState>
    let log = ActionRecorder()

    init(_ state: GameState = GameState()) {
        self.state = Locked(state)
    }

    var current: GameState { state.current }

    func dispatch(_ action: any Action) {
        state.withLock { $0 = gameReducer(action: action, state: $0) }
        log.record(action)
    }
}

/// An album source that answers with ``sampleAlbums`` once `release` fires: a slow service. It
/// waits at most 10 s, so a test that fails before releasing it doesn't leave it behind.
struct GatedAlbumSource: AlbumSource {
    let release: OneShotSignal

    func albums(for category: MusicCategory) async throws -> [Album] {
        try await eventually("the test to release the album source") { release.hasFired }
        return sampleAlbums
    }
}

/// An album source that returns what it was given, or throws.
struct FakeAlbumSource: AlbumSource {
    var result: Result<[Album], AlbumSourceError>

    func albums(for category: MusicCategory) async throws -> [Album] {
        try result.get()
    }
}

extension Array where Element == TerminalUI.Line {
    /// The lines' text without styles, one per row, trailing spaces trimmed: what a snapshot reads.
    var text: String {
        map { line in
            var text = line.plainText
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }
}

/// What the `fetchCards` thunk does, with a dispatch of the test's: ``FetchTunesAction``, then
/// fetching and dealing, untagged.
func loadCards(
    category: MusicCategory, preference: GameEffects.SourcePreference, environment: GameEnvironment,
    dispatch: AsyncThunkDispatch
) async {
    dispatch(FetchTunesAction(category: category))
    await GameEffects.dealCards(
        category: category, preference: preference, environment: environment, fetch: nil, dispatch: dispatch)
}
