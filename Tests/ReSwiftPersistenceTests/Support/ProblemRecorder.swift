import Foundation
import ReSwiftPersistence

/// Collects the problems a file reports, from any thread.
final class ProblemRecorder: @unchecked Sendable {
    // `recorded` is read and written only while holding `lock`.
    private let lock = NSLock()
    private var recorded: [PersistenceError] = []

    var problems: [PersistenceError] { lock.withLock { recorded } }

    var handler: @Sendable (PersistenceError) -> Void {
        { [self] problem in lock.withLock { recorded.append(problem) } }
    }
}
