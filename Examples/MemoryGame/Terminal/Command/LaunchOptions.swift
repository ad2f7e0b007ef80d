import Foundation
import MemoryGameModel

/// The options a game is played with, from the command line and the environment.
public struct LaunchOptions: Equatable, Sendable {
    /// The category to start with (`--category`); `nil` means the saved one.
    public var category: MusicCategory?
    /// Whether to play the offline catalog only (`--offline`).
    public var offline = false
    /// The shuffle's seed (`--seed`); `nil` means a fresh random one.
    public var seed: UInt64?
    /// The iTunes Search API server (`--api-base` or `MEMORY_GAME_API_BASE`).
    public var apiBase = ITunesSearchClient.defaultBaseURL
    /// Seconds a mismatch stays face up (`MEMORY_GAME_MISMATCH_DELAY_MS`, test-only).
    public var mismatchDelay: TimeInterval = 1
    /// Seconds to wait for the iTunes Search API.
    public var requestTimeout: TimeInterval = 4

    /// The defaults.
    public init() {}
}
