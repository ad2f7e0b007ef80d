import Foundation

/// What the game's thunks need from the outside world, injected so tests can replace each part:
/// where albums come from, the random source that shuffles, and how long a mismatch shows.
///
/// Waiting is not part of it: the mismatch delay sleeps on the store's effect clock
/// (`EffectEnvironment.sleep(for:)`), the real clock in the app and a `TestClock` in tests.
public struct GameEnvironment: Sendable {
    /// The live service, or `nil` when the game plays offline only (`--offline`).
    public var liveSource: (any AlbumSource)?
    /// The offline catalog, used on request and when the live service can't be reached.
    public var offlineSource: any AlbumSource
    /// Shuffles the cards; seeded for `--seed`.
    public var random: RandomSource
    /// How long a mismatch stays face up, in seconds (about one).
    public var mismatchDelay: TimeInterval

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - liveSource: The live service, or `nil` to play offline only.
    ///   - offlineSource: The offline catalog.
    ///   - random: The random source that shuffles.
    ///   - mismatchDelay: How long a mismatch stays face up, in seconds.
    public init(
        liveSource: (any AlbumSource)?, offlineSource: any AlbumSource = OfflineCatalog.standard,
        random: RandomSource, mismatchDelay: TimeInterval = 1
    ) {
        self.liveSource = liveSource
        self.offlineSource = offlineSource
        self.random = random
        self.mismatchDelay = mismatchDelay
    }
}
