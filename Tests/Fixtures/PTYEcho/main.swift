// A tiny full-screen program for TerminalUI's and TestSupport's end-to-end tests: it enters raw
// mode, draws a screen, shows the keys it receives, and leaves by each of the ways an app can:
//   q       quit normally (exit status 0)
//   Ctrl-C  quit with status 130
//   e       a thrown error (status 1, message on standard error)
//   x       exit(3) without restoring first (the atexit path)
//   f       a crash (fatalError: the signal handler path)
//   SIGTERM, SIGINT, SIGHUP from outside: the signal handler path
// With `--report` it draws nothing: it prints its working directory, arguments, the variable
// FIXTURE_VALUE, whether its streams are terminals and its standard input, then exits 0.
import Foundation
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct FixtureError: Error, CustomStringConvertible {
    var description: String { "the fixture was asked to fail (key e)" }
}

@MainActor
final class Fixture {
    let session: TerminalSession
    let renderer: Renderer
    let loop: EventLoop
    var size: TerminalSize
    var keys: [Key] = []
    var ticks = 0
    var posted = "nothing yet"
    /// What ran on the main actor and the main queue while the loop waited (key m starts both).
    var mainWork: [String] = []
    var field = TextField()
    var editing = false

    init(session: TerminalSession) {
        self.session = session
        renderer = Renderer(
            session: session, colorSupport: .detect(environment: ProcessInfo.processInfo.environment))
        loop = EventLoop(session: session, tickInterval: 0.1)
        size = session.size
    }

    func lines() -> [Line] {
        guard size.fits(TerminalSize(columns: 30, rows: 8)) else {
            return TooSmallScreen.lines(needed: TerminalSize(columns: 30, rows: 8), actual: size)
        }
        var lines: [Line] = [
            Line("PTY echo fixture", style: Style(foreground: .cyan, bold: true)),
            Line("Size: \(size)"),
            Line("Last key: " + (keys.last.map { "\($0)" } ?? "none")),
            Line("Keys received: \(keys.count)"),
            Line(
                "Posted: \(posted)" + (mainWork.isEmpty ? "" : " · main: " + mainWork.joined(separator: ", "))
            ),
            Line("日本語のテキスト: 幅 2"),
            Line("Field: ") + field.line(width: 20, focused: editing),
        ]
        while lines.count < size.rows - 1 { lines.append(Line()) }
        lines.append(
            StatusLine.line(
                left: "q quit · i edit", right: Spinner.dots.frame(at: ticks), width: size.columns))
        return lines
    }

    func draw() {
        renderer.render(lines(), size: size)
    }

    func run() async throws {
        var failure: Error?
        Thread.detachNewThread { [loop] in
            loop.post { @MainActor [weak self] in
                self?.posted = "hello from a background thread"
                self?.draw()
            }
        }
        draw()
        await loop.run { event in
            switch event {
            case .key(let key) where editing:
                if key == .enter || key == .escape {
                    editing = false
                } else {
                    _ = field.handle(key)
                }
                keys.append(key)
            case .key(.character("q")):
                loop.stop()
            case .key(.ctrl("c")):
                session.restore()
                exit(130)
            case .key(.character("e")):
                failure = FixtureError()
                loop.stop()
            case .key(.character("x")):
                exit(3)
            case .key(.character("f")):
                fatalError("the fixture was asked to crash (key f)")
            case .key(.character("m")):
                // Plain app code: neither may wait for the loop to end.
                Task { @MainActor [weak self] in
                    self?.mainWork.append("task")
                    self?.draw()
                }
                DispatchQueue.main.async { [weak self] in
                    MainActor.assumeIsolated {
                        self?.mainWork.append("queue")
                        self?.draw()
                    }
                }
            case .key(.character("i")):
                editing = true
                keys.append(.character("i"))
            case .key(let key):
                keys.append(key)
            case .resize(let newSize):
                size = newSize
            case .tick:
                ticks += 1
            }
            draw()
        }
        if let failure { throw failure }
    }
}

/// The `--report` mode: facts about how the program was started, for the runners' tests.
func report() -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    print("cwd: \(FileManager.default.currentDirectoryPath)")
    print("arguments: \(CommandLine.arguments.dropFirst().joined(separator: " "))")
    print("FIXTURE_VALUE: \(environment["FIXTURE_VALUE"] ?? "(unset)")")
    print("TERM: \(environment["TERM"] ?? "(unset)")")
    print("terminals: stdin \(isatty(STDIN_FILENO) == 1), stdout \(isatty(STDOUT_FILENO) == 1)")
    if isatty(STDIN_FILENO) == 0 {
        let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        print("stdin: \(input)")
    }
    FileHandle.standardError.write(Data("report done\n".utf8))
    return 0
}

@MainActor
func main() async -> Int32 {
    if CommandLine.arguments.contains("--report") { return report() }
    let session: TerminalSession
    do {
        session = try TerminalSession.start()
    } catch {
        FileHandle.standardError.write(Data("pty-echo-fixture: \(error)\n".utf8))
        return 2
    }
    defer { session.restore() }
    do {
        try await Fixture(session: session).run()
        return 0
    } catch {
        session.restore()
        FileHandle.standardError.write(Data("pty-echo-fixture: \(error)\n".utf8))
        return 1
    }
}

exit(await main())
