import Foundation
import ReSwiftPersistence

/// The last good answers of one endpoint, to persist with ReSwiftPersistence so that the next run
/// starts with them and can say how old they are.
///
/// ```swift
/// let file = PersistedFile<QuerySnapshot<String, [String]>>(
///     url: cacheURL, schemaVersion: 1, whenUnusable: .setAsideAndRebuild)
/// var state = AppState()
/// state.albums = file.restoreQueryState()          // never throws: a problem is in the slice
/// let store = Store(reducer: appReducer, state: state, middleware: middleware)
/// let persister = StatePersister(store: store, file: file, select: \.albums.lastGoodAnswers)
/// ```
public struct QuerySnapshot<Argument: Hashable & Sendable & Codable, Value: Sendable & Codable>: Sendable,
    Codable
{
    /// One answer and when it was fetched.
    public struct Answer: Sendable, Codable {
        /// The answer.
        public var value: Value
        /// When it was fetched (wall clock).
        public var fetched: Date

        /// Creates an answer.
        ///
        /// - Parameters:
        ///   - value: The answer.
        ///   - fetched: When it was fetched.
        public init(value: Value, fetched: Date) {
            self.value = value
            self.fetched = fetched
        }
    }

    /// The answers, by argument.
    public var answers: [Argument: Answer]

    /// Creates a snapshot.
    ///
    /// - Parameter answers: The answers, by argument.
    public init(answers: [Argument: Answer] = [:]) {
        self.answers = answers
    }
}

extension QuerySnapshot.Answer: Equatable where Value: Equatable {}
extension QuerySnapshot: Equatable where Value: Equatable {}

extension QueryState where Argument: Codable, Value: Codable {
    /// The entries' last good answers (failed entries keep theirs), to persist.
    public var lastGoodAnswers: QuerySnapshot<Argument, Value> {
        var answers: [Argument: QuerySnapshot<Argument, Value>.Answer] = [:]
        for (argument, entry) in entries {
            if let value = entry.value, let fetched = entry.fetched {
                answers[argument] = .init(value: value, fetched: fetched.date)
            }
        }
        return QuerySnapshot(answers: answers)
    }

    /// A slice holding the persisted answers of `snapshot`, loaded and never fresh: wanting one
    /// fetches it again while it is shown, and a failed fetch keeps it.
    ///
    /// - Parameter snapshot: The persisted answers.
    public init(restoring snapshot: QuerySnapshot<Argument, Value>) {
        var entries: [Argument: QueryEntry<Value>] = [:]
        for (argument, answer) in snapshot.answers {
            entries[argument] = QueryEntry(
                status: .loaded, value: answer.value,
                fetched: QueryTimestamp(instant: nil, date: answer.fetched))
        }
        self.init(entries: entries)
    }
}

extension PersistedFile {
    /// The query slice the file's persisted answers make, or an empty one whose
    /// ``QueryState/restoreProblem`` says why the file couldn't be used (damaged, from a newer
    /// version, unreadable). Never throws. A damaged file is set aside or left alone as the file's
    /// ``UnusableFilePolicy`` says; a file from a newer version is never touched.
    ///
    /// - Returns: The slice to start the store with.
    public func restoreQueryState<Argument, QueryValue>() -> QueryState<Argument, QueryValue>
    where Value == QuerySnapshot<Argument, QueryValue> {
        do {
            guard let snapshot = try load() else { return QueryState() }
            return QueryState(restoring: snapshot)
        } catch {
            return QueryState(restoreProblem: String(describing: error))
        }
    }
}
