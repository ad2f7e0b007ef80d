import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftPersistence
import ReSwiftQuery
import ReSwiftThunk
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// A service that answers from a script and counts the requests it saw.
final class FakeLibraryService: LibraryService {
    private let script: Locked<(answers: [Result<[Library], CalilError>], seen: [LibraryQuery])>

    init(_ answers: [Result<[Library], CalilError>]) {
        script = Locked((answers, []))
    }

    var queries: [LibraryQuery] { script.withLock { $0.seen } }

    func libraries(matching query: LibraryQuery) async throws -> [Library] {
        let answer = script.withLock { script in
            script.seen.append(query)
            return script.answers.isEmpty
                ? .failure(CalilError(.serviceError(message: "no answer scripted")))
                : script.answers.removeFirst()
        }
        return try answer.get()
    }
}

/// A service whose answer waits until the test releases it, to hold a load in flight; for at most
/// 10 s, so a test that fails before releasing it doesn't leave the load behind.
final class GatedLibraryService: LibraryService {
    private struct Gate {
        var released = false
        var count = 0
    }

    private let gate = Locked(Gate())
    private let answer: [Library]

    init(answer: [Library]) {
        self.answer = answer
    }

    var requestCount: Int { gate.withLock { $0.count } }

    func libraries(matching query: LibraryQuery) async throws -> [Library] {
        gate.withLock { $0.count += 1 }
        try await eventually("the test to release the library service") { gate.withLock { $0.released } }
        return answer
    }

    func release() {
        gate.withLock { $0.released = true }
    }
}

