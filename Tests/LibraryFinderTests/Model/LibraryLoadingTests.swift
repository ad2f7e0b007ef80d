import Foundation
@_spi(ReSwiftInternal) import ReSwift
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

/// A tiny store for driving `loadLibraries`: reduces each action at once and records it.
final class RecordingStore: Sendable {
    private let contents: Locked<(state: LibraryFinderState, actionNames: [String])>

    init(_ state: LibraryFinderState) {
        contents = Locked((state, []))
    }

    var state: LibraryFinderState { contents.withLock { $0.state } }
    var actionNames: [String] { contents.withLock { $0.actionNames } }

    func dispatch(_ action: Action) {
        contents.withLock { contents in
            contents.actionNames.append(String(describing: type(of: action)))
            contents.state = applying(reduceLibraryFinder, action, to: contents.state)
        }
    }

    func load(service: any LibraryService, cache: LibraryCache?, now: Date) async {
        await loadLibraries(
            service: service, cache: cache, now: { now }, dispatch: AsyncThunkDispatch { self.dispatch($0) },
            getState: { self.state })
    }
}

@Suite struct LibraryLoadingTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let libraries = [
        Fixtures.library(id: "1", short: "明徳館"),
        Fixtures.library(id: "2", short: "秋田大学", category: .university),
    ]

    @Test func dispatchesLoadingThenLoaded() async {
        let store = RecordingStore(LibraryFinderState())
        let service = FakeLibraryService([.success(libraries)])
        await store.load(service: service, cache: nil, now: now)
        #expect(store.actionNames == ["LibrariesLoading", "LibrariesLoaded"])
        #expect(store.state.status == .loaded)
        #expect(store.state.libraries == libraries)
        #expect(store.state.source == .network(fetchedAt: now))
        #expect(service.queries == [LibraryQuery()])
    }

    @Test func dispatchesLoadingThenFailedWithTheErrorsMessage() async {
        let store = RecordingStore(LibraryFinderState())
        let error = CalilError(.httpStatus(code: 403, serviceMessage: nil))
        await store.load(service: FakeLibraryService([.failure(error)]), cache: nil, now: now)
        #expect(store.actionNames == ["LibrariesLoading", "LibrariesFailed"])
        #expect(store.state.status == .failed(message: error.description))
    }

    @Test func narrowsTheAnswerToTheQuerysCategoriesAndLimit() async {
        let query = LibraryQuery(limit: 1, categories: [.university])
        let store = RecordingStore(LibraryFinderState(query: query))
        await store.load(service: FakeLibraryService([.success(libraries)]), cache: nil, now: now)
        #expect(store.state.libraries.map(\.id) == ["2"])
    }

    @Test func doesNothingWhileALoadIsRunning() async {
        var state = LibraryFinderState()
        state.status = .loading(requestID: UUID())
        let store = RecordingStore(state)
        let service = FakeLibraryService([.success(libraries)])
        await store.load(service: service, cache: nil, now: now)
        #expect(store.actionNames.isEmpty)
        #expect(service.queries.isEmpty)
    }

    @Test func retriesAfterAFailure() async {
        let store = RecordingStore(LibraryFinderState())
        let service = FakeLibraryService([
            .failure(CalilError(.timedOut(host: "api.calil.jp", seconds: 15))), .success(libraries),
        ])
        await store.load(service: service, cache: nil, now: now)
        #expect(
            store.state.status
                == .failed(message: CalilError(.timedOut(host: "api.calil.jp", seconds: 15)).description))
        await store.load(service: service, cache: nil, now: now)
        #expect(store.state.status == .loaded)
        #expect(store.state.libraries == libraries)
        #expect(service.queries.count == 2)
    }

    @Test func showsTheCachedListWhenTheServiceCannotBeReached() async throws {
        let cache = LibraryCache(directory: try temporary.newFolder())
        let fetchedEarlier = Date(timeIntervalSince1970: 1_700_000_000)
        try cache.save(libraries, for: LibraryQuery(), fetchedAt: fetchedEarlier)
        let store = RecordingStore(LibraryFinderState())
        let unreachable = CalilError(
            .cannotConnect(host: "api.calil.jp", detail: "the connection was refused"))
        await store.load(service: FakeLibraryService([.failure(unreachable)]), cache: cache, now: now)
        #expect(store.state.status == .loaded)
        #expect(store.state.libraries == libraries)
        #expect(store.state.source == .cache(fetchedAt: fetchedEarlier, reason: unreachable.description))
    }

    @Test func aCachedListAfterAServerErrorSaysTheServiceFailed() async throws {
        let cache = LibraryCache(directory: try temporary.newFolder())
        let fetchedEarlier = Date(timeIntervalSince1970: 1_700_000_000)
        try cache.save(libraries, for: LibraryQuery(), fetchedAt: fetchedEarlier)
        let store = RecordingStore(LibraryFinderState())
        let failed = CalilError(.httpStatus(code: 500, serviceMessage: nil))
        await store.load(service: FakeLibraryService([.failure(failed)]), cache: cache, now: now)
        #expect(store.state.status == .loaded)
        #expect(
            store.state.source
                == .cache(fetchedAt: fetchedEarlier, reason: failed.description, serviceFailed: true))
    }

    @Test func failsWhenTheServiceCannotBeReachedAndNothingIsCached() async throws {
        let cache = LibraryCache(directory: try temporary.newFolder())
        let store = RecordingStore(LibraryFinderState())
        let unreachable = CalilError(.timedOut(host: "api.calil.jp", seconds: 1))
        await store.load(service: FakeLibraryService([.failure(unreachable)]), cache: cache, now: now)
        #expect(store.state.status == .failed(message: unreachable.description))
    }

    @Test func doesNotHideAServiceErrorBehindTheCache() async throws {
        let cache = LibraryCache(directory: try temporary.newFolder())
        try cache.save(libraries, for: LibraryQuery(), fetchedAt: now)
        let store = RecordingStore(LibraryFinderState())
        let forbidden = CalilError(.httpStatus(code: 403, serviceMessage: "invalid appkey"))
        await store.load(service: FakeLibraryService([.failure(forbidden)]), cache: cache, now: now)
        #expect(store.state.status == .failed(message: forbidden.description))
    }

    @Test func writesAGoodAnswerToTheCache() async throws {
        let cache = LibraryCache(directory: try temporary.newFolder())
        let store = RecordingStore(LibraryFinderState())
        await store.load(service: FakeLibraryService([.success(libraries)]), cache: cache, now: now)
        #expect(
            cache.load(for: LibraryQuery())
                == CachedLibraryList(
                    server: "https://api.calil.jp", request: "pref=秋田県", fetchedAt: now, libraries: libraries)
        )
    }
}
