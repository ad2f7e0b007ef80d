import Foundation
@_spi(ReSwiftInternal) import ReSwift

/// Process-wide hooks of the thunk middleware.
public enum ThunkHooks {
    private static let handler = Locked<@Sendable (UnhandledThunkError) -> Void>(
        ThunkHooks.defaultUnhandledErrorHandler
    )

    /// Called with each error thrown by an ``AsyncThunk`` that was dispatched fire-and-forget
    /// (from synchronous code, so nobody awaits it), by middleware made with
    /// ``createThunkMiddleware()``.
    ///
    /// The default writes the error, the thunk, and where it was created to standard error.
    /// Replace it to log errors your own way or to turn them into actions. It is called on the
    /// thunk's task, so it must be thread-safe. Cancellation errors are never reported.
    ///
    /// To handle errors per store (or per test, without touching process-wide state), create the
    /// middleware with ``createThunkMiddleware(unhandledErrorHandler:)`` instead.
    public static var unhandledErrorHandler: @Sendable (UnhandledThunkError) -> Void {
        get { handler.withLock { $0 } }
        set { handler.withLock { $0 = newValue } }
    }

    /// The default ``unhandledErrorHandler``: writes the error, the thunk and where it was created
    /// to standard error.
    public static let defaultUnhandledErrorHandler: @Sendable (UnhandledThunkError) -> Void = { failure in
        let message = "ReSwiftThunk: \(failure)\n"
        LibraryOutput.message(message)
    }

    private static let misuse = Locked<@Sendable (ThunkMisuse) -> Void>(ThunkHooks.defaultMisuseHandler)

    /// Called with each ``ThunkMisuse`` (a negative or NaN interval) that a middleware without
    /// its own misuse handler, or a ``TestClock``, detects.
    ///
    /// The default stops the program with the misuse's message, as ReSwift's
    /// `ReSwiftHooks.misuseHandler` does. Tests replace it (or, better, give the middleware its
    /// own handler, since tests run in parallel) to assert that misuse is caught. It is called on
    /// the thread that detected the misuse, so it must be thread-safe.
    public static var misuseHandler: @Sendable (ThunkMisuse) -> Void {
        get { misuse.withLock { $0 } }
        set { misuse.withLock { $0 = newValue } }
    }

    /// The default ``misuseHandler``: stops the program with the misuse's message.
    public static let defaultMisuseHandler: @Sendable (ThunkMisuse) -> Void = { misuse in
        fatalError(misuse.message)
    }

    /// The former name of ``defaultUnhandledErrorHandler``.
    ///
    /// - Parameter failure: The error and the thunk that threw it.
    @available(*, deprecated, renamed: "defaultUnhandledErrorHandler")
    public static func writeToStandardError(_ failure: UnhandledThunkError) {
        defaultUnhandledErrorHandler(failure)
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
