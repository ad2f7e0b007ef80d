import Foundation
import ReSwift
import ReSwiftRouter
import Testing

@testable import MemoryGameCore

/// Records the screens the router asks for, completing each at once.
private final class RecordingPresenter: ScreenPresenter, @unchecked Sendable {
    // @unchecked Sendable: `shown` is only touched while `lock` is held.
    private let lock = NSLock()
    private var shown: [Screen] = []

    var screens: [Screen] {
        lock.lock()
        defer { lock.unlock() }
        return shown
    }

    func present(_ screen: Screen, completion: @escaping @Sendable () -> Void) {
        lock.lock()
        shown.append(screen)
        lock.unlock()
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
