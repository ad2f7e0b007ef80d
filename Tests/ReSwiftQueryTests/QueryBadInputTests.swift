import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftPersistence
import ReSwiftQuery
import ReSwiftThunk
import TestSupport
import Testing

/// Endpoints that throw or answer garbage, answers that come too late, damaged or newer caches:
/// no crash, an error in the entry's state, nothing saved lost.
@Suite(.timeLimit(.minutes(3)))
struct QueryBadInputTests {
    @Test func anEndpointThatThrowsLeavesItsErrorInTheEntry() async {
        let clock = TestClock()
        let server = FakeServer(latency: .zero) { _, _ in throw CocoaError(.fileNoSuchFile) }
        let albums = albumsEndpoint(server)
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .zero)
        let entry = store.state.albums["Rock"]
        #expect(entry?.status == .failed)
        #expect(entry?.value == nil)
        #expect(entry?.error?.message.isEmpty == false)
    }

    @Test func theEntryKeepsTheEndpointsNameForTheKindOfFailure() async {
        let clock = TestClock()
        let albums = QueryEndpoint<String, [String]>(
            "albums", code: { ($0 as? CocoaError)?.code == .fileNoSuchFile ? "missing" : nil }
        ) { genre in
            throw genre == "Rock" ? CocoaError(.fileNoSuchFile) : CocoaError(.fileReadNoPermission)
        }
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        store.dispatch(albums.want("Pop"))
        await clock.advance(by: .zero)
        #expect(store.state.albums["Rock"]?.error?.code == "missing")
        #expect(store.state.albums["Pop"]?.error?.code == nil)
        #expect(store.state.albums["Pop"]?.status == .failed)
    }

    @Test func garbageFromTheServerIsADecodingErrorInTheEntry() async {
        let clock = TestClock()
        let albums = QueryEndpoint<String, [String]>("albums") { _ in
            try JSONDecoder().decode([String].self, from: Data("<html>teapot".utf8))
        }
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .zero)
        #expect(store.state.albums["Rock"]?.status == .failed)
        #expect(store.state.albums["Rock"]?.error?.message.contains("JSON") == true)
    }

    @Test func anAnswerForARemovedEntryChangesNothing() {
        let albums = albumsEndpoint(FakeServer())
        var state = QueryState<String, [String]>()
        albums.reduce(albums.want("Rock"), &state)
        albums.reduce(albums.unwant("Rock"), &state)
        albums.reduce(
            QueryAction<String, [String]>(endpoint: "albums", argument: "Rock", event: .removed), &state)
        let late = QueryAction<String, [String]>(
            endpoint: "albums", argument: "Rock",
            event: .loaded(["late"], at: QueryTimestamp(instant: nil, date: Date())))
        albums.reduce(late, &state)
        albums.reduce(
            QueryAction<String, [String]>(
                endpoint: "albums", argument: "Rock", event: .failed(QueryError(message: "x"))), &state)
        #expect(state.entries.isEmpty)
    }

    @Test func anAnswerForACancelledFetchChangesNothing() {
        let albums = albumsEndpoint(FakeServer())
        var state = QueryState<String, [String]>()
        albums.reduce(albums.want("Rock"), &state)
        albums.reduce(
            QueryAction<String, [String]>(endpoint: "albums", argument: "Rock", event: .started), &state)
        albums.reduce(
            QueryAction<String, [String]>(endpoint: "albums", argument: "Rock", event: .cancelled), &state)
        let late = QueryAction<String, [String]>(
            endpoint: "albums", argument: "Rock",
            event: .loaded(["late"], at: QueryTimestamp(instant: nil, date: Date())))
        albums.reduce(late, &state)
        #expect(state["Rock"]?.status == .idle)
        #expect(state["Rock"]?.value == nil)
    }

    @Test func anAnswerAfterTheStoreIsGoneIsDropped() async throws {
        let clock = TestClock()
        let server = FakeServer()
        let albums = albumsEndpoint(server)
        var store: Store<AppState>? = makeStore(albums, clock: clock)
        store?.dispatch(albums.want("Rock"))
        await clock.advance(by: .milliseconds(1))
        store = nil
        await clock.advance(by: .seconds(2))
        #expect(server.calls == ["Rock"])
        #expect(server.cancellations == 0)
    }

    @Test func aDamagedCacheStartsEmptyAndIsSetAside() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("albums.json")
        try Data("{not json".utf8).write(to: url)
        let problems = Locked<[String]>([])
        let file = PersistedFile<QuerySnapshot<String, [String]>>(
            url: url, whenUnusable: .setAsideAndRebuild,
            errorHandler: { problem in problems.withLock { $0.append("\(problem)") } })
        let state: QueryState<String, [String]> = file.restoreQueryState()
        #expect(state.entries.isEmpty)
        #expect(problems.withLock { $0.count } == 1)
        let moved = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { $0.hasPrefix("albums.json.moved-") }
        #expect(moved.count == 1)
    }

    @Test func aCacheFromANewerVersionIsReportedInTheSliceAndLeftAlone() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("albums.json")
        let newer = Data(#"{"schemaVersion": 9, "value": {"answers": []}}"#.utf8)
        try newer.write(to: url)
        let file = PersistedFile<QuerySnapshot<String, [String]>>(url: url, whenUnusable: .setAsideAndRebuild)
        let state: QueryState<String, [String]> = file.restoreQueryState()
        #expect(state.entries.isEmpty)
        #expect(state.restoreProblem?.contains("newer") == true)
        #expect(try Data(contentsOf: url) == newer)
    }
}
