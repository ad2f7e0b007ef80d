@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDevTools
import Testing

// The code of the "Profiling" part of Sources/ReSwift/ReSwift.docc/DerivedStateAndProfiling.md,
// run as written (with the budget lowered so every dispatch goes over it). Keep the two in step.

final class SlowDispatches: StoreInstrumentation {
    let budgetNanoseconds: UInt64
    private let found = Locked<[String]>([])

    init(budgetNanoseconds: UInt64) {
        self.budgetNanoseconds = budgetNanoseconds
    }

    var reports: [String] { found.withLock { $0 } }

    func storeDidDispatch(_ measurement: DispatchMeasurement) {
        guard measurement.totalNanoseconds > budgetNanoseconds else { return }
        let slowest = measurement.subscribers.max { $0.nanoseconds < $1.nanoseconds }
        let site = measurement.origin.callSite.map { " from \($0)" } ?? ""
        found.withLock {
            $0.append("\(measurement.actionTypeName)\(site): slowest \(slowest?.subscriber.typeName ?? "-")")
        }
    }
}

@Suite struct ProfilingArticleTests {
    @Test func theProfilingPartRunsAsWritten() {
        let store = Store<TodoState>(reducer: todoReducer, state: nil)
        let listView = TodoListView()
        store.subscribe(listView) { $0.select(\.todos) }

        let slow = SlowDispatches(budgetNanoseconds: 0)
        store.instrumentation = slow
        let line: UInt = #line
        store.dispatch(AddTodo(title: "milk"), file: #fileID, line: line)
        store.dispatch(Tick())

        #expect(
            slow.reports == [
                "AddTodo from ReSwiftTests/ProfilingArticleTests.swift:\(line): slowest TodoListView",
                "Tick: slowest TodoListView",
            ])
        #expect(listView.rows == ["milk"])

        store.instrumentation = nil
        store.dispatch(Tick())
        #expect(slow.reports.count == 2)
    }
}
