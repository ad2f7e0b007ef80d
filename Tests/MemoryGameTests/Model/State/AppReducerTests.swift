import ReSwift
import ReSwiftRouter
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@Suite struct AppReducerTests {
    @Test func eachSliceIsReducedByItsOwnReducer() {
        let store = Store<AppState>(reducer: makeAppReducer(), state: AppState())
        store.dispatch(ChangeCategoryAction(category: .metal))
        store.dispatch(MoveMenuHighlightAction(by: 1))
        store.dispatch(FetchTunesAction(category: .metal))
        #expect(store.state.categories.current == .metal)
        #expect(store.state.menu.highlighted == .chooseCategory)
        #expect(store.state.game.phase == .loading(.metal))
    }

    @Test func startsFromTheGivenCategory() {
        let store = Store<AppState>(
            reducer: makeAppReducer(), state: AppState(categories: CategoriesState(current: .rap)))
        #expect(store.state.categories.current == .rap)
        #expect(store.state.categories.highlighted == .rap)
    }

    @Test func routeIsPartOfTheState() {
        let store = Store<AppState>(reducer: makeAppReducer(), state: AppState())
        store.dispatch(SetRouteAction(Routes.gameRoute))
        #expect(store.state.navigationState.route == ["menu", "game"])
        store.dispatch(SetRouteAction(Routes.menuRoute))
        #expect(store.state.navigationState.route == ["menu"])
    }
}