/// The list query through the store: load → loading → loaded / failed, the previous answer shown
/// (marked with its fetch time) when the service can't be reached, and its persisted answers.
@Suite(.timeLimit(.minutes(3))) struct LibraryLoadingTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let fetchedEarlier = Date(timeIntervalSince1970: 1_700_000_000)
    private let libraries = [
        Fixtures.library(id: "1", short: "明徳館"),
        Fixtures.library(id: "2", short: "秋田大学", category: .university),
    ]

    /// A store with `cached` as the persisted answer of `query`, recording the actions' names.
    private func store(
        _ service: any LibraryService, query: LibraryQuery = LibraryQuery(), cached: [Library]? = nil,
        recording names: Collected<String>? = nil
    ) -> Store<LibraryFinderState> {
        var lists = QueryState<LibraryListKey, [Library]>()
        if let cached {
            let key = query.listKey(server: LibraryFinderState().server)
            lists = QueryState(
                restoring: QuerySnapshot(answers: [key: .init(value: cached, fetched: fetchedEarlier)]))
        }
        let store = makeLibraryFinderStore(query: query, lists: lists, service: service, now: { now })
        if let names {
            let recorder: Middleware<LibraryFinderState> = { _, _ in
                { next in
                    { action in
                        if let query = action as? QueryAction<LibraryListKey, [Library]> {
                            names.append(String(describing: query.event).prefix { $0 != "(" }.description)
                        }
                        next(action)
                    }
                }
            }
            store.middleware = store.middleware + [recorder]
        }
        return store
    }

    private func load(
        _ service: any LibraryService, query: LibraryQuery = LibraryQuery(), cached: [Library]? = nil
    ) async throws -> LibraryFinderState {
        let store = store(service, query: query, cached: cached)
        try await store.dispatch(LibraryList.load())
        return store.state
    }

    @Test func loadingThenLoaded() async throws {
        let names = Collected<String>()
        let service = FakeLibraryService([.success(libraries)])
        let store = store(service, recording: names)
        try await store.dispatch(LibraryList.load())
        #expect(names.all == ["want", "started", "loaded", "unwant"])
        #expect(store.state.status == .loaded)
        #expect(store.state.libraries == libraries)
        #expect(store.state.source == .network(fetchedAt: now))
        #expect(service.queries == [LibraryQuery()])
    }

    @Test func loadingThenFailedWithTheErrorsMessage() async throws {
        let error = CalilError(.httpStatus(code: 403, serviceMessage: nil))
        let state = try await load(FakeLibraryService([.failure(error)]))
        #expect(state.status == .failed(message: error.description))
    }

    @Test func narrowsTheAnswerToTheQuerysCategoriesAndLimit() async throws {
        let service = FakeLibraryService([.success(libraries)])
        let state = try await load(service, query: LibraryQuery(limit: 1, categories: [.university]))
        #expect(state.libraries.map(\.id) == ["2"])
        #expect(service.queries == [LibraryQuery()], "the server is asked without the limit")
    }

    @Test func reloadingWhileLoadingSendsNoSecondRequest() async throws {
        let service = GatedLibraryService(answer: libraries)
        let store = store(service)
        let key = store.state.listKey
        store.dispatch(LibraryList.declaration.refetch(key))
        try await eventually("the first load to start") { service.requestCount == 1 }
        store.dispatch(LibraryList.declaration.refetch(key))
        store.dispatch(LibraryList.declaration.refetch(key))
        #expect(store.state.isLoading)
        service.release()
        try await eventually("the list to load") { store.state.status == .loaded }
        #expect(service.requestCount == 1)
        #expect(store.state.libraries == libraries)
    }

    @Test func retriesAfterAFailure() async throws {
        let timedOut = CalilError(.timedOut(host: "api.calil.jp", seconds: 15))
        let service = FakeLibraryService([.failure(timedOut), .success(libraries)])
        let store = store(service)
        try await store.dispatch(LibraryList.load())
        #expect(store.state.status == .failed(message: timedOut.description))
        try await store.dispatch(LibraryList.load())
        #expect(store.state.status == .loaded)
        #expect(store.state.libraries == libraries)
        #expect(service.queries.count == 2)
    }

    @Test func showsTheCachedListWhenTheServiceCannotBeReached() async throws {
        let unreachable = CalilError(
            .cannotConnect(host: "api.calil.jp", detail: "the connection was refused"))
        let state = try await load(FakeLibraryService([.failure(unreachable)]), cached: libraries)
        #expect(state.status == .loaded)
        #expect(state.libraries == libraries)
        #expect(state.source == .cache(fetchedAt: fetchedEarlier, reason: unreachable.description))
    }

    @Test func aCachedListAfterAServerErrorSaysTheServiceFailed() async throws {
        let failed = CalilError(.httpStatus(code: 500, serviceMessage: nil))
        let state = try await load(FakeLibraryService([.failure(failed)]), cached: libraries)
        #expect(state.status == .loaded)
        #expect(
            state.source == .cache(fetchedAt: fetchedEarlier, reason: failed.description, serviceFailed: true)
        )
    }

    @Test func failsWhenTheServiceCannotBeReachedAndNothingIsCached() async throws {
        let unreachable = CalilError(.timedOut(host: "api.calil.jp", seconds: 1))
        let state = try await load(FakeLibraryService([.failure(unreachable)]))
        #expect(state.status == .failed(message: unreachable.description))
    }

    @Test func doesNotHideAServiceErrorBehindTheCache() async throws {
        let forbidden = CalilError(.httpStatus(code: 403, serviceMessage: "invalid appkey"))
        let state = try await load(FakeLibraryService([.failure(forbidden)]), cached: libraries)
        #expect(state.status == .failed(message: forbidden.description))
    }

    @Test func theCachedAnswerOfAnotherServerIsNotShown() async throws {
        let unreachable = CalilError(.timedOut(host: "127.0.0.1", seconds: 1))
        let lists = QueryState<LibraryListKey, [Library]>(
            restoring: QuerySnapshot(answers: [
                LibraryQuery().listKey(server: "https://api.calil.jp"): .init(value: libraries, fetched: now)
            ]))
        let store = makeLibraryFinderStore(
            query: LibraryQuery(), server: URL(string: "http://127.0.0.1:8080/")!, lists: lists,
            service: FakeLibraryService([.failure(unreachable)]))
        try await store.dispatch(LibraryList.load())
        #expect(store.state.status == .failed(message: unreachable.description))
    }

    @Test func writesAGoodAnswerToTheCacheAndTheNextRunStartsWithIt() async throws {
        let directory = try temporary.newFolder()
        let cache = ListCache(file: LibraryList.cacheFile(directory: directory))
        var options = LibraryFinderOptions().service
        options.apiBase = try #require(URL(string: "http://127.0.0.1:8080"))
        let (store, persister) = makeInspectableLibraryFinderStore(
            options: options, query: LibraryQuery(), service: FakeLibraryService([.success(libraries)]),
            cache: cache, report: { Issue.record("unexpected problem: \($0)") })
        try await store.dispatch(LibraryList.load())
        persister?.flush()
        let saved = try #require(try cache.file.load())
        let key = LibraryQuery().listKey(server: "http://127.0.0.1:8080")
        #expect(saved.answers[key]?.value == libraries)
        let next = cache.file.restoreQueryState() as QueryState<LibraryListKey, [Library]>
        #expect(next[key]?.value == libraries)
        #expect(next[key]?.isRestored == true)
    }
}
