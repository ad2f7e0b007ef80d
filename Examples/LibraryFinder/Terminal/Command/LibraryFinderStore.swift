import Foundation
import LibraryFinderModel
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDevTools
import ReSwiftPersistence
import ReSwiftQuery
import ReSwiftThunk

/// The app's store: the model's, with the inspector's middleware in front, so that
/// `reswift-inspect` can attach to a running `library-finder`; it starts with the answers `cache`
/// persisted, and keeps its new ones there while `persister` lives.
func makeInspectableLibraryFinderStore(
    options: ServiceOptions, query: LibraryQuery, service: any LibraryService,
    availability: QueryEndpoint<BookSearch, BookAnswers> = BookAvailability.declaration, cache: ListCache?,
    report: @escaping @Sendable (String) -> Void
) -> (store: Store<LibraryFinderState>, persister: StatePersister<LibraryFinderState, ListCache.Snapshot>?) {
    let lists = cache?.file.restoreQueryState() ?? QueryState<LibraryListKey, [Library]>()
    if let problem = lists.restoreProblem { report(problem) }
    let store = makeLibraryFinderStore(
        query: query, server: options.apiBase, lists: lists, service: service, availability: availability,
        middleware: [createInspectorMiddleware(app: "library-finder")])
    // A cache that couldn't be read (from a newer version, say) is left as it is.
    guard let cache, lists.restoreProblem == nil else { return (store, nil) }
    // This run writes the cache: what earlier runs and versions left beside it goes.
    ListCache.sweep(directory: cache.file.url.deletingLastPathComponent())
    let persister = StatePersister(
        store: store, file: cache.file, select: { $0.lists.lastGoodAnswers }, merge: { ListCache.merge($0) })
    return (store, persister)
}

/// The list's persisted answers (one file for every server and request), which the list query
/// starts with and falls back on.
struct ListCache: Sendable {
    typealias Snapshot = QuerySnapshot<LibraryListKey, [Library]>

    /// The file.
    let file: PersistedFile<Snapshot>

    /// Another run's answers and this one's: the later answer of each request.
    static func merge(_ conflict: PersistenceConflict<Snapshot>) -> Snapshot {
        var merged = conflict.theirs ?? Snapshot()
        for (key, answer) in conflict.ours.answers
        where (merged.answers[key]?.fetched ?? .distantPast) < answer.fetched {
            merged.answers[key] = answer
        }
        return merged
    }
}

/// Cache notices kept while the terminal is in raw mode, to print once it is given back.
final class PendingNotices: Sendable {
    private let messages = Locked<[String]>([])

    /// Keeps a message.
    func append(_ message: String) {
        messages.withLock { $0.append(message) }
    }

    /// The messages kept so far, which are then forgotten.
    func take() -> [String] {
        messages.withLock { messages in
            defer { messages = [] }
            return messages
        }
    }
}
