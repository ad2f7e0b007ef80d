// swift-format-ignore-file
// (kept in the shape of the code it stands for, not in this package's style)
// Code in the shape of the ReSwift memory-game tutorial ("Memory Tunes"), minus UIKit: a global
// store, routing and slice reducers written by hand, view controllers as subscribers, and the
// fetchTunes action creator. It must compile against this package's ReSwift unchanged.
import ReSwift

enum RoutingDestination: String {
    case menu = "MenuTableViewController"
    case categories = "CategoriesTableViewController"
    case game = "GameViewController"
}

struct RoutingState: StateType {
    var navigationState: RoutingDestination
    init(navigationState: RoutingDestination = .menu) {
        self.navigationState = navigationState
    }
}

enum Category: Int {
    case pop, electronic, rock, metal, rap
}

struct CategoriesState: StateType {
    let categories: [String]
    var currentCategorySelected: Category
}

struct MemoryCard {
    let imageUrl: String
    var isFlipped: Bool
    var isAlreadyGuessed: Bool
}

struct GameState: StateType {
    var memoryCards: [MemoryCard]
    var showLoading: Bool
    var gameFinished: Bool
}

struct MenuState: StateType {
    var menuTitles: [String]
    init() {
        menuTitles = ["New Game", "Choose Category"]
    }
}

struct AppState: StateType {
    let routingState: RoutingState
    let menuState: MenuState
    let categoriesState: CategoriesState
    let gameState: GameState
}

struct RoutingAction: Action {
    let destination: RoutingDestination
}

struct ChangeCategoryAction: Action {
    let categoryIndex: Int
}

struct FetchTunesAction: Action {}

struct SetCardsAction: Action {
    let cardImageUrls: [String]
}

struct FlipCardAction: Action {
    let cardIndexToFlip: Int
}

func routingReducer(action: Action, state: RoutingState?) -> RoutingState {
    var state = state ?? RoutingState()
    switch action {
    case let routingAction as RoutingAction:
        state.navigationState = routingAction.destination
    default: break
    }
    return state
}

func menuReducer(action: Action, state: MenuState?) -> MenuState {
    return MenuState()
}

func categoriesReducer(action: Action, state: CategoriesState?) -> CategoriesState {
    var currentCategory: Category = .pop
    if let state = state {
        currentCategory = state.currentCategorySelected
    }
    var state = state ?? CategoriesState(categories: ["Pop", "Electronic", "Rock", "Metal", "Rap"], currentCategorySelected: currentCategory)
    switch action {
    case let changeCategoryAction as ChangeCategoryAction:
        let newCategoryIndex = changeCategoryAction.categoryIndex
        state.currentCategorySelected = Category(rawValue: newCategoryIndex) ?? .pop
    default: break
    }
    return state
}

func gameReducer(action: Action, state: GameState?) -> GameState {
    var state = state ?? GameState(memoryCards: [], showLoading: false, gameFinished: false)
    switch action {
    case _ as FetchTunesAction:
        state = GameState(memoryCards: [], showLoading: true, gameFinished: false)
    case let setCardsAction as SetCardsAction:
        state.memoryCards = setCardsAction.cardImageUrls.map {
            MemoryCard(imageUrl: $0, isFlipped: false, isAlreadyGuessed: false)
        }
        state.showLoading = false
    case let flipCardAction as FlipCardAction:
        state.memoryCards[flipCardAction.cardIndexToFlip].isFlipped = true
    default: break
    }
    return state
}

func appReducer(action: Action, state: AppState?) -> AppState {
    return AppState(
        routingState: routingReducer(action: action, state: state?.routingState),
        menuState: menuReducer(action: action, state: state?.menuState),
        categoriesState: categoriesReducer(action: action, state: state?.categoriesState),
        gameState: gameReducer(action: action, state: state?.gameState))
}

// The tutorial keeps its store in a global.
let store = Store<AppState>(reducer: appReducer, state: nil)

final class MenuTableViewController: StoreSubscriber {
    var titles: [String] = []

    func viewWillAppear() {
        store.subscribe(self) {
            $0.select { $0.menuState }
        }
    }

    func viewWillDisappear() {
        store.unsubscribe(self)
    }

    func newState(state: MenuState) {
        titles = state.menuTitles
    }
}

final class GameViewController: StoreSubscriber {
    var cards: [MemoryCard] = []

    func viewWillAppear() {
        store.subscribe(self) {
            $0.select { $0.gameState }
        }
        store.dispatch(fetchTunes)
    }

    func newState(state: GameState) {
        cards = state.memoryCards
    }
}

enum iTunesAPI {
    static func searchFor(category: String, completion: @escaping ([String]) -> Void) {
        completion((0..<8).map { "https://example.invalid/\(category)/\($0)/100x100bb.jpg" })
    }
}

func fetchTunes(state: AppState, store: Store<AppState>) -> FetchTunesAction {
    iTunesAPI.searchFor(category: "\(state.categoriesState.currentCategorySelected)") { imageUrls in
        store.dispatch(SetCardsAction(cardImageUrls: imageUrls + imageUrls))
    }
    return FetchTunesAction()
}
