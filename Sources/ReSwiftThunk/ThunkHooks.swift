import Foundation
@_spi(ReSwiftInternal) import ReSwift

/// Where the thunk middleware, ``ListenerMiddleware``, ``ThunkEffects`` and ``TestClock`` report
/// what goes wrong, process-wide, in the package's one hook scheme (see ReSwift's
/// `ReSwiftHooks`): ``misuseHandler`` for programming errors, ``errorHandler`` for errors the app
/// goes on after. Each middleware takes handlers of the same names that take their place for it.
public enum ThunkHooks {
    private static let errors = Locked<@Sendable (UnhandledThunkError) -> Void>(defaultErrorHandler)
    private static let misuses = Locked<@Sendable (ThunkMisuse) -> Void>(defaultMisuseHandler)

    /// Called with each error thrown by an ``AsyncThunk`` that nobody awaits (dispatched from
    /// synchronous code) or by a listener, unless the middleware has an `errorHandler` of its own
    /// (``createThunkMiddleware(errorHandler:)``, ``ListenerMiddleware/init(clock:errorHandler:misuseHandler:)``).
    ///
    /// The default writes the error and where the thunk or listener was made to standard error.
    /// It is called on the thunk's task, so it must be thread-safe. Cancellation errors are never
    /// reported.
    public static var errorHandler: @Sendable (UnhandledThunkError) -> Void {
        get { errors.current }
        set { errors.withLock { $0 = newValue } }
    }

    /// Called with each ``ThunkMisuse`` (a negative or NaN interval) that a middleware without
    /// its own `misuseHandler`, or a ``TestClock``, detects.
    ///
    /// The default stops the program with the misuse's message. It is called on the thread that
    /// detected the misuse, so it must be thread-safe.
    public static var misuseHandler: @Sendable (ThunkMisuse) -> Void {
        get { misuses.current }
        set { misuses.withLock { $0 = newValue } }
    }

    /// The default ``errorHandler``: writes the error to standard error.
    public static let defaultErrorHandler: @Sendable (UnhandledThunkError) -> Void = { failure in
        LibraryOutput.message("ReSwiftThunk: \(failure)\n")
    }

    /// The default ``misuseHandler``: stops the program with the misuse's message.
    public static let defaultMisuseHandler: @Sendable (ThunkMisuse) -> Void = { misuse in
        fatalError(misuse.message)
    }
}

/// An error thrown by an ``AsyncThunk`` that nobody awaited, with the thunk that threw it.
public struct UnhandledThunkError: Error, Sendable, CustomStringConvertible {
    /// The error the thunk's body threw.
    public var error: any Error
    /// The thunk's type, e.g. `AsyncThunk<AppState, Void>`.
    public var thunkType: String
    /// The file that created the thunk, as `#fileID` gives it (`Module/File.swift`).
    public var fileID: String
    /// The line that created the thunk.
    public var line: UInt
    /// Whether a thunk or a listener threw.
    var source = Source.thunk

    /// What threw an ``UnhandledThunkError``.
    enum Source: Sendable {
        /// An async thunk nobody awaited.
        case thunk
        /// A listener of a ``ListenerMiddleware``; `thunkType` describes it and `fileID` and
        /// `line` are where it was registered.
        case listener
    }

    /// A message that says what happened and what to do about it.
    public var description: String {
        switch source {
        case .thunk:
            return "\(thunkType) created at \(fileID):\(line) threw an error that nobody awaited: \(error). "
                + "Catch errors inside the thunk's body and dispatch an action that records them, "
                + "or dispatch it with `try await store.dispatch(thunk)` to receive them."
        case .listener:
            return "The \(thunkType) registered at \(fileID):\(line) threw an error: \(error). "
                + "Catch errors inside the listener's body and dispatch an action that records them."
        }
    }
}
