import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftPersistence

/// Carries problems with the settings file (and the saved albums) to the screen. Problems found before the screen
/// exists (a corrupt file moved aside at launch) wait for it; printing them to standard error
/// while the terminal is in raw mode would scribble over the game.
package final class ProblemRelay: Sendable {
    /// Creates a relay with no sink yet.
    package init() {}

    /// The problems waiting for a sink, and the sink once connected.
    private let state = Locked((pending: [String](), sink: (@Sendable (String) -> Void)?.none))

    /// Passes a problem on, or keeps it until ``connect(_:)``.
    package func report(_ problem: PersistenceError) {
        report(notice: SettingsStorage.notice(for: problem))
    }

    /// Passes a notice on, or keeps it until ``connect(_:)``.
    package func report(notice: String) {
        let sink = state.withLock { state in
            if state.sink == nil { state.pending.append(notice) }
            return state.sink
        }
        sink?(notice)
    }

    /// Delivers the problems so far and every later one to `sink`.
    package func connect(_ sink: @escaping @Sendable (String) -> Void) {
        let earlier = state.withLock { state in
            state.sink = sink
            let earlier = state.pending
            state.pending = []
            return earlier
        }
        for message in earlier { sink(message) }
    }
}
