import ReSwift

/// The menu slice's reducer.
///
/// - Parameters:
///   - action: The action being reduced.
///   - state: The slice before, `nil` at the start.
/// - Returns: The slice after.
public func menuReducer(action: Action, state: MenuState?) -> MenuState {
    var state = state ?? MenuState()
    if let move = action as? MoveMenuHighlightAction {
        let items = MenuState.Item.allCases
        let index = items.firstIndex(of: state.highlighted) ?? 0
        state.highlighted = items[clamped(index + move.offset, to: items.indices)]
    }
    return state
}

/// The categories slice's reducer.
///
/// - Parameters:
///   - action: The action being reduced.
///   - state: The slice before, `nil` at the start.
/// - Returns: The slice after.
public func categoriesReducer(action: Action, state: CategoriesState?) -> CategoriesState {
    var state = state ?? CategoriesState()
    switch action {
    case let change as ChangeCategoryAction:
        state.current = change.category
        state.highlighted = change.category
    case let move as MoveCategoryHighlightAction:
        let all = MusicCategory.allCases
        let index = all.firstIndex(of: state.highlighted) ?? 0
        state.highlighted = all[clamped(index + move.offset, to: all.indices)]
    default:
        break
    }
    return state
}

/// The game slice's reducer: loading, dealing, and the rules in ``GameRules``.
///
/// - Parameters:
///   - action: The action being reduced.
///   - state: The slice before, `nil` at the start.
/// - Returns: The slice after.
public func gameReducer(action: Action, state: GameState?) -> GameState {
    var state = state ?? GameState()
    reduceGame(action, into: &state)
    return state
}

/// ``gameReducer(action:state:)`` in place: what the app's store uses, so that turning a card
/// changes that card where it is instead of copying the table.
///
/// - Parameters:
///   - action: The action to reduce.
///   - state: The game slice to change.
public func reduceGame(_ action: Action, into state: inout GameState) {
    switch action {
    case let fetch as FetchTunesAction:
        state.phase = .loading(fetch.category)
        state.category = fetch.category
        state.cards = []
        state.mismatch = nil
        state.misses = 0
        state.cursor = 0
        state.fetch += 1
        state.confirmingNewBoard = false
    case let set as SetCardsAction:
        guard set.fetch == nil || set.fetch == state.fetch else { return }
        state = GameRules.start(cards: set.cards, category: set.category, origin: set.origin, after: state)
    case let failed as FetchTunesFailedAction:
        guard failed.fetch == nil || failed.fetch == state.fetch else { return }
        state.phase = .failed(failed.category, message: failed.message)
        state.category = failed.category
    case is CancelFetchAction:
        state.fetch += 1
        state.confirmingNewBoard = false
        if case .loading = state.phase { state.phase = .idle }
    case is AskForNewBoardAction:
        state.confirmingNewBoard = state.phase == .playing
    case is KeepBoardAction:
        state.confirmingNewBoard = false
    case let flip as FlipCardAction:
        GameRules.flip(at: flip.index, in: &state)
    case let resolve as ResolveMismatchAction:
        GameRules.resolveMismatch(in: &state, round: resolve.round)
    case let move as MoveCursorAction:
        state.cursor = GameRules.move(move.direction, from: state.cursor, cardCount: state.cards.count)
    default:
        break
    }
}

private func clamped(_ value: Int, to range: Range<Int>) -> Int {
    min(max(value, range.lowerBound), range.upperBound - 1)
}
