import ArgumentParsing
import Foundation
import MemoryGameModel
import ReSwift
import ReSwiftDevTools
import ReSwiftPersistence
import ReSwiftQuery
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
    public static func run(
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
            switch try MemoryGameInvocation.parse(arguments, environment: environment) {
            case .help: return .finish(status: ExitStatus.success, output: MemoryGameHelp.usage, error: "")
            case .version:
                return .finish(status: ExitStatus.success, output: MemoryGameHelp.version + "\n", error: "")
            case .play(let options): return .play(options)
            }
        } catch {
            return .finish(
                status: ExitStatus.usage, output: "", error: error.report(for: MemoryGameHelp.declaration))
        }
    }

    /// The store the game runs on: the inspector's, the thunk and the album query middleware.
    ///
    /// - Parameters:
    ///   - state: The state to start from (the saved settings and albums applied).
    ///   - albums: The live service; `nil` offline.
    static func makeStore(state: AppState, albums: (any AlbumSource)? = nil) -> Store<AppState> {
        Store<AppState>(
            reducer: makeInPlaceAppReducer(), state: state,
            middleware: [
                createInspectorMiddleware(app: "memory-game"), createThunkMiddleware(),
                AlbumQuery.middleware(albums),
            ])
    }

    /// How many states the game keeps for time travel when it is inspected.
    static let timeTravelHistoryLimit = 500

    /// The store the game runs on when it is inspected (`RESWIFT_INSPECT=1`): its reducer is
    /// wrapped in time travel (the last ``timeTravelHistoryLimit`` states), so the inspector can
    /// take the game back to any earlier state and forward again. The thunk middleware sees the
    /// app's state (the one the history is at), so the game's thunks are the same as without.
    ///
    /// - Parameters:
    ///   - state: The state to start from (the saved settings applied).
    ///   - environment: Where the inspector reads `RESWIFT_INSPECT` and its folder.
    static func makeTravellingStore(
        state: AppState, environment: [String: String], albums: (any AlbumSource)? = nil
    ) -> Store<TimeTravelState<AppState>> {
        Store(
            reducer: timeTravelReducer(
                inPlace: makeInPlaceAppReducer(), historyLimit: timeTravelHistoryLimit),
            state: TimeTravelState(state),
            middleware: [
                createInspectorMiddleware(app: "memory-game", environment: environment),
                focused(createThunkMiddleware(), on: \.current),
                focused(AlbumQuery.middleware(albums), on: \.current),
            ])
    }

    /// `middleware` of the app's state, on a store whose state holds it at `part`.
    static func focused<Root>(
        _ middleware: @escaping Middleware<AppState>, on part: KeyPath<Root, AppState>
    ) -> Middleware<Root> {
        { dispatch, getState in middleware(dispatch, { getState()?[keyPath: part] }) }
    }

    /// Whether `environment` asks for the inspector (`RESWIFT_INSPECT=1`, as
    /// `createInspectorMiddleware` reads it).
    static func isInspected(_ environment: [String: String]) -> Bool {
        environment["RESWIFT_INSPECT"] == "1"
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
        var initial = SettingsStorage.initialState(saved: saved, requested: options.category)
        let albumCache = AlbumQuery.cacheFile(environment: environment, problemHandler: problems.report)
        let restored = AlbumQuery.restore(from: albumCache)
        initial.albums = restored.albums
        if let notice = restored.notice { problems.report(notice: notice) }
        let game = makeEnvironment(options)
        let loop = EventLoop(session: session, tickInterval: 0.1)
        let renderer = Renderer(session: session, colorSupport: .detect(environment: environment))
        let wiring: Wiring
        if isInspected(environment) {
            let store = makeTravellingStore(state: initial, environment: environment, albums: game.liveSource)
            wiring = wire(
                store, app: \.current, GameStore(travelling: store), loop: loop, renderer: renderer,
                size: session.size, game: game, storage: storage, albumCache: albumCache, problems: problems)
        } else {
            let store = makeStore(state: initial, albums: game.liveSource)
            wiring = wire(
                store, app: \.self, GameStore(store), loop: loop, renderer: renderer, size: session.size,
                game: game, storage: storage, albumCache: albumCache, problems: problems)
        }
        let screens = wiring.screens

        // q quits with 0; Ctrl-C (a key in raw mode, not a signal) quits with 130, as a shell expects.
        var interrupted = false
        _ = await loop.run { event in
            if !screens.handle(event) {
                if case .key(let key) = event, key.isInterrupt { interrupted = true }
                loop.stop()
            }
        }
        withExtendedLifetime(wiring.router) {}
        wiring.flush()
        session.restore()
        return interrupted ? ExitStatus.interrupted : ExitStatus.success
    }

    /// What ``wire(_:app:_:loop:renderer:size:game:storage:albumCache:problems:)`` made.
    @MainActor
    struct Wiring {
        /// The screens, which handle the loop's events.
        let screens: GameScreens
        /// The router; keep it alive while the game runs.
        let router: AnyObject
        /// Saves the settings not saved yet.
        let flush: () -> Void
    }

    /// Connects the screens, the router and the settings to `store`, whose state holds the app's
    /// at `app`, and shows the menu.
    @MainActor
    private static func wire<Root>(
        _ store: Store<Root>, app: KeyPath<Root, AppState>, _ gameStore: GameStore, loop: EventLoop,
        renderer: Renderer, size: TerminalSize, game: GameEnvironment, storage: SettingsStorage,
        albumCache: PersistedFile<QuerySnapshot<MusicCategory, [Album]>>, problems: ProblemRelay
    ) -> Wiring {
        let persister = storage.persist(store, app: app)
        // The last good albums per category; a cache from a newer version is only read.
        let albums =
            store.state[keyPath: app].albums.restoreProblem == nil
            ? StatePersister(
                store: store, file: albumCache, select: { $0[keyPath: app].albums.lastGoodAnswers })
            : nil
        let screens = GameScreens(
            store: gameStore, loop: loop, renderer: renderer,
            dispatcher: IntentDispatcher(store: gameStore, environment: game), size: size)
        problems.connect { message in loop.post { screens.show(notice: message) } }
        let router = Router(store: store, rootRoutable: RootRoutable(presenter: screens)) {
            $0.select { $0[keyPath: app].navigationState }
        }
        store.dispatch(SetRouteAction(Routes.menuRoute))
        return Wiring(
            screens: screens, router: router,
            flush: {
                persister.flush()
                albums?.flush()
            })
    }
}
