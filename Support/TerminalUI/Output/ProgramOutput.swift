@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way every executable of the package writes to standard output and standard error.
///
/// - Standard output gets text as the program made it (a list, JSON, generated source): data is
///   kept exact, and a program that shows text from outside on it sanitizes that text itself.
/// - Standard error is for people: every message goes through
///   `TerminalText.sanitized(_:layout: .multiline)`, so a path, an argument or a server's words can
///   never send an escape sequence to the terminal.
/// - A write that fails never crashes the program (Foundation's `FileHandle.write(_:)` traps).
///   The failure is remembered, and ``exitStatus(_:)`` turns it into exit status 1, after saying
///   so on the stream that still works. A closed pipe (`EPIPE`) ends the program as `SIGPIPE`
///   does, so `program | head -1` stays quiet.
/// - Each write goes straight to the descriptor (no buffer), so a pipe sees each line as it is
///   written, and nothing is left to be lost at exit.
///
/// An executable's `main.swift` starts with ``start(program:)`` and ends with ``exit(_:)``:
///
/// ```swift
/// ProgramOutput.start(program: "todo")
/// let status = await TodoCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
/// ProgramOutput.exit(status)
/// ```
public final class ProgramOutput: Sendable {
    /// One of the two output streams.
    public enum Stream: Sendable, CaseIterable {
        /// Standard output (descriptor 1).
        case standardOutput
        /// Standard error (descriptor 2).
        case standardError

        var name: String {
            switch self {
            case .standardOutput: "standard output"
            case .standardError: "standard error"
            }
        }

        var other: Stream {
            switch self {
            case .standardOutput: .standardError
            case .standardError: .standardOutput
            }
        }
    }

    /// The process's standard output and standard error.
    public static let standard = ProgramOutput(outputFD: STDOUT_FILENO, errorFD: STDERR_FILENO)

    private struct State {
        var program = ""
        /// Streams whose descriptor was closed when the program started.
        var closed: Set<Stream> = []
        /// The first error of each stream that failed, as an `errno` value.
        var failures: [Stream: Int32] = [:]
    }

    private let outputFD: Int32
    private let errorFD: Int32
    private let state = Locked(State())

    /// A pair of streams on other descriptors, for tests.
    init(outputFD: Int32, errorFD: Int32, program: String = "") {
        self.outputFD = outputFD
        self.errorFD = errorFD
        state.withLock { $0.program = program }
    }

    // MARK: - The process's streams

    /// Prepares the process's streams; call it first in `main.swift`.
    ///
    /// A descriptor among 0, 1 and 2 that the program was started without (`2>&-`) is opened on
    /// `/dev/null`, so that no file the program opens later takes its number and receives its
    /// messages; a closed standard output or error still counts as failing.
    ///
    /// - Parameter program: The program's name, for the message about a failed stream.
    public static func start(program: String) {
        var closed: Set<Stream> = []
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // The lowest free descriptor is `fd` itself, as the ones below it are open.
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0 && opened != fd { close(opened) }
            if fd == STDOUT_FILENO { closed.insert(.standardOutput) }
            if fd == STDERR_FILENO { closed.insert(.standardError) }
        }
        standard.state.withLock {
            $0.program = program
            $0.closed = closed
        }
    }

    /// Writes `text` to standard output as it is.
    public static func output(_ text: String) {
        standard.write(text, to: .standardOutput)
    }

    /// Writes a message to standard error, control characters shown as placeholders (line feeds
    /// and tabs kept).
    public static func error(_ text: String) {
        standard.write(text, to: .standardError)
    }

    /// Ends the process with ``exitStatus(_:)`` of the process's streams.
    public static func exit(_ status: Int32) -> Never {
        let final = standard.exitStatus(status)
        #if canImport(Glibc)
            Glibc.exit(final)
        #elseif canImport(Musl)
            Musl.exit(final)
        #elseif canImport(Darwin)
            Darwin.exit(final)
        #endif
    }

    // MARK: - Writing

    /// Writes `text` to `stream`: as it is to standard output, sanitized to standard error.
    ///
    /// A failed write is remembered for ``exitStatus(_:)``; a closed pipe ends the process with
    /// `SIGPIPE`.
    public func write(_ text: String, to stream: Stream) {
        guard !text.isEmpty else { return }
        let shown = stream == .standardError ? TerminalText.sanitized(text, layout: .multiline) : text
        let closed = state.withLock { $0.closed.contains(stream) }
        if closed {
            recordFailure(EBADF, of: stream)
            return
        }
        guard !SystemCalls.writeAll(fd(of: stream), shown) else { return }
        let code = SystemCalls.lastError
        if code == EPIPE { Self.endAsSIGPIPE() }
        recordFailure(code, of: stream)
    }

    /// The status to exit with: `status`, or 1 when a write to either stream failed.
    ///
    /// After a failure, says on the other stream (when it works) which stream failed and why:
    /// `todo: couldn't write to standard error (No space left on device)`.
    public func exitStatus(_ status: Int32) -> Int32 {
        let (program, failures) = state.withLock { ($0.program, $0.failures) }
        guard !failures.isEmpty else { return status }
        for stream in Stream.allCases {
            guard let code = failures[stream], failures[stream.other] == nil else { continue }
            let prefix = program.isEmpty ? "" : "\(program): "
            let reason = code == EBADF ? "it is closed" : String(cString: strerror(code))
            write("\(prefix)couldn't write to \(stream.name) (\(reason))\n", to: stream.other)
        }
        return 1
    }

    /// The first error of each stream that failed so far.
    var failures: [Stream: Int32] { state.withLock { $0.failures } }

    private func fd(of stream: Stream) -> Int32 {
        stream == .standardOutput ? outputFD : errorFD
    }

    private func recordFailure(_ code: Int32, of stream: Stream) {
        state.withLock { state in
            if state.failures[stream] == nil { state.failures[stream] = code }
        }
    }

    /// Ends the process as a closed pipe does when `SIGPIPE` isn't ignored: the reader went away,
    /// so there is no one to tell.
    private static func endAsSIGPIPE() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }
}
