import ReSwift
import Testing

@Suite struct CombineReducersTests {
    struct Menu: Equatable { var selected = 0 }
    struct Game: Equatable { var moves = 0 }
    struct App: Equatable {
        var menu = Menu()
        var game = Game()
        var log: [String] = []
    }
    struct Move: Action {}
    struct Select: Action { let index: Int }

    static func menuReducer(action: Action, state: Menu?) -> Menu {
        var state = state ?? Menu(selected: 1)
        if let action = action as? Select { state.selected = action.index }
        return state
    }

    static func gameReducer(action: Action, state: Game?) -> Game {
        var state = state ?? Game()
        if action is Move { state.moves += 1 }
        return state
    }

    @Test func sliceReducersBuildTheAppState() {
        let appReducer: Reducer<App> = combineReducers(
            initialState: App(),
            .slice(\.menu, Self.menuReducer),
            .slice(\.game, Self.gameReducer),
            .whole { action, state in
                var state = state ?? App()
                state.log.append("\(type(of: action)) after \(state.game.moves) moves")
                return state
            }
        )
        let store = Store(reducer: appReducer, state: nil)
        // The menu slice picked its own default from a nil state.
        #expect(store.state.menu.selected == 1)
        store.dispatch(Move())
        store.dispatch(Select(index: 3))
        #expect(store.state.game.moves == 1)
        #expect(store.state.menu.selected == 3)
        #expect(
            store.state.log == ["ReSwiftInit after 0 moves", "Move after 1 moves", "Select after 1 moves"])
    }

    @Test func combinedReducersApplyInTurn() {
        let double: Reducer<Int> = { _, state in (state ?? 1) * 2 }
        let addOne: Reducer<Int> = { _, state in (state ?? 0) + 1 }
        let combined = combineReducers(double, addOne, double)
        #expect(combined(Move(), nil) == 6)
        #expect(combined(Move(), 5) == 22)
    }
}
