import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftRouter
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

/// Records the screens the router asks for, completing each at once.
private final class RecordingPresenter: ScreenPresenter, Sendable {
    private let shown = Locked<[Screen]>([])

    var screens: [Screen] { shown.current }

    func present(_ screen: Screen, completion: @escaping @Sendable () -> Void) {
        shown.withLock { $0.append(screen) }
        completion()
    }
}

@Suite struct ScreenRoutablesTests {
    @Test func routerShowsTheScreenOfEachRoute() {
        let store = Store<AppState>(reducer: makeAppReducer(), state: AppState())
        let presenter = RecordingPresenter()
        let router = Router(store: store, rootRoutable: RootRoutable(presenter: presenter)) {
            $0.select { $0.navigationState }
        }

        store.dispatch(SetRouteAction(Routes.menuRoute))
        store.dispatch(SetRouteAction(Routes.gameRoute))
        store.dispatch(SetRouteAction(Routes.menuRoute))
        store.dispatch(SetRouteAction(Routes.categoriesRoute))
        store.dispatch(SetRouteAction(Routes.gameRoute))

        #expect(presenter.screens == [.menu, .game, .menu, .categories, .game])
        #expect(router.currentRoute == Routes.gameRoute)
    }
}
