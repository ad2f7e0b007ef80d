import ReSwift
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// The app's store reduces in place: a change to one item of a long list leaves the list's
/// storage where it was, instead of copying every item.
@Suite struct TodoInPlaceTests {
    private func itemsAddress(_ store: Store<TodoAppState>) -> UInt {
        // The copy of the state read here is gone when this returns.
        store.state.list.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    @Test func togglingAnItemOfTenThousandCopiesNoItems() {
        // Built in place, so that the store holds the only reference to the items.
        let store = Store(
            reducer: reduceTodoApp,
            state: TodoAppState(
                list: TodoState(items: (1...10_000).map { TodoItem(id: $0, title: "Item \($0)") })))
        let token = store.subscribe(transform: { $0.select(\.screen.selection) }) { _ in }
        let before = itemsAddress(store)
        store.dispatch(ToggleTodo(id: 5_000))
        store.dispatch(MoveSelection(by: 3))
        #expect(itemsAddress(store) == before)
        #expect(store.state.list.items[4_999].isDone)
        token.cancel()
    }

    @Test func theClassicFormGivesTheSameStates() {
        let start = TodoAppState(list: TodoState(items: [TodoItem(id: 1, title: "Milk")]))
        let actions: [Action] = [
            ToggleTodo(id: 1), AddTodo(title: "Dog"), MoveSelection(by: 1), UndoTodoChange(),
        ]
        var inPlace = start
        var classic = start
        for action in actions {
            reduceTodoApp(action, into: &inPlace)
            classic = todoAppReducer(action: action, state: classic)
            #expect(inPlace == classic, "after \(action)")
        }
        #expect(inPlace.list.items.map(\.isDone) == [true])
    }
}
