import Foundation
@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

@testable import ReSwiftDevTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `reswift-inspect <app>` under a pseudo-terminal, attached to a real app: `todo`
/// (itself interactive under a pseudo-terminal) and a time-travel store in this process.
@Suite(.serialized, .timeLimit(.minutes(3))) struct InspectorTUIEndToEndTests {
    @Test func showsTodosActionsDiffAndStateFiltersPausesAndQuitsRestoringTheTerminal() async throws {
        let folder = try TemporaryDirectory(prefix: "rit-tui", shortPath: true)
        let runtime = folder.path
        let todo = try await startTodo(in: runtime)

        let inspector = try PseudoTerminal(
            product: "reswift-inspect", arguments: ["todo"], environment: ["XDG_RUNTIME_DIR": runtime],
            size: .init(columns: 110, rows: 26))
        try await inspector.screen(showing: "reswift-inspect · todo (pid \(todo.processIdentifier))")
        try await inspector.screen(showing: "▾ TodoAppState {2}")

        func add(_ title: String) async throws {
            try todo.send("a")
            try await todo.screen(showing: "Add:")
            try todo.send(title)
            try todo.send(PseudoTerminal.Keys.enter)
            try await todo.screen(showing: "[ ] \(title)")
        }
        try await add("Buy milk")
        try await inspector.screen(showing: "AddTodo")

        // Only AddTodo through the filter; being the newest shown, it is selected, with its diff.
        try inspector.send("/AddT")
        try await inspector.screen(showing: "Filter by type: AddT")
        try inspector.send(PseudoTerminal.Keys.enter)
        var screen = try await inspector.screen(showing: "Actions 1  /AddT")
        #expect(!screen.contains("BeginAddingTodo"))
        try await inspector.screen(showing: #"payload: {"title":"Buy milk"}"#)
        try await inspector.screen(showing: #"+ list.items[0]: TodoItem("#)

        // The state tree, as the app sent it, opened down to the item's title.
        try inspector.send(PseudoTerminal.Keys.tab)
        try inspector.send(PseudoTerminal.Keys.down + PseudoTerminal.Keys.right)
        try await inspector.screen(showing: "▸ items [1]")
        try inspector.send(PseudoTerminal.Keys.down + PseudoTerminal.Keys.enter)
        try inspector.send(PseudoTerminal.Keys.down + PseudoTerminal.Keys.enter)
        try await inspector.screen(showing: #"title: "Buy milk""#)

        // Paused, the app sends nothing; resumed, it streams again.
        try inspector.send(" ")
        try await inspector.screen(showing: "paused")
        try await add("Walk the dog")
        try await add("Feed the cat")
        try inspector.send(" ")
        try await inspector.screen(showing: "live")
        try await add("Call mum")
        try await inspector.screen(showing: #"payload: {"title":"Call mum"}"#)
        screen = try await inspector.screen(showing: "Actions 2  /AddT")
        #expect(!screen.contains("Walk the dog"))

        try inspector.send("q")
        #expect(try inspector.waitForExit() == 0)
        try inspector.verifyTerminalRestored()

        try await add("Still working")
        try todo.send("q")
        #expect(try todo.waitForExit() == 0)
    }

    @Test func travelsToTheSelectedActionsStateAndBackThenCtrlCExitsWith130() async throws {
        let app = try TimeTravelApp()
        let inspector = try PseudoTerminal(
            product: "reswift-inspect", arguments: ["travel"], environment: app.environment,
            size: .init(columns: 100, rows: 24))
        try await inspector.screen(showing: "reswift-inspect · travel (pid \(getpid()))")
        try await eventually("the inspector is connected") { app.endpoint.statistics.connections == 1 }
        app.store.dispatch(AddItem(name: "milk"))
        app.store.dispatch(AddItem(name: "eggs"))
        try await inspector.screen(showing: #"payload: {"name":"eggs"}"#)

        try inspector.send(PseudoTerminal.Keys.up)
        try await inspector.screen(showing: #"payload: {"name":"milk"}"#)
        try inspector.send("t")
        try await eventually("the app is back at the state after milk") {
            app.store.state.current.items == ["milk"]
        }
        try await inspector.screen(showing: "time travel: after #")
        try await inspector.screen(showing: "JumpToStep")
        try inspector.send(PseudoTerminal.Keys.tab + PseudoTerminal.Keys.down + PseudoTerminal.Keys.right)
        try await inspector.screen(showing: #"[0]: "milk""#)
        var screen = inspector.screen
        #expect(!screen.contains(#"[1]: "eggs""#))

        try inspector.send("b")
        try await eventually("the app is at the present again") {
            app.store.state.current.items == ["milk", "eggs"]
        }
        screen = try await inspector.screen(showing: #"[1]: "eggs""#)
        #expect(screen.contains("live"))

        try inspector.send(PseudoTerminal.Keys.ctrlC)
        #expect(try inspector.waitForExit() == 130)
        try inspector.verifyTerminalRestored()
    }

    @Test func startsFromASocketPathAloneAsTheUsageSays() async throws {
        let app = try InspectedApp()
        let inspector = try PseudoTerminal(
            product: "reswift-inspect", arguments: ["--socket", app.endpoint.socketPath],
            environment: app.environment, size: .init(columns: 100, rows: 20))
        try await inspector.screen(showing: "reswift-inspect · shopping (pid \(getpid()))")
        try inspector.send("q")
        #expect(try inspector.waitForExit() == 0)

        let help = try runProduct("reswift-inspect", arguments: ["--help"])
        #expect(help.standardOutput.contains("reswift-inspect --socket <path>"))
        #expect(!help.standardOutput.contains("<pid|app> [--socket"))
        let both = try runProduct(
            "reswift-inspect", arguments: ["shopping", "--socket", app.endpoint.socketPath],
            environment: app.environment)
        #expect(both.status == 2)
        #expect(both.standardError.contains("--socket or an app, not both"))
    }

    @Test func refusesToRunWithoutATerminalAndPointsToTail() throws {
        let app = try InspectedApp()
        let run = try runProduct("reswift-inspect", arguments: ["shopping"], environment: app.environment)
        #expect(run.status == 1)
        #expect(run.standardError.contains("needs a terminal"))
        #expect(run.standardError.contains("reswift-inspect tail"))
        let missing = try runProduct(
            "reswift-inspect", arguments: ["nosuchapp"], environment: app.environment)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no inspectable app \"nosuchapp\""))
        #expect(missing.standardError.contains("The commands are list, tail, record and gen-test"))
        let mistyped = try runProduct("reswift-inspect", arguments: ["tial"], environment: app.environment)
        #expect(mistyped.status == 2)
        #expect(mistyped.standardError.contains("did you mean tail?"))
    }

    @Test func helpDescribesTheInspectorAndItsKeys() throws {
        let run = try runProduct("reswift-inspect", arguments: ["--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("reswift-inspect <pid|app>"))
        #expect(run.standardOutput.contains("KEYS"))
        #expect(run.standardOutput.contains("time travel to the selected action's state"))
    }
}

/// A store in this process whose reducer is wrapped in `timeTravelReducer`, inspectable as
/// "travel".
final class TimeTravelApp {
    /// A short folder, so that the app's socket path fits `sun_path`.
    private let folder: TemporaryDirectory
    let runtime: String
    let store: Store<TimeTravelState<ShoppingState>>
    let endpoint: InspectorEndpoint

    init() throws {
        folder = try TemporaryDirectory(prefix: "rit", shortPath: true)
        runtime = folder.path
        let started = Locked<InspectorEndpoint?>(nil)
        let middleware: Middleware<TimeTravelState<ShoppingState>> = makeInspectorMiddleware(
            app: "travel", environment: ["RESWIFT_INSPECT": "1", "XDG_RUNTIME_DIR": runtime]
        ) { endpoint in started.withLock { $0 = endpoint } }
        store = Store(reducer: timeTravelReducer(shoppingReducer), state: nil, middleware: [middleware])
        guard let endpoint = started.withLock({ $0 }) else { throw InspectTestError("no endpoint") }
        self.endpoint = endpoint
    }

    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime] }
}
