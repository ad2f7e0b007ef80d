// Run after the "Travel in time" program of ReSwiftDevTools' "Debugging with DevTools" (GuideProgramTests):
// its logger, in a time-travelling store, logs the current state's changes only (the test
// reads them on standard error).
import ReSwift
import ReSwiftDevTools
import Testing

@MainActor @Test func theLoggerComparesTheCurrentStates() {
    let store = Store(reducer: timeTravelReducer(appReducer), state: nil, middleware: [logger])
    store.dispatch(AddTodo(title: "milk"))
    store.dispatch(StepBack())
    #expect(store.state.current.todos.isEmpty)
}
