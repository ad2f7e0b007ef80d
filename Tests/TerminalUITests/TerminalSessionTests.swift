import Foundation
import InternalReSwiftUtilities
import TestSupport
import Testing

@testable import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// In-process checks of the session on a pseudo-terminal (the end-to-end tests cover signals and
/// exits in a child process). Serialized: a process has one session at a time.
@Suite(.serialized) struct TerminalSessionTests {
    private struct PTY {
        var master: Int32 = -1
        var slave: Int32 = -1

        init() throws {
            var size = winsize(ws_row: 20, ws_col: 70, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&master, &slave, nil, nil, &size) == 0 else {
                throw TerminalError(.systemCall(name: "openpty", errno: errno))
            }
        }

        func close() {
            _ = closeDescriptor(master)
            _ = closeDescriptor(slave)
        }

        func modes() -> termios {
            var modes = termios()
            _ = tcgetattr(slave, &modes)
            return modes
        }

        /// What the terminal received so far.
        func output() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&pfd, 1, 50) > 0 else { break }
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test func notATerminalIsAClearError() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer {
            _ = closeDescriptor(fds[0])
            _ = closeDescriptor(fds[1])
        }
        #expect {
            try TerminalSession.start(input: fds[0], output: fds[1])
        } throws: { error in
            guard let error = error as? TerminalError else { return false }
            return error.isNotATerminal && error.description.contains("Standard input is not a terminal")
        }
    }

    @Test func startEntersRawModeAndRestoreGivesEverythingBackOnce() throws {
        let pty = try PTY()
        defer { pty.close() }
        let before = pty.modes()
        let session = try TerminalSession.start(input: pty.slave, output: pty.slave, terminalType: "xterm")
        let raw = pty.modes()
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0)
        #expect(session.isActive)
        #expect(session.size == TerminalSize(columns: 70, rows: 20))
        #expect(pty.output().contains("\u{1B}[?1049h"))

        #expect(throws: TerminalError.self) {
            try TerminalSession.start(input: pty.slave, output: pty.slave, terminalType: "xterm")
        }

        session.restore()
        #expect(!session.isActive)
        let after = pty.modes()
        #expect(after.c_lflag == before.c_lflag)
        #expect(after.c_iflag == before.c_iflag)
        let leave = pty.output()
        #expect(leave.contains("\u{1B}[?1049l"))
        #expect(leave.contains("\u{1B}[?25h"))

        session.restore()
        #expect(pty.output().isEmpty, "a second restore writes nothing")
    }

    @Test func bracketedPasteIsOnWhileTheSessionLasts() throws {
        let pty = try PTY()
        defer { pty.close() }
        let session = try TerminalSession.start(input: pty.slave, output: pty.slave, terminalType: "xterm")
        #expect(pty.output().contains("\u{1B}[?2004h"))
        session.restore()
        #expect(pty.output().contains("\u{1B}[?2004l"))
    }

    @Test func restoreDiscardsInputTheProgramDidNotRead() throws {
        let pty = try PTY()
        defer { pty.close() }
        let session = try TerminalSession.start(input: pty.slave, output: pty.slave, terminalType: "xterm")
        // The rest of a paste the app didn't read when it quit: it must not reach the shell.
        let typed = Array("echo pwned\n".utf8)
        _ = typed.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
        try eventually("the typed bytes to wait on the terminal") {
            Self.pendingBytes(pty.slave) >= typed.count
        }
        session.restore()
        #expect(Self.pendingBytes(pty.slave) == 0)
    }

    /// How many bytes wait to be read on `fd` (-1 if that can't be asked).
    private static func pendingBytes(_ fd: Int32) -> Int {
        var available: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &available) == 0 ? Int(available) : -1
    }

    @Test func optionsCanKeepTheMainScreenAndCursor() throws {
        let pty = try PTY()
        defer { pty.close() }
        let session = try TerminalSession.start(
            input: pty.slave, output: pty.slave, options: .init(alternateScreen: false, hideCursor: false),
            terminalType: "xterm")
        let entered = pty.output()
        session.restore()
        let left = pty.output()
        #expect(!entered.contains("1049"))
        #expect(!entered.contains("?25l"))
        #expect(!left.contains("1049"))
    }

    @Test func signalRestoresThenRunsTheAppsOwnHandlerAndAllowsANewSession() throws {
        // Signal actions are the whole process's: take turns with the other in-process signal tests.
        try withProcessSignalActions {
            let pty = try PTY()
            defer { pty.close() }
            let before = pty.modes()
            var appAction = SignalChain.action(handler: countHangup)
            var original = sigaction()
            _ = sigaction(SIGHUP, &appAction, &original)
            defer { _ = sigaction(SIGHUP, &original, nil) }
            hangups = 0
            var interruptBefore = sigaction()
            _ = sigaction(SIGINT, nil, &interruptBefore)

            for round in 1...2 {
                let session = try TerminalSession.start(
                    input: pty.slave, output: pty.slave, terminalType: "xterm")
                _ = pty.output()
                raise(SIGHUP)
                #expect(hangups == Int32(round), "the app's handler runs once per signal")
                #expect(!session.isActive)
                #expect(pty.modes().c_lflag == before.c_lflag)
                #expect(pty.output().contains("\u{1B}[?1049l"))
                session.restore()
            }
            var current = sigaction()
            _ = sigaction(SIGHUP, nil, &current)
            #expect(SignalChain.handlerAddress(current) == SignalChain.handlerAddress(appAction))
            var interruptAfter = sigaction()
            _ = sigaction(SIGINT, nil, &interruptAfter)
            #expect(
                SignalChain.handlerAddress(interruptAfter)
                    == SignalChain.handlerAddress(interruptBefore),
                "restore() takes the other signals' handlers away too")
        }
    }

    @Test func deinitRestores() throws {
        let pty = try PTY()
        defer { pty.close() }
        let before = pty.modes()
        do {
            _ = try TerminalSession.start(input: pty.slave, output: pty.slave, terminalType: "xterm")
        }
        #expect(pty.modes().c_lflag == before.c_lflag)
        #expect(!TerminalRestoration.isActive)
    }
}

