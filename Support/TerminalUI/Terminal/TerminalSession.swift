@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A full-screen terminal session: raw input, the alternate screen and a hidden cursor, given
/// back on every way out of the program.
///
/// Starting a session checks that standard input and output are terminals, saves the terminal's
/// modes, switches to raw mode (no echo, no line buffering, no signals from keys — Ctrl-C
/// arrives as ``Key/ctrl(_:)`` with `"c"`), enters the alternate screen, hides the cursor and
/// turns on bracketed paste. ``restore()`` undoes all of it and discards input the program
/// hasn't read (the rest of a long paste must not reach the shell as commands), and runs by itself when the session is deallocated, when the
/// process calls `exit()`, and when it receives SIGINT, SIGTERM, SIGHUP, SIGQUIT or a crash
/// signal (the handler restores the terminal, then lets the signal take its normal course).
///
/// Job control works as in any terminal program: Ctrl-Z (which ``EventLoop`` turns into
/// ``suspend()``) or a SIGTSTP gives the terminal back and stops the process; when the shell
/// continues it (`fg`), raw mode, the alternate screen and the hidden cursor come back and the
/// event loop reports a ``TerminalEvent/resize(_:)``, on which a ``Renderer`` redraws everything.
///
/// ```swift
/// let session: TerminalSession
/// do {
///     session = try TerminalSession.start()
/// } catch {
///     ProgramOutput.error("memory-game: \(error)\n")
///     ProgramOutput.exit(1)
/// }
/// defer { session.restore() }
/// ```
///
/// Only one session can be active in a process at a time. While it is, draw with a ``Renderer``
/// rather than `print` (standard output's buffer would put the text at random places), and write
/// messages for the user after ``restore()``.
public final class TerminalSession: Sendable {
    /// What a session changes about the terminal.
    public struct Options: Sendable {
        /// Switch to the alternate screen, so the shell's screen reappears afterwards.
        public var alternateScreen: Bool
        /// Hide the cursor while the session lasts.
        public var hideCursor: Bool
        /// Ask the terminal to mark pasted text (bracketed paste, `ESC [?2004h`), so a paste
        /// arrives as one ``Key/paste(_:)`` rather than as keys: a pasted "q" or newline is text,
        /// never a command.
        public var bracketedPaste: Bool

        /// Creates options; by default the alternate screen, a hidden cursor and bracketed paste.
        public init(alternateScreen: Bool = true, hideCursor: Bool = true, bracketedPaste: Bool = true) {
            self.alternateScreen = alternateScreen
            self.hideCursor = hideCursor
            self.bracketedPaste = bracketedPaste
        }
    }

    /// The descriptor keys are read from (standard input by default).
    public let inputFD: Int32
    /// The descriptor the screen is written to (standard output by default).
    public let outputFD: Int32
    private let session: Int

    private init(inputFD: Int32, outputFD: Int32, session: Int) {
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.session = session
    }

    deinit {
        TerminalRestoration.restore(session: session)
    }

    /// Starts a session on `input` and `output`.
    ///
    /// - Parameters:
    ///   - input: The descriptor to read keys from; must be a terminal.
    ///   - output: The descriptor to draw on; must be a terminal.
    ///   - options: Whether to use the alternate screen and hide the cursor.
    ///   - terminalType: The terminal's type, `TERM` from the environment by default.
    /// - Returns: The active session; keep it alive while drawing and call ``restore()`` when done.
    /// - Throws: ``TerminalError`` when either descriptor is not a terminal (check
    ///   ``TerminalError/isNotATerminal``), `TERM` is unset, empty or `dumb`
    ///   (``TerminalError/isUnsupportedTerminal``), another session is active, or raw mode can't
    ///   be set.
    public static func start(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, options: Options = Options(),
        terminalType: String? = getenv("TERM").map { String(cString: $0) }
    ) throws -> TerminalSession {
        guard isatty(input) == 1 else { throw TerminalError(.notATerminal(stream: "Standard input")) }
        guard isatty(output) == 1 else { throw TerminalError(.notATerminal(stream: "Standard output")) }
        guard supportsFullScreen(term: terminalType) else {
            throw TerminalError(.unsupportedTerminal(term: terminalType ?? ""))
        }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else {
            throw TerminalError(.systemCall(name: "tcgetattr", errno: errno))
        }
        var leave = "\u{1B}[0m"
        var enter = ""
        if options.alternateScreen {
            enter += "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
            leave += "\u{1B}[?1049l"
        }
        if options.hideCursor {
            enter += "\u{1B}[?25l"
            leave += "\u{1B}[?25h"
        }
        if options.bracketedPaste {
            enter += "\u{1B}[?2004h"
            leave += "\u{1B}[?2004l"
        }
        var raw = rawModes(from: saved)
        guard
            let session = TerminalRestoration.begin(
                inputFD: input, outputFD: output, savedModes: saved, rawModes: raw, enterSequence: enter,
                leaveSequence: leave)
        else { throw TerminalError(.alreadyActive) }
        if tcsetattr(input, TCSADRAIN, &raw) != 0 {
            let code = errno
            TerminalRestoration.restore(session: session)
            throw TerminalError(.systemCall(name: "tcsetattr", errno: code))
        }
        SignalChain.unblock([SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT])
        SystemCalls.writeAll(output, enter)
        return TerminalSession(inputFD: input, outputFD: output, session: session)
    }

    /// Whether a terminal of type `term` (the `TERM` variable) can show a session: not when it is
    /// unset, empty or `dumb`, which can't move the cursor or switch screens.
    /// ``start(input:output:options:terminalType:)`` refuses such a terminal; a program with a printed form
    /// can print that instead.
    public static func supportsFullScreen(term: String?) -> Bool {
        guard let term, !term.isEmpty else { return false }
        return term != "dumb"
    }

    /// Whether both `input` and `output` are terminals: when they aren't (a pipe, a file), a
    /// program can print plain output instead of starting a session.
    public static func isInteractive(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Bool {
        isatty(input) == 1 && isatty(output) == 1
    }

    /// Puts the terminal back as it was before ``start(input:output:options:terminalType:)``: its modes, the
    /// main screen and a visible cursor. Calling it again does nothing.
    public func restore() {
        TerminalRestoration.restore(session: session)
    }

    /// Stops the process as Ctrl-Z does in a shell: gives the terminal back, stops (the shell
    /// prompts), and on `fg` takes the terminal again. The stop comes moments after the call
    /// (a signal to the process), and the event loop reports a resize once the process continues.
    /// Does nothing when SIGTSTP is ignored (a shell without job control), so the app never
    /// stops where nothing could continue it.
    public func suspend() {
        TerminalRestoration.suspendProcess()
    }

    /// Whether this session still holds the terminal (``restore()`` has not run yet).
    public var isActive: Bool {
        TerminalRestoration.lock.withLock { _ in
            TerminalRestoration.record.pointee.active == 1
                && TerminalRestoration.record.pointee.session == session
        }
    }

    /// The terminal's current size, or 80×24 when it can't be read.
    public var size: TerminalSize {
        TerminalSize.current(of: outputFD) ?? TerminalSize.current(of: inputFD)
            ?? TerminalSize(columns: 80, rows: 24)
    }

    /// Writes `text` (which may contain escape sequences) to the terminal at once.
    public func write(_ text: String) {
        SystemCalls.writeAll(outputFD, text)
    }

    /// The modes of raw mode: bytes arrive one by one, unechoed, with no signal keys, no flow
    /// control and no CR/NL translation on input. Output processing stays on.
    static func rawModes(from modes: termios) -> termios {
        var raw = modes
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        return raw
    }
}
