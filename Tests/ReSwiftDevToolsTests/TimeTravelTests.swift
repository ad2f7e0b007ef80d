import ReSwift
import ReSwiftDevTools
import TestSupport
import Testing

@Suite struct TimeTravelTests {
    func makeStore(historyLimit: Int? = nil) -> Store<TimeTravelState<TodoState>> {
        Store(reducer: timeTravelReducer(todoReducer, historyLimit: historyLimit), state: nil)
    }

    func titles(_ store: Store<TimeTravelState<TodoState>>) -> [String] {
        store.state.current.todos.map(\.title)
    }

    @Test func startsWithTheReducersInitialState() {
        let store = makeStore()
        #expect(store.state.steps.count == 1)
        #expect(store.state.steps[0].action == "ReSwiftInit()")
        #expect(store.state.current == TodoState())
        #expect(!store.state.canStepBack)
        #expect(!store.state.canStepForward)
    }

    @Test func recordsEachActionAsAStep() {
        let store = makeStore()
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(AddTodo(title: "b"))
        #expect(
            store.state.steps.map(\.action) == [
                "ReSwiftInit()", "AddTodo(title: \"a\")", "AddTodo(title: \"b\")",
            ])
        #expect(store.state.currentIndex == 2)
        #expect(titles(store) == ["a", "b"])
    }

    @Test func stepsBackAndForward() {
        let store = makeStore()
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(AddTodo(title: "b"))

        store.dispatch(StepBack())
        #expect(titles(store) == ["a"])
        #expect(store.state.canStepForward)
        store.dispatch(StepBack())
        #expect(titles(store) == [])
        store.dispatch(StepBack())
        #expect(titles(store) == [])
        #expect(store.state.currentIndex == 0)

        store.dispatch(StepForward())
        #expect(titles(store) == ["a"])
        store.dispatch(StepForward())
        store.dispatch(StepForward())
        #expect(titles(store) == ["a", "b"])
        #expect(store.state.currentIndex == 2)
        #expect(store.state.steps.count == 3)
    }

    @Test func jumpsToAnyStateClampingToTheHistory() {
        let store = makeStore()
        for title in ["a", "b", "c"] { store.dispatch(AddTodo(title: title)) }

        store.dispatch(JumpToState(index: 1))
        #expect(titles(store) == ["a"])
        store.dispatch(JumpToState(index: 3))
        #expect(titles(store) == ["a", "b", "c"])
        store.dispatch(JumpToState(index: -5))
        #expect(store.state.currentIndex == 0)
        store.dispatch(JumpToState.latest)
        #expect(store.state.currentIndex == 3)
    }

    @Test func newActionAfterGoingBackDropsTheFuture() {
        let store = makeStore()
        for title in ["a", "b", "c"] { store.dispatch(AddTodo(title: title)) }
        store.dispatch(JumpToState(index: 1))

        store.dispatch(AddTodo(title: "x"))
        #expect(titles(store) == ["a", "x"])
        #expect(store.state.steps.count == 3)
        #expect(!store.state.canStepForward)
        store.dispatch(StepForward())
        #expect(titles(store) == ["a", "x"])
        store.dispatch(StepBack())
        #expect(titles(store) == ["a"])
    }

    @Test func boundedHistoryKeepsTheNewestStates() {
        let store = makeStore(historyLimit: 3)
        for title in ["a", "b", "c", "d"] { store.dispatch(AddTodo(title: title)) }
        #expect(store.state.steps.count == 3)
        #expect(store.state.states.map { $0.todos.count } == [2, 3, 4])
        #expect(store.state.currentIndex == 2)

        store.dispatch(JumpToState(index: 0))
        #expect(titles(store) == ["a", "b"])
        store.dispatch(StepBack())
        #expect(titles(store) == ["a", "b"])
    }

    @Test func historyLimitOfOneKeepsOnlyThePresent() {
        let store = makeStore(historyLimit: 1)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(StepBack())
        #expect(store.state.steps.count == 1)
        #expect(titles(store) == ["a"])
    }

    @Test func appReducerNeverSeesTimeTravelActions() {
        let seen = Collected<String>()
        let reducer: Reducer<TodoState> = { action, state in
            seen.append(String(describing: type(of: action)))
            return todoReducer(action: action, state: state)
        }
        let store = Store(reducer: timeTravelReducer(reducer), state: TimeTravelState(TodoState()))
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(StepBack())
        store.dispatch(StepForward())
        store.dispatch(JumpToState(index: 0))
        #expect(seen.all == ["AddTodo"])
        #expect(store.state.steps.map(\.action) == ["initial state", "AddTodo(title: \"a\")"])
    }

    @Test func subscribersSelectingTheCurrentStateSeeTravel() {
        let store = makeStore()
        let seen = Collected<Int>()
        let token = store.subscribe(transform: { $0.select(\.current.todos.count) }) { seen.append($0) }
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(StepBack())
        store.dispatch(StepForward())
        #expect(seen.all == [0, 1, 0, 1])
        token.cancel()
    }
}

