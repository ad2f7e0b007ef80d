import ArgumentParsing
import Foundation
import ReSwift
import ReSwiftDevTools
import ReSwiftPersistence
import ReSwiftRouter
import ReSwiftThunk
import TerminalUI

/// The `memory-game` program: reads the command line, then plays the game on the terminal.
public enum MemoryGameCommand {
    /// What the command line asks for before any terminal work.
    enum Launch: Equatable {
        /// Print `output` to standard output and `error` to standard error, then exit with `status`.
        case finish(status: Int32, output: String, error: String)
        /// Play with these options.
        case play(LaunchOptions)
    }

    /// Runs `memory-game` with the process's environment and standard streams.
    ///
    /// - Parameters:
    ///   - arguments: The command line without the program name.
    ///   - environment: The environment (`MEMORY_GAME_API_BASE`, `NO_COLOR`, …).
    /// - Returns: The exit status: 0 done (or `q`), 1 not carried out (no terminal, unreadable
    ///   settings), 2 bad options, 130 interrupted with Ctrl-C.
    @MainActor
    public static func main(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        switch launch(arguments: arguments, environment: environment) {
        case .finish(let status, let output, let error):
            ProgramOutput.output(output)
            ProgramOutput.error(error)
            return status
        case .play(let options):
            return await play(options, environment: environment)
        }
    }

    /// Decides what the command line asks for: help, the version, a usage error, or a game.
    static func launch(arguments: [String], environment: [String: String]) -> Launch {
        do {
            switch try LaunchParser.parse(arguments, environment: environment) {
            case .help: return .finish(status: ExitStatus.success, output: LaunchParser.help, error: "")
            case .version:
                return .finish(status: ExitStatus.success, output: LaunchParser.version + "\n", error: "")
            case .run(let options): return .play(options)
            }
        } catch {
            return .finish(
                status: ExitStatus.usage, output: "", error: error.report(for: LaunchParser.declaration))
        }
    }

    /// The store the game runs on: the inspector's and the thunk middleware.
    ///
    /// - Parameter state: The state to start from (the saved settings applied).
    static func makeStore(state: AppState) -> Store<AppState> {
        Store<AppState>(
            reducer: makeAppReducer(), state: state,
            middleware: [createInspectorMiddleware(app: "memory-game"), createThunkMiddleware()])
    }

    /// Where the game's albums and cards come from, as the options say.
    static func makeEnvironment(_ options: LaunchOptions) -> GameEnvironment {
        GameEnvironment(
            liveSource: options.offline
                ? nil : ITunesSearchClient(baseURL: options.apiBase, timeout: options.requestTimeout),
            random: RandomSource(seed: options.seed ?? UInt64.random(in: .min ... .max)),
            mismatchDelay: options.mismatchDelay)
    }

    /// Plays until `q` or Ctrl-C, then gives the terminal back.
    @MainActor
    private static func play(_ options: LaunchOptions, environment: [String: String]) async -> Int32 {
        let session: TerminalSession
        do {
            session = try TerminalSession.start()
        } catch {
            ProgramOutput.error("memory-game: \(error)\n")
            return ExitStatus.failure
        }

        // Problems with the settings file are shown on screen (see ProblemRelay), not printed
        // under raw mode.
        let problems = ProblemRelay()
        let storage = SettingsStorage(url: SettingsStorage.defaultURL(), problemHandler: problems.report)
        let saved: Settings?
        do {
            saved = try storage.restore()
        } catch {
            session.restore()
            ProgramOutput.error("memory-game: \(error)\n")
            return ExitStatus.failure
        }
        let store = makeStore(state: SettingsStorage.initialState(saved: saved, requested: options.category))
        let persister = storage.persist(store)

        let loop = EventLoop(session: session, tickInterval: 0.1)
        let screens = GameScreens(
            store: store, loop: loop,
            renderer: Renderer(session: session, colorSupport: .detect(environment: environment)),
            dispatcher: IntentDispatcher(store: store, environment: makeEnvironment(options)),
            size: session.size)
        problems.connect { message in loop.post { screens.show(notice: message) } }
        let router = Router(store: store, rootRoutable: RootRoutable(presenter: screens)) {
            $0.select { $0.navigationState }
        }
        store.dispatch(SetRouteAction(Routes.menuRoute))

        // q quits with 0; Ctrl-C (a key in raw mode, not a signal) quits with 130, as a shell expects.
        var interrupted = false
        _ = await loop.run { event in
            if !screens.handle(event) {
                if case .key(let key) = event, key.isInterrupt { interrupted = true }
                loop.stop()
            }
        }
        withExtendedLifetime(router) {}
        persister.flush()
        session.restore()
        return interrupted ? ExitStatus.interrupted : ExitStatus.success
    }
}
