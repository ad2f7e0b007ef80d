@_spi(ReSwiftInternal) import InternalReSwiftUtilities
import Testing

/// A one-shot signal an async test can wait for, with a deadline; firing it again does nothing.
///
/// ```swift
/// let started = OneShotSignal()
/// Task { started.fire(); … }
/// await started.wait(for: "the thunk to start")   // records an issue after 10 s
/// ```
public final class OneShotSignal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let fired = Locked(false)

    /// Creates a signal that has not fired.
    public init() {
        var continuation: AsyncStream<Void>.Continuation?
        stream = AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation = $0 }
        self.continuation = continuation!
    }

    /// Fires the signal, waking the waiting task; later calls do nothing.
    public func fire() {
        fired.withLock { $0 = true }
        continuation.yield()
        continuation.finish()
    }

    /// Whether ``fire()`` was called; any number of tasks may check, for instance with
    /// ``eventually(_:seconds:isolation:sourceLocation:_:)``.
    public var hasFired: Bool { fired.current }

    /// Waits until the signal fired, or records an issue naming `what` after `seconds` (counted as
    /// ``withDeadline(_:seconds:isolation:sourceLocation:_:)`` counts them). Call it from one task only.
    ///
    /// - Parameters:
    ///   - what: What the signal stands for, for the failure message.
    ///   - seconds: The deadline.
    /// - Returns: Whether the signal fired before the deadline.
    @discardableResult
    public func wait(
        for what: String = "the signal", seconds: Int = 10, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        let stream = self.stream
        do {
            try await withDeadline(what, seconds: Double(seconds), sourceLocation: sourceLocation) {
                for await _ in stream {}
            }
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return false
        }
        return hasFired
    }
}
