import Foundation

/// What the game's thunks need from the outside world, injected so tests can replace each part:
/// where albums come from, the random source that shuffles, and how to wait.
public struct GameEnvironment: Sendable {
    /// The live service, or `nil` when the game plays offline only (`--offline`).
    public var liveSource: (any AlbumSource)?
    /// The offline catalog, used on request and when the live service can't be reached.
    public var offlineSource: any AlbumSource
    /// Shuffles the cards; seeded for `--seed`.
    public var random: RandomSource
    /// How long a mismatch stays face up, in seconds (about one).
    public var mismatchDelay: TimeInterval
    /// Waits; `Task.sleep` in the app, instant in tests.
    public var sleep: @Sendable (TimeInterval) async throws -> Void

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - liveSource: The live service, or `nil` to play offline only.
    ///   - offlineSource: The offline catalog.
    ///   - random: The random source that shuffles.
    ///   - mismatchDelay: How long a mismatch stays face up, in seconds.
    ///   - sleep: How to wait.
    public init(
        liveSource: (any AlbumSource)?, offlineSource: any AlbumSource = OfflineCatalog.standard,
        random: RandomSource, mismatchDelay: TimeInterval = 1,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = GameEnvironment.taskSleep
    ) {
        self.liveSource = liveSource
        self.offlineSource = offlineSource
        self.random = random
        self.mismatchDelay = mismatchDelay
        self.sleep = sleep
    }

    /// Waits `seconds` with `Task.sleep`; throws `CancellationError` when the task is cancelled.
    ///
    /// - Parameter seconds: How long to wait.
    @Sendable public static func taskSleep(_ seconds: TimeInterval) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
