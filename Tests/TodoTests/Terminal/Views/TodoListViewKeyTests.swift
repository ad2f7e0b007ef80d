import ReSwift
import TerminalUI
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// Keys, as the interactive list receives them, mapped to the actions they dispatch.
@Suite struct TodoListViewKeyTests {
    private func makeStore(selection: Int = 0, editor: TodoEditor? = nil, message: String? = nil) -> Store<
        TodoAppState
    > {
        let list = TodoState(items: [
            TodoItem(id: 1, title: "Buy milk"),
            TodoItem(id: 2, title: "Walk the dog"),
            TodoItem(id: 3, title: "Write talk", isDone: true),
        ])
        let screen = TodoScreenState(selection: selection, editor: editor, message: message)
        return Store(reducer: todoAppReducer, state: TodoAppState(list: list, screen: screen))
    }

    /// The actions `keys` dispatch, captured instead of reduced.
    private func dispatched(by keys: [Key], in store: Store<TodoAppState>) -> [Action] {
        var actions: [Action] = []
        store.dispatchFunction = { actions.append($0) }
        let view = TodoListView(store: store)
        for key in keys { _ = view.handle(key) }
        return actions
    }

    @Test func dKeyDeletesTheSelectedTodo() {
        let actions = dispatched(by: [.character("d")], in: makeStore(selection: 2))
        #expect(actions.count == 1)
        #expect(actions.first as? RemoveTodo == RemoveTodo(id: 3))
    }

    @Test func spaceTogglesAndArrowsMove() {
        let actions = dispatched(by: [.down, .space, .up, .character("j"), .character("k")], in: makeStore())
        #expect(actions.count == 5)
        #expect(actions[0] as? MoveSelection == MoveSelection(by: 1))
        #expect(actions[1] as? ToggleTodo == ToggleTodo(id: 1))
        #expect(actions[2] as? MoveSelection == MoveSelection(by: -1))
        #expect(actions[3] as? MoveSelection == MoveSelection(by: 1))
        #expect(actions[4] as? MoveSelection == MoveSelection(by: -1))
    }

    @Test func lettersAreTextWhileTyping() {
        let actions = dispatched(
            by: [.character("d"), .character("q")], in: makeStore(editor: .adding(text: "")))
        #expect(actions.count == 2)
        #expect(actions[0] as? ChangeEditorText == ChangeEditorText("d", cursor: 1))
        #expect(actions.contains { $0 is RemoveTodo } == false)
    }

    @Test func escapeCancelsTyping() {
        let actions = dispatched(by: [.escape], in: makeStore(editor: .adding(text: "Half")))
        #expect(actions.count == 1)
        #expect(actions.first is CloseEditor)
    }

    @Test func theNextKeyDismissesAMessage() {
        let actions = dispatched(by: [.down], in: makeStore(message: "Nothing to undo."))
        #expect(actions.count == 2)
        #expect(actions[0] as? ShowTodoMessage == ShowTodoMessage(nil))
        #expect(actions[1] as? MoveSelection == MoveSelection(by: 1))
    }

    @Test func qAndCtrlCQuit() {
        let view = TodoListView(store: makeStore())
        #expect(view.handle(.character("q")) == .quit)
        #expect(view.handle(.ctrl("c")) == .quit)
        #expect(view.handle(.character("x")) == .keepRunning)
        let typing = TodoListView(store: makeStore(editor: .adding(text: "")))
        #expect(typing.handle(.character("q")) == .keepRunning)
        #expect(typing.handle(.ctrl("c")) == .quit)
    }

    @Test func aWholeAddFlowThroughTheRealStore() {
        let store = makeStore()
        let view = TodoListView(store: store)
        for key: Key in [
            .character("a"), .character("T"), .character("e"), .character("a"), .backspace, .character("a"),
            .enter,
        ] {
            _ = view.handle(key)
        }
        #expect(
            store.state.list.items.map(\.title) == ["Buy milk", "Walk the dog", "Write talk", "Tea"])
        #expect(store.state.screen.selection == 3)
        #expect(store.state.screen.editor == nil)
        _ = view.handle(.character("u"))
        #expect(store.state.list.items.count == 3)
    }
}

/// The keys of one read, handled together: a run of typing is one action, not one per key.
@Suite struct TodoListViewKeyBatchTests {
    private func store(editor: TodoEditor?) -> Store<TodoAppState> {
        let list = TodoState(items: [TodoItem(id: 1, title: "Buy milk")])
        return Store(
            reducer: todoAppReducer, state: TodoAppState(list: list, screen: TodoScreenState(editor: editor)))
    }

    @Test func aThousandKeysTypedInOneReadAreOneActionWithTheWholeText() {
        let store = store(editor: .adding(text: "ab"))
        var actions: [Action] = []
        let reduce = store.dispatchFunction!
        store.dispatchFunction = { action in
            actions.append(action)
            reduce(action)
        }
        let view = TodoListView(store: store)
        let keys = Array(repeating: Key.character("x"), count: 1000) + [.left, .backspace, .tab]
        #expect(view.handle(keys) == .keepRunning)
        #expect(actions.count == 1)
        let expected = "ab" + String(repeating: "x", count: 998) + " x"
        #expect(actions.first as? ChangeEditorText == ChangeEditorText(expected, cursor: 1001))
        #expect(store.state.screen.editor == .adding(text: expected))
    }

    @Test func enterInTheMiddleOfARunSavesWhatCameBeforeIt() {
        let store = store(editor: .adding(text: ""))
        let view = TodoListView(store: store)
        #expect(view.handle([.character("t"), .character("e"), .enter, .character("d")]) == .keepRunning)
        // "te" was added, the editor closed, and the "d" after Enter deleted... the selected item,
        // as a typed "d" does: typed keys are keys. A paste is not (see the next test).
        #expect(store.state.list.items.map(\.title) == ["Buy milk"])
    }

    @Test func aPasteWhileBrowsingDoesNothing() {
        let store = store(editor: nil)
        var actions: [Action] = []
        store.dispatchFunction = { actions.append($0) }
        let view = TodoListView(store: store)
        #expect(view.handle([.paste("dq d\n")]) == .keepRunning)
        #expect(actions.isEmpty)
    }

    @Test func aPasteIntoTheEditorIsTypedOnOneLine() {
        let store = store(editor: .adding(text: ""))
        let view = TodoListView(store: store)
        _ = view.handle([.paste("milk\ndog food")])
        #expect(store.state.screen.editor == .adding(text: "milk dog food"))
        #expect(store.state.list.items.count == 1)
    }

    @Test func aTitlePastTheLimitIsNotSavedAndTheMessageSaysTheLimit() {
        let store = store(editor: .adding(text: String(repeating: "x", count: 501)))
        let view = TodoListView(store: store)
        _ = view.handle([.enter])
        #expect(store.state.list.items.count == 1)
        #expect(store.state.screen.editor != nil, "the text stays, to be shortened")
        #expect(store.state.screen.message?.contains("at most 500 characters, and this one has 501") == true)
    }
}
