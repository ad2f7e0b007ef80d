import LibraryFinderModel
import ReSwift
import ReSwiftDevTools
import ReSwiftThunk

/// The app's store: the model's, with the inspector's middleware in front, so that
/// `reswift-inspect` can attach to a running `library-finder`.
func makeInspectableLibraryFinderStore(query: LibraryQuery, effects: ThunkEffects = ThunkEffects())
    -> Store<LibraryFinderState>
{
    makeLibraryFinderStore(
        query: query, effects: effects, middleware: [createInspectorMiddleware(app: "library-finder")])
}
