import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftThunk
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

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

@Suite struct LibraryThunkTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let libraries = [
        Fixtures.library(id: "1", short: "明徳館"), Fixtures.library(id: "2", short: "土崎図書館"),
    ]

    /// The store with a middleware after the thunk one that records the actions reaching the reducer.
    private func store(recording names: Collected<String>) -> Store<LibraryFinderState> {
        let store = makeLibraryFinderStore(query: LibraryQuery())
        let recorder: Middleware<LibraryFinderState> = { _, _ in
            { next in
                { action in
                    names.append(String(describing: type(of: action)))
                    next(action)
                }
            }
        }
        store.middleware = store.middleware + [recorder]
        return store
    }

    @Test func dispatchingTheThunkLoadsThroughTheStore() async throws {
        let names = Collected<String>()
        let store = store(recording: names)
        try await store.dispatch(
            loadLibrariesThunk(service: FakeLibraryService([.success(libraries)]), cache: nil, now: { now }))
        #expect(names.all == ["LibrariesLoading", "LibrariesLoaded"])
        #expect(store.state.status == .loaded)
        #expect(store.state.libraries == libraries)
        #expect(store.state.source == .network(fetchedAt: now))
    }

    @Test func eachLoadActionCarriesTheLineOfLoadLibrariesThatDispatchedIt() async throws {
        let callSites = Collected<String>()
        let store = makeLibraryFinderStore(query: LibraryQuery())
        let recorder: Middleware<LibraryFinderState> = { _, _ in
            { next in
                { action in
                    callSites.append(
                        "\(type(of: action)) \(DispatchOrigin.current?.callSite?.description ?? "-")")
                    next(action)
                }
            }
        }
        store.middleware = store.middleware + [recorder]
        try await store.dispatch(
            loadLibrariesThunk(service: FakeLibraryService([.success(libraries)]), cache: nil, now: { now }))
        let file = "LibraryFinderModel/LibraryLoading.swift:"
        let seen = callSites.all
        #expect(seen.count == 2)
        #expect(seen.first?.hasPrefix("LibrariesLoading \(file)") == true)
        #expect(seen.last?.hasPrefix("LibrariesLoaded \(file)") == true)
        #expect(Set(seen.map { $0.split(separator: ":").last }).count == 2)
    }

    @Test func aFailureBecomesTheFailedAction() async throws {
        let names = Collected<String>()
        let store = store(recording: names)
        let error = CalilError(.unexpectedBody(detail: "not JSON"))
        try await store.dispatch(
            loadLibrariesThunk(service: FakeLibraryService([.failure(error)]), cache: nil))
        #expect(names.all == ["LibrariesLoading", "LibrariesFailed"])
        #expect(store.state.status == .failed(message: error.description))
    }

    @Test(.timeLimit(.minutes(1))) func reloadingWhileLoadingSendsNoSecondRequest() async throws {
        let store = makeLibraryFinderStore(query: LibraryQuery())
        let service = GatedLibraryService(answer: libraries)
        let thunk = loadLibrariesThunk(service: service, cache: nil, now: { now })
        let first = Task { try await store.dispatch(thunk) }
        try await eventually("the first load to start") { store.state.isLoading }
        try await store.dispatch(thunk)
        #expect(store.state.isLoading)
        service.release()
        try await first.value(waitingFor: "the first load to end")
        #expect(service.requestCount == 1)
        #expect(store.state.status == .loaded)
        #expect(store.state.libraries == libraries)
    }
}
