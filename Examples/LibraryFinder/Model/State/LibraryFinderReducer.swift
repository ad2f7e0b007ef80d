import ReSwift

/// The library finder's reducer, in place: the list (``reduceLibraryList(_:into:)``) and the
/// book searches (``reduceBookSearches(_:into:)``, on their slice), so that a dispatch changes
/// only what it changes and the list is never copied.
package func reduceLibraryFinder(_ action: Action, into state: inout LibraryFinderState) {
    reduceLibraryList(action, into: &state)
    reduceBookSearches(action, into: &state.books)
}

/// The list's part: the article's loading → loaded / failed transitions, plus the list's
/// selection and filter.
///
/// - Parameters:
///   - action: The action to reduce.
///   - state: The state, changed in place.
package func reduceLibraryList(_ action: Action, into state: inout LibraryFinderState) {
    switch action {
    case let loading as LibrariesLoading:
        guard !state.isLoading else { break }
        state.status = .loading(requestID: loading.requestID)
    case let loaded as LibrariesLoaded:
        guard state.status == .loading(requestID: loaded.requestID) else { break }
        let selectedID = state.selectedLibrary?.id
        state.libraries = loaded.libraries
        state.source = loaded.source
        state.status = .loaded
        state.selectedIndex = state.visibleLibraries.firstIndex { $0.id == selectedID } ?? 0
    case let failed as LibrariesFailed:
        guard state.status == .loading(requestID: failed.requestID) else { break }
        state.status = .failed(message: failed.message)
    case let listAction as LibraryListAction:
        reduceList(listAction, &state)
    default:
        break
    }
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
