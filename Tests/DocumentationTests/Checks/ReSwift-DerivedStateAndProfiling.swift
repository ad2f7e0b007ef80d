// Run after the program of ReSwift's "Derived State and Profiling" (GuideProgramTests): its
// selectors compute once per change of their inputs and hand every subscriber the same value,
// and its instrumentation reports each dispatch over the budget with its slowest subscriber.
import ReSwift
import ReSwiftDevTools
import Testing

@MainActor @Test func theSelectorsComputeOncePerChangeAndEveryViewShowsTheirValue() {
    // "Deriving a value": the Tick changed nothing the selector reads.
    #expect(shown.isEmpty)
    #expect(cached == shown)

    // "Sharing one selector": the page added milk since; both views show the selector's value.
    let computed = visibleTodos.recomputations
    #expect(listView.rows == ["milk"])
    store.dispatch(AddTodo(title: "bread"))
    #expect(listView.rows == ["bread", "milk"], "sorted by title")
    #expect(visibleTodos.recomputations == computed + 1, "once for every subscriber")
    store.dispatch(SetFilter(filter: .open))
    store.dispatch(ToggleTodo(id: 0))
    #expect(listView.rows == ["bread"])
    store.dispatch(Tick())
    #expect(visibleTodos.recomputations == computed + 3)

    // "Composing selectors": the outer one runs only when an inner one computed a new value.
    #expect(summary(store.state) == "1 shown, 1 open")
    store.dispatch(Tick())
    #expect(summary(store.state) == "1 shown, 1 open")
    #expect(summary.recomputations == 1)

    // "Parameterized selectors": one selector per parameter, kept while used; the page read
    // it before adding milk.
    #expect(milkTodos.isEmpty)
    #expect(searchView.rows == ["milk"])
    #expect(todosMatching("milk") === todosMatching("milk"))
    let matching = todosMatching("milk").recomputations
    #expect(todosMatching("milk", store.state).map(\.title) == ["milk"])
    store.dispatch(SetFilter(filter: .all))
    #expect(todosMatching("milk", store.state).map(\.title) == ["milk"])
    #expect(todosMatching("milk").recomputations == matching, "the filter is no input of it")
}

@MainActor @Test func slowDispatchesNamesTheActionItsCallSiteAndItsSlowestSubscriber() {
    // A store of its own with one view, and every dispatch over a budget of 0.
    let store = Store<TodoState>(reducer: todoReducer, state: nil)
    let listView = TodoListView()
    store.subscribe(listView) { $0.select(visibleTodos) }
    let everything = SlowDispatches(budgetNanoseconds: 0)
    store.instrumentation = everything
    let line: UInt = #line
    store.dispatch(AddTodo(title: "eggs"), file: "App/Input.swift", line: line)
    store.dispatch(Tick())
    #expect(
        everything.reports == [
            "AddTodo from App/Input.swift:\(line): slowest TodoListView", "Tick: slowest TodoListView",
        ])
    #expect(listView.rows == ["eggs"])
    store.instrumentation = nil
    store.dispatch(Tick())
    #expect(everything.reports.count == 2)
    // The page's own, with a 16 ms budget, reports the page's AddTodo only if it took that long.
    #expect(slow.reports.allSatisfy { $0.hasPrefix("AddTodo from ") })
}

@MainActor @Test func theDefaultInstrumentationProfilesStoresCreatedAfterIt() {
    let later = Store<TodoState>(reducer: todoReducer, state: nil)
    later.dispatch(Tick())
    #expect(later.instrumentation === profiler)
    #expect(profiler.report().table.contains("\nTick "))
}
