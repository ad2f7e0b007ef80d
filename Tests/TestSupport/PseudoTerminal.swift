#if os(Linux) || os(macOS)
    import Foundation
    @_spi(ReSwiftInternal) import InternalReSwiftUtilities
    import Testing
    import TerminalUI

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Runs an executable under a pseudo-terminal, as a user at a terminal would: the child sees a
    /// terminal on standard input, output and error, of the size you choose.
    ///
    /// Send it keys, wait until its screen shows some text (its output is interpreted by a
    /// ``VirtualScreen``), then check how it exited and that it gave the terminal back:
    ///
    /// ```swift
    /// let terminal = try PseudoTerminal(product: "memory-game", arguments: ["--offline", "--seed", "1"])
    /// try await terminal.screen(showing: "New Game")
    /// try terminal.send("q")
    /// #expect(try terminal.waitForExit() == 0)
    /// try terminal.verifyTerminalRestored()
    /// ```
    ///
    /// The process is killed when the `PseudoTerminal` is deallocated, if it still runs.
    public final class PseudoTerminal {
        /// Bytes for keys, as a terminal in its default (normal cursor key) mode sends them.
        public enum Keys {
            /// Arrow up.
            public static let up = "\u{1B}[A"
            /// Arrow down.
            public static let down = "\u{1B}[B"
            /// Arrow right.
            public static let right = "\u{1B}[C"
            /// Arrow left.
            public static let left = "\u{1B}[D"
            /// Enter (carriage return).
            public static let enter = "\r"
            /// Escape.
            public static let escape = "\u{1B}"
            /// Backspace (DEL).
            public static let backspace = "\u{7F}"
            /// Tab.
            public static let tab = "\t"
            /// Ctrl-C.
            public static let ctrlC = "\u{03}"
            /// Home.
            public static let home = "\u{1B}[H"
            /// End.
            public static let end = "\u{1B}[F"
            /// Page up.
            public static let pageUp = "\u{1B}[5~"
            /// Page down.
            public static let pageDown = "\u{1B}[6~"
            /// Delete (forward).
            public static let delete = "\u{1B}[3~"

            /// Ctrl and a letter, e.g. `ctrl("d")`.
            public static func ctrl(_ letter: Character) -> String {
                let value = letter.lowercased().unicodeScalars.first!.value
                return String(Unicode.Scalar(UInt8(truncatingIfNeeded: value - 0x60)))
            }
        }

        /// The child's process identifier.
        public var processIdentifier: Int32 { process.processIdentifier }

        private let process: Process
        private let masterFD: Int32
        /// This process's descriptor of the slave side, open until `close()` (-1 once closed):
        /// while it is, the master never reads as hung up.
        private var slaveFD: Int32
        private let initialModes: termios
        private let output: OutputCollector
        private let exited = DispatchSemaphore(value: 0)
        private let exitState = Locked<(status: Int32, reason: Process.TerminationReason)?>(nil)
        private var screenState: (screen: VirtualScreen, consumed: Int)
        private var closed = false

        /// Starts `executableURL` under a new pseudo-terminal.
        ///
        /// - Parameters:
        ///   - executableURL: The program to run.
        ///   - arguments: Its arguments.
        ///   - environment: Variables added to (or replacing) a small base environment: `PATH`,
        ///     `HOME` and `TMPDIR` from the test process, `TERM=xterm-256color`, `LANG=C.UTF-8`.
        ///   - workingDirectory: Its working directory; the test process's by default.
        ///   - size: The terminal's size.
        /// - Throws: ``TestSupportError`` when the terminal can't be created or the program can't start.
        public init(
            executableURL: URL, arguments: [String] = [], environment: [String: String] = [:],
            workingDirectory: URL? = nil, size: TerminalSize = TerminalSize(columns: 80, rows: 24)
        ) throws {
            var master: Int32 = -1
            var slave: Int32 = -1
            var windowSize = winsize(
                ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&master, &slave, nil, nil, &windowSize) == 0 else {
                throw TestSupportError("openpty failed (errno \(errno)): can't create a pseudo-terminal.")
            }
            _ = fcntl(master, F_SETFD, FD_CLOEXEC)
            _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
            var modes = termios()
            _ = tcgetattr(slave, &modes)
            masterFD = master
            slaveFD = slave
            initialModes = modes
            screenState = (VirtualScreen(columns: size.columns, rows: size.rows), 0)
            output = OutputCollector(fd: master)

            process = Process()
            process.executableURL = executableURL
            process.arguments = arguments
            process.environment = Self.environment(adding: environment)
            if let workingDirectory { process.currentDirectoryURL = workingDirectory }
            let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
            process.standardInput = handle
            process.standardOutput = handle
            process.standardError = handle
            let exited = exited
            let exitState = exitState
            let output = output
            process.terminationHandler = { process in
                exitState.withLock { $0 = (process.terminationStatus, process.terminationReason) }
                exited.signal()
                output.programExited()
            }
            do {
                try withUnblockedSignals { try process.run() }
            } catch {
                closeTerminal()
                throw TestSupportError("Could not start \(executableURL.path): \(error)")
            }
        }

        /// Starts an executable product built with the tests (see ``builtProductURL(_:)``).
        public convenience init(
            product: String, arguments: [String] = [], environment: [String: String] = [:],
            workingDirectory: URL? = nil, size: TerminalSize = TerminalSize(columns: 80, rows: 24)
        ) throws {
            try self.init(
                executableURL: try builtProductURL(product), arguments: arguments, environment: environment,
                workingDirectory: workingDirectory, size: size)
        }

        deinit {
            close()
        }

        /// The environment a child gets: a small base plus `additions`.
        static func environment(adding additions: [String: String]) -> [String: String] {
            let current = ProcessInfo.processInfo.environment
            var environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8"]
            for name in ["PATH", "HOME", "TMPDIR"] {
                if let value = current[name] { environment[name] = value }
            }
            environment.merge(additions) { _, new in new }
            return environment
        }

        // MARK: - Input

        /// Types `text`: its UTF-8 bytes go to the program as if typed (use ``Keys`` for special keys).
        ///
        /// A lone Esc is ambiguous (it also starts escape sequences, and Esc followed by a letter is
        /// Alt and that letter), so programs wait a moment before taking it as Esc. When `text` ends
        /// with Esc, this call waits ``escapePause`` after sending, so that the next send can't be
        /// read as part of it. Send Esc on its own, not followed by other keys in the same string.
        public func send(_ text: String) throws {
            try send(bytes: Array(text.utf8))
            if text.utf8.last == 0x1B { Thread.sleep(forTimeInterval: escapePause) }
        }

        /// How long ``send(_:)`` waits after a trailing Esc: longer than TerminalUI's 30 ms escape
        /// timeout, with room for a busy machine.
        public var escapePause: TimeInterval = 0.15

        /// Sends raw bytes to the program's input.
        public func send(bytes: [UInt8]) throws {
            let result = bytes.withUnsafeBytes { buffer -> Bool in
                var offset = 0
                while offset < buffer.count {
                    let written = write(masterFD, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    offset += written
                }
                return true
            }
            if !result { throw TestSupportError("Could not write to the pseudo-terminal (errno \(errno)).") }
        }

        /// Pastes `text` as a terminal does: wrapped in `ESC[200~` … `ESC[201~` when the program
        /// turned bracketed paste on (see ``VirtualScreen/isBracketedPasteOn``), as plain keys
        /// otherwise.
        public func paste(_ text: String) throws {
            updateScreen()
            let bracketed = screenState.screen.isBracketedPasteOn
            try send(
                bytes: Array(
                    ((bracketed ? "\u{1B}[200~" : "") + text + (bracketed ? "\u{1B}[201~" : "")).utf8))
        }

        #if os(Linux)
            /// Whether the program is stopped by job control (state `T` in `/proc/PID/stat`).
            public var isStopped: Bool {
                guard
                    let stat = try? String(
                        contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { return false }
                return stat[stat.index(after: close)...].split(separator: " ").first == "T"
            }
        #endif

        /// Resizes the terminal and sends the program SIGWINCH, as a terminal window does.
        public func resize(to size: TerminalSize) {
            var windowSize = winsize(
                ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
            _ = withUnsafeMutablePointer(to: &windowSize) { ioctl(masterFD, UInt(TIOCSWINSZ), $0) }
            updateScreen()
            screenState.screen.resize(columns: size.columns, rows: size.rows)
            guard process.processIdentifier > 0, exitState.withLock({ $0 }) == nil else { return }
            kill(process.processIdentifier, SIGWINCH)
        }

        // MARK: - Output

        /// Everything the program wrote so far, decoded as UTF-8.
        public var outputText: String {
            // hazard-check: ok because this is OutputCollector.bytes(from:), not URLSession's
            String(decoding: output.bytes(from: 0), as: UTF8.self)
        }

        /// The screen as the program has drawn it so far.
        public var screen: VirtualScreen {
            updateScreen()
            return screenState.screen
        }

        /// Waits until some row of the screen contains `text`.
        ///
        /// The wait suspends rather than blocks, so a test that waits in vain holds no thread of the
        /// cooperative pool: other tests run meanwhile, and a whole suite of screens that never come
        /// fails in one deadline, not one after another.
        ///
        /// - Returns: The screen at that moment.
        /// - Throws: ``TestSupportError`` with the screen's content when `timeout` seconds pass first,
        ///   or when the program exits without showing it.
        @discardableResult
        public func screen(
            showing text: String, timeout: TimeInterval = 60,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> VirtualScreen {
            try await screen(
                timeout: timeout, description: "text \"\(text)\"", sourceLocation: sourceLocation
            ) {
                $0.contains(text)
            }
        }

        /// Waits until the screen satisfies `condition`.
        ///
        /// - Parameters:
        ///   - timeout: Seconds to wait (see ``withDeadline(_:seconds:isolation:sourceLocation:_:)``
        ///     for how a busy machine counts them).
        ///   - description: What is awaited, for the error message.
        ///   - sourceLocation: The wait, named in the error message.
        ///   - condition: Checked at once, then whenever output arrived (looked at every 10 ms).
        /// - Returns: The screen at that moment.
        /// - Throws: ``TestSupportError`` with the screen's content when `timeout` seconds pass first,
        ///   or when the program exits without showing it.
        @discardableResult
        public func screen(
            timeout: TimeInterval = 60, description: String = "a matching screen",
            sourceLocation: SourceLocation = #_sourceLocation,
            where condition: (VirtualScreen) -> Bool
        ) async throws -> VirtualScreen {
            do {
                try await eventually(
                    "\(description) on the screen", seconds: timeout, sourceLocation: sourceLocation
                ) {
                    if updateScreen(until: condition) { return true }
                    guard exitState.withLock({ $0 }) != nil else { return false }
                    await output.quiet()
                    if updateScreen(until: condition) { return true }
                    throw TestSupportError(
                        "Waiting for \(description) on the screen: the program exited first "
                            + "(\(sourceLocation.fileName):\(sourceLocation.line)).")
                }
                return screenState.screen
            } catch let error as TestSupportError {
                updateScreen()
                throw TestSupportError(
                    error.message + " The screen shows:\n"
                        + screenState.screen.lines.map { "|" + $0 }.joined(separator: "\n"))
            }
        }

        /// Feeds the screen what arrived, one read of output at a time, and stops as soon as
        /// `condition` holds: a screen the program showed only for a moment is seen even when this
        /// task was not scheduled while it was up. - Returns: whether `condition` holds.
        private func updateScreen(until condition: (VirtualScreen) -> Bool) -> Bool {
            if condition(screenState.screen) { return true }
            for end in output.chunkEnds(after: screenState.consumed) {
                // hazard-check: ok because this is OutputCollector.bytes(from:), not URLSession's
                let bytes = output.bytes(from: screenState.consumed, to: end)
                screenState.screen.feed(bytes)
                screenState.consumed = end
                if condition(screenState.screen) { return true }
            }
            return false
        }

        private func updateScreen() {
            _ = updateScreen(until: { _ in false })
        }

        // MARK: - Exit

        /// Sends `signal` to the program (SIGTERM by default).
        public func terminate(signal: Int32 = SIGTERM) {
            guard process.processIdentifier > 0, exitState.withLock({ $0 }) == nil else { return }
            kill(process.processIdentifier, signal)
        }

        /// Waits for the program to exit.
        ///
        /// - Returns: Its exit status, or 128 + the signal number when a signal ended it (as a shell
        ///   reports it: SIGTERM gives 143).
        /// - Throws: ``TestSupportError`` with the screen's content when `timeout` seconds pass first.
        @discardableResult
        public func waitForExit(timeout: TimeInterval = 60) throws -> Int32 {
            if exitState.withLock({ $0 }) == nil, exited.wait(timeout: .now() + timeout) == .timedOut {
                throw TestSupportError(
                    "The program did not exit within \(timeout) s. The screen shows:\n" + screen.text)
            }
            exited.signal()  // let later calls return at once
            output.waitUntilQuiet()
            updateScreen()
            let state = exitState.withLock { $0 }!
            return state.reason == .uncaughtSignal ? 128 + state.status : state.status
        }

        /// Whether the output reader saw the terminal hang up after the program exited, read
        /// what was left and stopped: it waits on events, never on a timer.
        var outputHasEnded: Bool { output.hasEnded }

        /// Closes this process's descriptor of the slave side before `close()`: once the program
        /// has exited too, nothing holds the terminal and the master reads as hung up.
        func releaseSlaveSide() {
            guard slaveFD >= 0 else { return }
            closeDescriptor(slaveFD)
            slaveFD = -1
        }

        /// Whether the terminal's modes are now the same as before the program started (it left raw
        /// mode). Meaningful after the program exited.
        public var terminalModesRestored: Bool {
            var now = termios()
            guard tcgetattr(slaveFD, &now) == 0 else { return false }
            var before = initialModes
            return now.c_iflag == before.c_iflag && now.c_oflag == before.c_oflag
                && now.c_cflag == before.c_cflag && now.c_lflag == before.c_lflag
                && withUnsafeBytes(of: &now.c_cc) { nowBytes in
                    withUnsafeBytes(of: &before.c_cc) { Array(nowBytes) == Array($0) }
                }
        }

        /// Checks that the program gave the terminal back: the modes are as before it started, it
        /// left the alternate screen, the cursor is visible and bracketed paste is off.
        ///
        /// - Throws: ``TestSupportError`` saying which of these is not the case.
        public func verifyTerminalRestored() throws {
            var problems: [String] = []
            if !terminalModesRestored { problems.append("the terminal modes (termios) were not restored") }
            let screen = self.screen
            if screen.isAlternateScreenActive { problems.append("the alternate screen is still active") }
            if !screen.isCursorVisible { problems.append("the cursor is still hidden") }
            if screen.isBracketedPasteOn { problems.append("bracketed paste is still on") }
            guard problems.isEmpty else {
                throw TestSupportError(
                    "The program did not restore the terminal: " + problems.joined(separator: "; "))
            }
        }

        /// Stops reading and closes the terminal; the program, if still running, is killed.
        /// Called by `deinit`; call it earlier to release the descriptors.
        public func close() {
            // A process that never started has identifier 0, and kill(0, …) would signal the whole
            // process group, test runner included.
            if process.processIdentifier > 0, exitState.withLock({ $0 }) == nil {
                kill(process.processIdentifier, SIGKILL)
                _ = exited.wait(timeout: .now() + 5)
                exited.signal()
            }
            closeTerminal()
        }

        private func closeTerminal() {
            guard !closed else { return }
            closed = true
            output.stop()
            closeDescriptor(masterFD)
            releaseSlaveSide()
        }
    }

    /// Runs `body` (which spawns a child) with no signals blocked on this thread, so the child
    /// starts with an empty signal mask: test runners' worker threads block signals, and a child
    /// would inherit that and never see SIGTERM or SIGWINCH.
    func withUnblockedSignals<Result>(_ body: () throws -> Result) rethrows -> Result {
        var empty = sigset_t()
        var previous = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Whether `fd` becomes readable (or reaches end-of-file) within `milliseconds`: select() on
    /// Apple platforms, where poll() doesn't support terminal devices, poll() elsewhere.
    func isReadable(_ fd: Int32, withinMilliseconds milliseconds: Int32) -> Bool {
        #if canImport(Darwin)
            return selectReadable(fd, withinMilliseconds: milliseconds)
        #else
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&pfd, 1, milliseconds) > 0
        #endif
    }

    /// `isReadable` with select(), compiled everywhere so the Linux tests check it. A descriptor
    /// past `FD_SETSIZE` (a busy parallel test run hands those out) doesn't fit in an `fd_set`, so
    /// it is waited for with poll() instead of corrupting memory.
    func selectReadable(_ fd: Int32, withinMilliseconds milliseconds: Int32) -> Bool {
        guard fd >= 0 && fd < FD_SETSIZE else {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&pfd, 1, milliseconds) > 0
        }
        var set = fd_set()
        withUnsafeMutableBytes(of: &set) { raw in
            raw.bindMemory(to: Int32.self)[Int(fd) / 32] |= Int32(bitPattern: UInt32(1) << UInt32(fd % 32))
        }
        var timeout = timeval()
        timeout.tv_sec = .init(milliseconds / 1000)
        timeout.tv_usec = .init((milliseconds % 1000) * 1000)
        return select(fd + 1, &set, nil, nil, &timeout) > 0
    }

    /// Closes a file descriptor (a free function, as `PseudoTerminal.close()` hides the C one).
    private func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    /// Reads the master side of a pseudo-terminal on a background thread into a buffer.
    final class OutputCollector: Sendable {
        private struct State {
            var bytes: [UInt8] = []
            /// Where each read of the descriptor ended, in `bytes`: the program's writes, roughly.
            var chunkEnds: [Int] = []
            var stopRequested = false
            /// How many times the reader looked and found nothing to read for 20 ms.
            var idlePasses = 0
            /// Whether the program exited (its termination handler ran).
            var programExited = false
            /// Whether the reader found the terminal hung up (end of file or EIO) and waits for
            /// the program's exit: nothing is waiting to be read meanwhile.
            var hungUp = false
            /// Whether the reader read what was left after the hang-up and the exit, and ended.
            var ended = false
        }

        private let fd: Int32
        private let condition = NSCondition()
        // Guarded by `condition` (its lock) rather than a separate lock, so waiters can sleep on it.
        private let state = Locked(State())
        private let finished = DispatchSemaphore(value: 0)

        init(fd: Int32) {
            self.fd = fd
            Thread.detachNewThread { [self] in readLoop() }
        }

        var count: Int { state.withLock { $0.bytes.count } }

        /// Whether the reader saw the terminal hang up (the program that held it exited) and
        /// stopped: everything the program wrote is in.
        var hasEnded: Bool { state.withLock { $0.ended } }

        func bytes(from offset: Int) -> [UInt8] {
            state.withLock { Array($0.bytes[min(offset, $0.bytes.count)...]) }
        }

        func bytes(from offset: Int, to end: Int) -> [UInt8] {
            state.withLock { Array($0.bytes[min(offset, $0.bytes.count)..<min(end, $0.bytes.count)]) }
        }

        /// The ends of the reads past `offset`, in order.
        func chunkEnds(after offset: Int) -> [Int] {
            state.withLock { state in
                var index = state.chunkEnds.endIndex
                while index > state.chunkEnds.startIndex && state.chunkEnds[index - 1] > offset { index -= 1 }
                return Array(state.chunkEnds[index...])
            }
        }

        /// Waits until more than `count` bytes arrived or `deadline` passed. - Returns: whether more arrived.
        func waitForMore(than count: Int, until deadline: Date) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while self.count <= count {
                if !condition.wait(until: deadline) { return self.count > count }
            }
            return true
        }

        /// Waits until nothing arrived for a short moment (the program's last output is in): no new
        /// byte for 50 ms, and then a whole pass of the reader that found nothing to read. The
        /// second condition holds however late a loaded machine schedules the reader; without it,
        /// a reader that wasn't scheduled for 50 ms would leave the program's last bytes unread.
        func waitUntilQuiet() {
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline && !hasEnded {
                let seen = count
                if waitForMore(than: seen, until: Date().addingTimeInterval(0.05)) { continue }
                // A pass that began after this point found nothing: everything written is in.
                let passes = state.withLock { $0.idlePasses }
                condition.lock()
                while state.withLock({ $0.idlePasses < passes + 2 && !$0.hungUp && !$0.ended }) {
                    if !condition.wait(until: deadline) { break }
                }
                condition.unlock()
                if count == seen { return }
            }
        }

        /// ``waitUntilQuiet()`` for async code, on a thread of its own (``onAThreadOfItsOwn(_:)``).
        func quiet() async {
            _ = try? await onAThreadOfItsOwn { [self] in waitUntilQuiet() }
        }

        /// Wakes a reader that waits for the program's exit after a hang-up.
        func programExited() {
            condition.lock()
            state.withLock { $0.programExited = true }
            condition.broadcast()
            condition.unlock()
        }

        /// Ends the read loop and waits for it (the descriptor may be closed afterwards).
        func stop() {
            condition.lock()
            let alreadyStopped = state.withLock { state in
                defer { state.stopRequested = true }
                return state.stopRequested
            }
            condition.broadcast()
            condition.unlock()
            // The loop looks at `stopRequested` every 20 ms (or has ended); past the deadline it
            // is stuck.
            if !alreadyStopped && finished.wait(timeout: .now() + 10) == .timedOut {
                Issue.record("PseudoTerminal: the output reader did not stop within 10 s")
            }
        }

        private func readLoop() {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !state.withLock({ $0.stopRequested }) {
                guard isReadable(fd, withinMilliseconds: 20) else {
                    condition.lock()
                    state.withLock { $0.idlePasses += 1 }
                    condition.broadcast()
                    condition.unlock()
                    continue
                }
                let count = readChunk(into: &buffer)
                if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
                    // End of file or EIO: no process holds the slave side, and poll() would say so
                    // at once, forever. Wait for the event that ends this, the program's exit (or
                    // a stop), instead of looking again on a timer; then read what is left.
                    condition.lock()
                    state.withLock { $0.hungUp = true }
                    condition.broadcast()
                    while !state.withLock({ $0.programExited || $0.stopRequested }) { condition.wait() }
                    condition.unlock()
                    while isReadable(fd, withinMilliseconds: 0) && readChunk(into: &buffer) > 0 {}
                    condition.lock()
                    state.withLock { $0.ended = true }
                    condition.broadcast()
                    condition.unlock()
                    break
                }
            }
            finished.signal()
        }

        /// Reads once into `buffer` and appends what came. - Returns: what `read` returned.
        private func readChunk(into buffer: inout [UInt8]) -> Int {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return count }
            condition.lock()
            state.withLock { state in
                state.bytes += buffer[0..<count]
                state.chunkEnds.append(state.bytes.count)
            }
            condition.broadcast()
            condition.unlock()
            return count
        }
    }
#endif
