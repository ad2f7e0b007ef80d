import ReSwift
import ReSwiftQuery

/// The library finder's reducer, in place: the list (``reduceLibraryList(_:into:)``) and the
/// book searches (``reduceBookSearches(_:into:)``, on their slice), so that a dispatch changes
/// only what it changes and the list is never copied.
package func reduceLibraryFinder(_ action: Action, into state: inout LibraryFinderState) {
    reduceLibraryList(action, into: &state)
    reduceBookSearches(action, into: &state.books)
}

/// The list's part: the list query's entries (load → loading → loaded / failed, see
/// ``LibraryList``), plus the list's selection and filter. A new answer keeps the selected
/// library selected.
///
/// - Parameters:
///   - action: The action to reduce.
///   - state: The state, changed in place.
package func reduceLibraryList(_ action: Action, into state: inout LibraryFinderState) {
    if let listAction = action as? LibraryListAction {
        reduceList(listAction, &state)
        return
    }
    guard let query = action as? QueryAction<LibraryListKey, [Library]>, case .loaded = query.event else {
        LibraryList.declaration.reduce(action, &state.lists)
        return
    }
    let selectedID = state.selectedLibrary?.id
    LibraryList.declaration.reduce(action, &state.lists)
    state.selectedIndex = state.visibleLibraries.firstIndex { $0.id == selectedID } ?? 0
}

private func reduceList(_ action: LibraryListAction, _ state: inout LibraryFinderState) {
    let count = state.visibleLibraries.count
    switch action {
    case .moveSelection(let delta):
        state.selectedIndex = max(0, min(count - 1, state.selectedIndex + delta))
    case .selectFirst:
        state.selectedIndex = 0
    case .selectLast:
        state.selectedIndex = max(0, count - 1)
    case .beginFilter:
        state.isEditingFilter = true
    case .editFilter(let text):
        state.filterText = text
        state.selectedIndex = 0
    case .commitFilter:
        state.isEditingFilter = false
    case .cancelFilter:
        state.isEditingFilter = false
        state.filterText = ""
        state.selectedIndex = 0
    }
}
