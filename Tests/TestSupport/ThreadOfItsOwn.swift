#if os(Linux) || os(macOS)
    import Foundation

    /// Runs blocking `body` (a compiler, a wait on a condition) on a thread of its own and
    /// suspends until it returns: an `async` test waits without holding one of the few threads
    /// Swift concurrency runs every test's tasks on.
    ///
    /// - Parameter body: The blocking work.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw.
    public func onAThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value)
        async throws -> Value
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
#endif