private func closeDescriptor(_ fd: Int32) -> Int32 {
    close(fd)
}

@Suite struct InteractiveCheckTests {
    @Test func pipesAreNotInteractive() {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { _ = fds.map { close($0) } }
        #expect(!TerminalSession.isInteractive(input: fds[0], output: fds[1]))
    }

    @Test func pseudoTerminalIsInteractive() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        #expect(openpty(&master, &slave, nil, nil, nil) == 0)
        defer { _ = [master, slave].map { close($0) } }
        #expect(TerminalSession.isInteractive(input: slave, output: slave))
    }
}

// nonisolated(unsafe): written only by `countHangup`, which runs synchronously inside `raise` on
// the test's own thread; the serialized suite is the only user.
nonisolated(unsafe) private var hangups: Int32 = 0

private func countHangup(_ signal: Int32) {
    hangups += 1
}

@Suite struct TerminalTypeTests {
    @Test func dumbOrMissingTerminalTypesCannotShowASession() {
        #expect(!TerminalSession.supportsFullScreen(term: nil))
        #expect(!TerminalSession.supportsFullScreen(term: ""))
        #expect(!TerminalSession.supportsFullScreen(term: "dumb"))
        #expect(TerminalSession.supportsFullScreen(term: "xterm-256color"))
        let error = TerminalError(.unsupportedTerminal(term: "dumb"))
        #expect(error.isUnsupportedTerminal)
        #expect(error.description.hasPrefix("TERM=dumb: this terminal can't move the cursor"))
    }
}

extension TerminalSessionTests {
    @Test func aDumbTerminalIsRefusedBeforeAnythingChanges() throws {
        let pty = try PTY()
        defer { pty.close() }
        let before = pty.modes()
        #expect {
            try TerminalSession.start(input: pty.slave, output: pty.slave, terminalType: "dumb")
        } throws: { error in
            (error as? TerminalError)?.isUnsupportedTerminal == true
        }
        #expect(pty.modes().c_lflag == before.c_lflag)
        #expect(pty.output().isEmpty)
    }
}
