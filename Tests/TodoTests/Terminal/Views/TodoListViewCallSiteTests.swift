@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDevTools
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// Keeps the type and call site of each action the store reports.
private final class CallSiteLog: StoreInstrumentation {
    let entries = Locked<[(action: String, callSite: CallSite?)]>([])

    func storeDidDispatch(_ measurement: DispatchMeasurement) {
        entries.withLock { $0.append((measurement.actionTypeName, measurement.origin.callSite)) }
    }
}

@Suite struct TodoListViewCallSiteTests {
    @Test func eachGestureDispatchesWithTheViewsLineAsItsCallSite() throws {
        let list = TodoState(items: [
            TodoItem(id: 1, title: "Buy milk"), TodoItem(id: 2, title: "Walk the dog"),
        ])
        let store = Store(reducer: todoAppReducer, state: TodoAppState(list: list))
        let log = CallSiteLog()
        store.instrumentation = log
        let view = TodoListView(store: store)

        view.moveSelection(by: 1)
        view.toggleSelected()

        let entries = log.entries.withLock { $0 }
        #expect(entries.map(\.action) == ["MoveSelection", "ToggleTodo"])
        let sites = entries.compactMap(\.callSite)
        #expect(sites.count == 2)
        #expect(sites.allSatisfy { $0.fileID.description == "TodoTerminal/TodoListView.swift" })
        #expect(Set(sites.map(\.line)).count == 2)
        #expect(store.state.list.items.first { $0.id == 2 }?.isDone == true)
    }
}
