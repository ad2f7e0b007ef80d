import Foundation
import ReSwiftPersistence

/// Carries problems with the settings file to the screen. Problems found before the screen
/// exists (a corrupt file moved aside at launch) wait for it; printing them to standard error
/// while the terminal is in raw mode would scribble over the game.
final class ProblemRelay: @unchecked Sendable {
    // @unchecked Sendable: `pending` and `sink` are only touched while `lock` is held.
    private let lock = NSLock()
    private var pending: [String] = []
    private var sink: (@Sendable (String) -> Void)?

    /// Passes a problem on, or keeps it until ``connect(_:)``.
    func report(_ problem: PersistenceError) {
        lock.lock()
        let sink = self.sink
        let notice = SettingsStorage.notice(for: problem)
        if sink == nil { pending.append(notice) }
        lock.unlock()
        sink?(notice)
    }

    /// Delivers the problems so far and every later one to `sink`.
    func connect(_ sink: @escaping @Sendable (String) -> Void) {
        lock.lock()
        self.sink = sink
        let earlier = pending
        pending = []
        lock.unlock()
        for message in earlier { sink(message) }
    }
}
