import Foundation
@_spi(ReSwiftInternal) import ReSwift

/// A ``SplitMix64`` generator shared by the thunks that deal games, safe to use from any thread.
///
/// Each deal draws the next numbers, so a run started with the same seed deals the same sequence
/// of games.
public final class RandomSource: Sendable {
    private let generator: Locked<SplitMix64>

    /// Creates a source starting from `seed`.
    ///
    /// - Parameter seed: The seed; equal seeds deal equal games.
    public init(seed: UInt64) {
        generator = Locked(SplitMix64(seed: seed))
    }

    /// Runs `body` with exclusive use of the generator.
    ///
    /// - Parameter body: Draws from the generator.
    /// - Returns: What `body` returns.
    public func withGenerator<Result>(_ body: (inout SplitMix64) throws -> Result) rethrows -> Result {
        try generator.withLock { try body(&$0) }
    }
}
