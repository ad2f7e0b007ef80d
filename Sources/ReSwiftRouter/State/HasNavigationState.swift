/// An app state that contains a ``NavigationState``.
///
/// Conforming is optional (a ``Router`` finds the navigation state through the transform you give
/// it), but it names the slice in one place:
///
/// ```swift
/// struct AppState: HasNavigationState {
///     var navigationState = NavigationState()
///     var game = GameState()
/// }
/// let router = Router(store: store, rootRoutable: root) { $0.select { $0.navigationState } }
/// ```
public protocol HasNavigationState {
    /// The app's navigation state.
    var navigationState: NavigationState { get set }
}
