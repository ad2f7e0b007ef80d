import Foundation
import ReSwift
import ReSwiftPersistence
import ReSwiftQuery
import ReSwiftThunk
import TestSupport
import Testing

/// Persisted answers: the next run starts with the last good answers and can say how old they are.
@Suite(.timeLimit(.minutes(3)))
struct QueryPersistenceTests {
    @Test func aRestartStartsWithTheLastGoodAnswersAndTheirDates() async throws {
        let folder = try TemporaryDirectory()
        let file = PersistedFile<QuerySnapshot<String, [String]>>(
            url: folder.file("albums.json"), whenUnusable: .setAsideAndRebuild)
        let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)
        do {
            let clock = TestClock()
            let albums = albumsEndpoint(FakeServer(latency: .zero))
            let store = makeStore(albums, clock: clock, date: { fetchedAt })
            store.dispatch(albums.want("Rock"))
            await clock.advance(by: .zero)
            try file.save(store.state.albums.lastGoodAnswers)
        }
        let clock = TestClock()
        let offline = albumsEndpoint(FakeServer(latency: .zero) { _, _ in throw Unreachable() })
        let restored: QueryState<String, [String]> = file.restoreQueryState()
        #expect(restored.restoreProblem == nil)
        #expect(restored["Rock"]?.isRestored == true)
        #expect(restored["Rock"]?.fetched?.date == fetchedAt)
        let store = makeStore(offline, clock: clock, state: AppState(albums: restored))
        store.dispatch(offline.want("Rock"))
        #expect(store.state.albums["Rock"]?.status == .refreshing)
        await clock.advance(by: .zero)
        let entry = store.state.albums["Rock"]
        #expect(entry?.status == .failed)
        #expect(entry?.value == ["Rock 1"])
        #expect(entry?.fetched?.date == fetchedAt)
        #expect(store.state.albums.lastGoodAnswers == restored.lastGoodAnswers)
    }

    @Test func aRestoredAnswerIsNeverFresh() {
        let snapshot = QuerySnapshot<String, [String]>(answers: ["Rock": .init(value: ["A"], fetched: Date())]
        )
        let entry = QueryState(restoring: snapshot)["Rock"]
        #expect(entry?.isFresh(at: EffectInstant(nanoseconds: 0), freshFor: .seconds(600)) == false)
    }
}