/// The in-place form, `timeTravelReducer(inPlace:)`, with jumps inside the history: a jump to 0 or
/// past the end clamps, and would hide a jump that lands one step off.
@Suite struct InPlaceTimeTravelTests {
    static func reduceTodos(_ action: Action, _ state: inout TodoState) {
        state = todoReducer(action: action, state: state)
    }

    func makeStore(historyLimit: Int? = nil) -> Store<TimeTravelState<TodoState>> {
        Store(
            reducer: timeTravelReducer(inPlace: Self.reduceTodos, historyLimit: historyLimit),
            state: TimeTravelState(TodoState()))
    }

    func titles(_ store: Store<TimeTravelState<TodoState>>) -> [String] {
        store.state.current.todos.map(\.title)
    }

    @Test func theStoresInitIsNotAStep() {
        let store = makeStore()
        #expect(store.state.steps.count == 1)
        #expect(store.state.currentIndex == 0)
    }

    @Test func jumpsToEachStateInsideTheHistory() {
        let store = makeStore()
        for title in ["a", "b", "c"] { store.dispatch(AddTodo(title: title)) }

        store.dispatch(JumpToState(index: 1))
        #expect(store.state.currentIndex == 1)
        #expect(titles(store) == ["a"])
        store.dispatch(JumpToState(index: 2))
        #expect(store.state.currentIndex == 2)
        #expect(titles(store) == ["a", "b"])
        store.dispatch(JumpToState(index: 3))
        #expect(titles(store) == ["a", "b", "c"])
    }

    @Test func stepsBackAndForwardOneStateAtATime() {
        let store = makeStore()
        for title in ["a", "b"] { store.dispatch(AddTodo(title: title)) }

        store.dispatch(StepBack())
        #expect(titles(store) == ["a"])
        store.dispatch(StepBack())
        #expect(titles(store) == [])
        store.dispatch(StepForward())
        #expect(titles(store) == ["a"])
    }

    @Test func aNewActionAfterAJumpStartsFromTheStateJumpedTo() {
        let store = makeStore()
        for title in ["a", "b", "c"] { store.dispatch(AddTodo(title: title)) }
        store.dispatch(JumpToState(index: 2))

        store.dispatch(AddTodo(title: "x"))
        #expect(titles(store) == ["a", "b", "x"])
        #expect(store.state.steps.count == 4)
        #expect(!store.state.canStepForward)
    }

    @Test func boundedHistoryJumpsByIndexInTheKeptStates() {
        let store = makeStore(historyLimit: 3)
        for title in ["a", "b", "c", "d"] { store.dispatch(AddTodo(title: title)) }
        #expect(store.state.states.map { $0.todos.count } == [2, 3, 4])

        store.dispatch(JumpToState(index: 1))
        #expect(titles(store) == ["a", "b", "c"])
    }
}
