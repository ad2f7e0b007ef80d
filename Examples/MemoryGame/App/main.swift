import ArgumentParsing
import Foundation
import MemoryGameCore
import ReSwift
import ReSwiftPersistence
import ReSwiftRouter
import ReSwiftThunk
import TerminalUI

/// Prints `message` on standard error, control characters (from a path or an argument) shown as
/// placeholders, and exits.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(
        Data("memory-game: \(TerminalText.sanitized(message, layout: .multiline))\n".utf8))
    exit(status)
}

let options: LaunchOptions
do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch try LaunchParser.parse(arguments, environment: ProcessInfo.processInfo.environment) {
    case .help:
        print(LaunchParser.help, terminator: "")
        exit(ExitStatus.success)
    case .version:
        print(LaunchParser.version)
        exit(ExitStatus.success)
    case .run(let launchOptions):
        options = launchOptions
    }
} catch {
    let report = TerminalText.sanitized(error.report(for: LaunchParser.declaration), layout: .multiline)
    FileHandle.standardError.write(Data(report.utf8))
    exit(ExitStatus.usage)
}

let session: TerminalSession
do {
    session = try TerminalSession.start()
} catch {
    fail("\(error)", status: ExitStatus.failure)
}

// Problems with the settings file are shown on screen (see ProblemRelay), not printed under raw mode.
let problems = ProblemRelay()
let storage = SettingsStorage(url: SettingsStorage.defaultURL(), problemHandler: problems.report)
let saved: Settings?
do {
    saved = try storage.restore()
} catch {
    session.restore()
    fail("\(error)", status: ExitStatus.failure)
}
let store = Store<AppState>(
    reducer: makeAppReducer(), state: SettingsStorage.initialState(saved: saved, requested: options.category),
    middleware: [createThunkMiddleware()])
let persister = storage.persist(store)
let environment = GameEnvironment(
    liveSource: options.offline
        ? nil : ITunesSearchClient(baseURL: options.apiBase, timeout: options.requestTimeout),
    random: RandomSource(seed: options.seed ?? UInt64.random(in: .min ... .max)),
    mismatchDelay: options.mismatchDelay)

let loop = EventLoop(session: session, tickInterval: 0.1)
let screens = GameScreens(
    store: store, loop: loop,
    renderer: Renderer(
        session: session, colorSupport: .detect(environment: ProcessInfo.processInfo.environment)),
    dispatcher: IntentDispatcher(store: store, environment: environment), size: session.size)
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
persister.flush()
session.restore()
exit(interrupted ? ExitStatus.interrupted : ExitStatus.success)
