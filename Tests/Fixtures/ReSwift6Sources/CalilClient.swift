// swift-format-ignore-file
// (kept in the shape of the code it stands for, not in this package's style)
// Code in the shape of the "ReSwift vol.1" Calil client: loading, loaded and failed actions, an
// async action creator that reports back through its callback, and a subscriber.
import ReSwift

struct Library {
    let systemid: String
    let formal: String
}

struct LibraryState: StateType {
    var libraries: [Library] = []
    var isLoading = false
    var errorMessage: String?
}

struct LoadingLibrariesAction: Action {}
struct LoadedLibrariesAction: Action { let libraries: [Library] }
struct FailedLibrariesAction: Action { let message: String }

func libraryReducer(action: Action, state: LibraryState?) -> LibraryState {
    var state = state ?? LibraryState()
    switch action {
    case _ as LoadingLibrariesAction:
        state.isLoading = true
    case let action as LoadedLibrariesAction:
        state.isLoading = false
        state.libraries = action.libraries
    case let action as FailedLibrariesAction:
        state.isLoading = false
        state.errorMessage = action.message
    default:
        break
    }
    return state
}

let mainStore = Store<LibraryState>(reducer: libraryReducer, state: nil, middleware: [])

func fetchLibraries(pref: String) -> Store<LibraryState>.AsyncActionCreator {
    return { state, store, callback in
        store.dispatch(LoadingLibrariesAction())
        let libraries = [Library(systemid: "Akita_Pref", formal: "秋田県立図書館")]
        callback { _, _ in LoadedLibrariesAction(libraries: libraries) }
    }
}

final class LibraryListViewController: StoreSubscriber {
    typealias StoreSubscriberStateType = LibraryState
    var names: [String] = []

    func viewDidLoad() {
        mainStore.subscribe(self)
        mainStore.dispatch(fetchLibraries(pref: "秋田県")) { state in
            print(state.libraries.count)
        }
    }

    func newState(state: LibraryState) {
        names = state.libraries.map { $0.formal }
    }
}
