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
    let state = state ?? GameState()
    switch action {
    case let fetch as FetchTunesAction:
        var next = state
        next.phase = .loading(fetch.category)
        next.category = fetch.category
        next.cards = []
        next.mismatch = nil
        next.misses = 0
        next.cursor = 0
        next.fetch += 1
        next.confirmingNewBoard = false
        return next
    case let set as SetCardsAction:
        guard set.fetch == nil || set.fetch == state.fetch else { return state }
        return GameRules.start(cards: set.cards, category: set.category, origin: set.origin, after: state)
    case let failed as FetchTunesFailedAction:
        guard failed.fetch == nil || failed.fetch == state.fetch else { return state }
        var next = state
        next.phase = .failed(failed.category, message: failed.message)
        next.category = failed.category
        return next
    case is CancelFetchAction:
        var next = state
        next.fetch += 1
        next.confirmingNewBoard = false
        if case .loading = state.phase { next.phase = .idle }
        return next
    case is AskForNewBoardAction:
        var next = state
        next.confirmingNewBoard = state.phase == .playing
        return next
    case is KeepBoardAction:
        var next = state
        next.confirmingNewBoard = false
        return next
    case let flip as FlipCardAction:
        return GameRules.flip(at: flip.index, in: state)
    case let resolve as ResolveMismatchAction:
        return GameRules.resolveMismatch(in: state, round: resolve.round)
    case let move as MoveCursorAction:
        var next = state
        next.cursor = GameRules.move(move.direction, from: state.cursor, cardCount: state.cards.count)
        return next
    default:
        return state
    }
}

private func clamped(_ value: Int, to range: Range<Int>) -> Int {
    min(max(value, range.lowerBound), range.upperBound - 1)
}
