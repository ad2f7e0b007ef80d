import ReSwift
import ReSwiftDevTools
import TestSupport
import Testing

@Suite struct LoggingMiddlewareTests {
    let bold = "\u{1B}[1m"
    let dim = "\u{1B}[2m"
    let red = "\u{1B}[31m"
    let green = "\u{1B}[32m"
    let reset = "\u{1B}[0m"

    func makeStore(
        color: LogColor = .never,
        environment: [String: String] = [:],
        isTerminal: Bool = false,
        extra: [Middleware<TodoState>] = []
    ) -> (Store<TodoState>, Collected<String>) {
        let lines = Collected<String>()
        let sink = LogSink(isTerminal: isTerminal) { lines.append($0) }
        let logger: Middleware<TodoState> = createLoggingMiddleware(
            to: sink, color: color, environment: environment)
        let store = Store(reducer: todoReducer, state: TodoState(), middleware: extra + [logger])
        return (store, lines)
    }

    @Test func logsActionAndItsDifferencesWithoutColor() {
        let (store, log) = makeStore()
        store.dispatch(AddTodo(title: "milk"))
        store.dispatch(ToggleTodo(index: 0))
        #expect(
            log.all == [
                """
                ▸ AddTodo(title: "milk")
                  + todos[0]: Todo(title: "milk", isDone: false)
                """,
                """
                ▸ ToggleTodo(index: 0)
                    todos[0].isDone: false → true
                """,
            ]
        )
    }

    @Test func logsActionsThatChangeNothing() {
        let (store, log) = makeStore()
        store.dispatch(Refresh())
        #expect(log.all == ["▸ Refresh()\n  (no state change)"])
    }

    @Test func colorsOutputWhenAskedTo() {
        let (store, log) = makeStore(color: .always)
        store.dispatch(SetFilter(filter: "done"))
        store.dispatch(Refresh())
        #expect(
            log.all == [
                "\(bold)▸ SetFilter(filter: \"done\")\(reset)\n"
                    + "    filter: \(red)\"all\"\(reset) → \(green)\"done\"\(reset)",
                "\(bold)▸ Refresh()\(reset)\n\(dim)  (no state change)\(reset)",
            ]
        )
    }

    @Test func automaticColorUsesColorOnATerminal() {
        let (store, log) = makeStore(
            color: .automatic, environment: ["TERM": "xterm-256color"], isTerminal: true)
        store.dispatch(SetFilter(filter: "done"))
        #expect(log.all.first?.contains("\u{1B}[") == true)
    }

    @Test func automaticColorRespectsNoColor() {
        let (store, log) = makeStore(color: .automatic, environment: ["NO_COLOR": "1"], isTerminal: true)
        store.dispatch(SetFilter(filter: "done"))
        #expect(log.all == ["▸ SetFilter(filter: \"done\")\n    filter: \"all\" → \"done\""])
    }

    @Test(arguments: [
        (["NO_COLOR": "1"], true, false),
        (["NO_COLOR": ""], true, true),
        (["TERM": "dumb"], true, false),
        ([:], false, false),
        ([:], true, true),
    ])
    func automaticColorDecision(environment: [String: String], isTerminal: Bool, expected: Bool) {
        let sink = LogSink(isTerminal: isTerminal) { _ in }
        #expect(LogColor.automatic.isEnabled(for: sink, environment: environment) == expected)
        #expect(LogColor.always.isEnabled(for: sink, environment: environment))
        #expect(!LogColor.never.isEnabled(for: sink, environment: environment))
    }

    @Test func closureSinkIsNotATerminal() {
        #expect(!LogSink.closure { _ in }.isTerminal)
    }

    @Test func filteredActionsPassOnWithoutBeingLogged() {
        let lines = Collected<String>()
        let logger: Middleware<TodoState> = createLoggingMiddleware(
            to: .closure { lines.append($0) },
            color: .never,
            where: { !($0 is SetFilter) }
        )
        let store = Store(reducer: todoReducer, state: TodoState(), middleware: [logger])
        store.dispatch(SetFilter(filter: "done"))
        store.dispatch(AddTodo(title: "a"))
        #expect(store.state.filter == "done")
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.hasPrefix("▸ AddTodo") == true)
    }

    @Test func selectingLogsOnlyThePartSelected() {
        let lines = Collected<String>()
        let logger: Middleware<TodoState> = createLoggingMiddleware(
            selecting: \.todos.count,
            to: .closure { lines.append($0) },
            color: .never
        )
        let store = Store(reducer: todoReducer, state: TodoState(), middleware: [logger])
        store.dispatch(AddTodo(title: "a"))
        #expect(lines.all == ["▸ AddTodo(title: \"a\")\n    (root): 0 → 1"])
    }

    @Test func actionsDispatchedByMiddlewareGetTheirOwnEntries() {
        // A middleware that turns Refresh into two actions, as a thunk would.
        let expand: Middleware<TodoState> = { dispatch, _ in
            { next in
                { action in
                    if action is Refresh {
                        dispatch(AddTodo(title: "a"))
                        dispatch(SetFilter(filter: "open"))
                    }
                    next(action)
                }
            }
        }
        let lines = Collected<String>()
        let logger: Middleware<TodoState> = createLoggingMiddleware(
            to: .closure { lines.append($0) }, color: .never)
        let store = Store(reducer: todoReducer, state: TodoState(), middleware: [logger, expand])
        store.dispatch(Refresh())
        #expect(
            lines.all == [
                "▸ Refresh()\n  (no state change)",
                "▸ AddTodo(title: \"a\")\n  + todos[0]: Todo(title: \"a\", isDone: false)",
                "▸ SetFilter(filter: \"open\")\n    filter: \"all\" → \"open\"",
            ]
        )
    }

    /// In a child process (`storeDeferralScenario`, its "logged" scenario): a store that ran the
    /// deferred action while still notifying would stop on its internal precondition, and take
    /// this process with it.
    @Test(.timeLimit(.minutes(3))) func actionDispatchedBySubscriberIsLoggedAfterTheOneThatTriggeredIt()
        throws
    {
        #expect(
            try storeDeferralScenario("logged") == [
                "▸ ReSwiftInit()", "  (no state change)", "▸ Increment()", "    value: 0 → 1",
                // The subscriber's rename, with its change from the state Increment made.
                "▸ SetName(name: \"one\")", "    name: \"counter\" → \"one\"",
                "returned one",
            ])
    }

    @Test func changesAfterANestedActionAreLoggedAsContinued() {
        // Dispatches AddTodo first, then lets Refresh reach a reducer that also changes the filter.
        let expand: Middleware<TodoState> = { dispatch, _ in
            { next in
                { action in
                    if action is Refresh { dispatch(AddTodo(title: "a")) }
                    next(action)
                }
            }
        }
        let reducer: Reducer<TodoState> = { action, state in
            var state = todoReducer(action: action, state: state)
            if action is Refresh { state.filter = "refreshed" }
            return state
        }
        let lines = Collected<String>()
        let logger: Middleware<TodoState> = createLoggingMiddleware(
            to: .closure { lines.append($0) }, color: .never)
        let store = Store(reducer: reducer, state: TodoState(), middleware: [logger, expand])
        store.dispatch(Refresh())
        #expect(
            lines.all == [
                "▸ Refresh()\n  (no state change)",
                "▸ AddTodo(title: \"a\")\n  + todos[0]: Todo(title: \"a\", isDone: false)",
                "▸ Refresh() (continued)\n    filter: \"all\" → \"refreshed\"",
            ]
        )
    }
}
