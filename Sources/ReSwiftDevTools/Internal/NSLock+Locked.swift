import Foundation

extension NSLocking {
    /// Runs `body` holding the lock.
    ///
    /// Foundation's own `withLock` needs macOS 14 / iOS 17 on Apple platforms; this works on
    /// every platform the package supports.
    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
