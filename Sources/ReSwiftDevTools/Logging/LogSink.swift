import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where the logging middleware writes: a closure, a file handle, or standard error.
///
/// The sink receives one call per logged action, with the action's line and the lines of its
/// state differences joined by newlines, without a trailing newline. File handle sinks add the
/// newline.
///
/// ```swift
/// let logger: Middleware<AppState> = createLoggingMiddleware(to: .closure { print($0) })
/// ```
public struct LogSink: Sendable {
    /// Writes one log entry.
    let write: @Sendable (String) -> Void

    /// Whether the output goes to a terminal, which ``LogColor/automatic`` colours.
    public let isTerminal: Bool

    /// Creates a sink that hands each log entry to a closure.
    ///
    /// - Parameters:
    ///   - isTerminal: Whether the text ends up on a terminal; ``LogColor/automatic`` colours
    ///     only terminal output.
    ///   - write: Called with each entry, on the thread that dispatched the action.
    public init(isTerminal: Bool = false, write: @escaping @Sendable (String) -> Void) {
        self.isTerminal = isTerminal
        self.write = write
    }

    /// A sink that hands each log entry to a closure, such as `print`.
    ///
    /// - Parameter write: Called with each entry, on the thread that dispatched the action.
    /// - Returns: The sink; it is not treated as a terminal.
    public static func closure(_ write: @escaping @Sendable (String) -> Void) -> LogSink {
        LogSink(write: write)
    }

    /// A sink that writes each entry, followed by a newline, to a file handle.
    ///
    /// - Parameter handle: An open file handle, such as `FileHandle.standardOutput` or one made
    ///   with `FileHandle(forWritingTo:)`.
    /// - Returns: The sink; it counts as a terminal when the handle is one.
    public static func fileHandle(_ handle: FileHandle) -> LogSink {
        LogSink(isTerminal: Terminal.isTerminal(handle.fileDescriptor)) { entry in
            // A log line that can't be written (a closed pipe) is dropped rather than stopping the app.
            try? handle.writeCompletely(Data((entry + "\n").utf8))
        }
    }

    /// A sink that writes to the process's standard error. The default.
    public static var standardError: LogSink {
        .fileHandle(.standardError)
    }

    /// A sink that writes to the process's standard output.
    public static var standardOutput: LogSink {
        .fileHandle(.standardOutput)
    }
}

/// Terminal detection, on the platforms that have it.
enum Terminal {
    static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            return isatty(fileDescriptor) == 1
        #else
            return false
        #endif
    }
}
