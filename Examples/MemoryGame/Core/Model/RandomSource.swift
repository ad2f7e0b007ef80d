import Foundation

/// A ``SplitMix64`` generator shared by the thunks that deal games, safe to use from any thread.
///
/// Each deal draws the next numbers, so a run started with the same seed deals the same sequence
/// of games.
public final class RandomSource: @unchecked Sendable {
    // @unchecked Sendable: `generator` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var generator: SplitMix64

    /// Creates a source starting from `seed`.
    ///
    /// - Parameter seed: The seed; equal seeds deal equal games.
    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// Runs `body` with exclusive use of the generator.
    ///
    /// - Parameter body: Draws from the generator.
    /// - Returns: What `body` returns.
    public func withGenerator<Result>(_ body: (inout SplitMix64) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&generator)
    }
}
