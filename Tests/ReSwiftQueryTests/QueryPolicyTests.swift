import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftQuery
import ReSwiftThunk
import Testing

/// Each policy of the query middleware, on a TestClock.
@Suite(.timeLimit(.minutes(1)))
struct QueryPolicyTests {
    @Test func manyWantsOfOneKeyMakeOneFetch() async {
        let clock = TestClock()
        let server = FakeServer()
        let store = makeStore(albumsEndpoint(server), clock: clock)
        let albums = albumsEndpoint(server)
        for _ in 0..<1000 { store.dispatch(albums.want("Rock")) }
        store.dispatch(albums.refetch("Rock"))  // the user's reload while loading sends nothing new
        #expect(store.state.albums["Rock"]?.status == .loading)
        #expect(store.state.albums["Rock"]?.wantedBy == 1000)
        await clock.advance(by: .seconds(1))
        #expect(server.calls == ["Rock"])
        #expect(store.state.albums["Rock"]?.status == .loaded)
        #expect(store.state.albums["Rock"]?.value == ["Rock 1"])
    }

    @Test func wantsThatComeWhileTheAnswerArrivesMakeNoSecondFetch() async {
        // The answer comes at once, on the worker's task, while wants keep coming on this one:
        // in between the worker's end and its answer's reduction, a want must not fetch again.
        for _ in 0..<100 {
            let clock = TestClock()
            let server = FakeServer(latency: .zero)
            let albums = albumsEndpoint(server, policy: QueryPolicy(freshFor: .seconds(60)))
            let store = makeStore(albums, clock: clock)
            for _ in 0..<300 { store.dispatch(albums.want("Rock")) }
            await clock.advance(by: .zero)
            #expect(server.calls == ["Rock"])
            if server.calls.count > 1 { break }
        }
    }

    @Test func aFreshAnswerIsNotFetchedAgainAndAStaleOneIsShownWhileItIs() async {
        let clock = TestClock()
        let server = FakeServer()
        let albums = albumsEndpoint(server, policy: QueryPolicy(freshFor: .seconds(600), keepFor: nil))
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .seconds(1))
        store.dispatch(albums.unwant("Rock"))
        await clock.advance(by: .seconds(300))
        store.dispatch(albums.want("Rock"))
        #expect(server.calls == ["Rock"])
        #expect(store.state.albums["Rock"]?.status == .loaded)
        store.dispatch(albums.unwant("Rock"))
        await clock.advance(by: .seconds(300))
        store.dispatch(albums.want("Rock"))
        #expect(store.state.albums["Rock"]?.status == .refreshing)
        #expect(store.state.albums["Rock"]?.value == ["Rock 1"])
        await clock.advance(by: .seconds(1))
        #expect(server.calls == ["Rock", "Rock"])
        #expect(store.state.albums["Rock"]?.value == ["Rock 2"])
        #expect(store.state.albums["Rock"]?.fetched?.instant == EffectInstant(nanoseconds: 602_000_000_000))
    }

    @Test func anEntryNobodyWantsIsRemovedAfterKeepFor() async {
        let clock = TestClock()
        let server = FakeServer()
        let albums = albumsEndpoint(server, policy: QueryPolicy(keepFor: .seconds(60)))
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .seconds(1))
        store.dispatch(albums.unwant("Rock"))
        await clock.advance(by: .seconds(59))
        #expect(store.state.albums["Rock"] != nil)
        await clock.advance(by: .seconds(1))
        #expect(store.state.albums["Rock"] == nil)
    }

    @Test func wantingAnEntryAgainKeepsItFromRemoval() async {
        let clock = TestClock()
        let server = FakeServer()
        let albums = albumsEndpoint(
            server, policy: QueryPolicy(freshFor: .seconds(600), keepFor: .seconds(60)))
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .seconds(1))
        store.dispatch(albums.unwant("Rock"))
        await clock.advance(by: .seconds(30))
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .seconds(120))
        #expect(store.state.albums["Rock"]?.value == ["Rock 1"])
        #expect(clock.sleeperCount == 0)
    }

    @Test func aWantedEntryPollsUntilTheAnswerIsComplete() async {
        let clock = TestClock()
        // The third answer is complete, as Calil's /check says with `continue: 0`.
        let server = FakeServer(latency: .zero) { genre, call in call >= 3 ? ["done"] : ["\(genre) \(call)"] }
        let albums = albumsEndpoint(
            server, policy: QueryPolicy(pollEvery: .seconds(2)), isComplete: { $0 == ["done"] })
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .zero)
        #expect(store.state.albums["Rock"]?.value == ["Rock 1"])
        await clock.advance(by: .seconds(2))
        #expect(store.state.albums["Rock"]?.value == ["Rock 2"])
        await clock.advance(by: .seconds(2))
        #expect(store.state.albums["Rock"]?.value == ["done"])
        await clock.advance(by: .seconds(20))
        #expect(server.calls.count == 3)
        #expect(clock.sleeperCount == 0)
    }

    @Test func eachFetchSeesTheEntrysCurrentValue() async {
        let clock = TestClock()
        let seen = Locked<[[String]?]>([])
        // Each answer goes on from the previous one, as Calil's /check polls with its session id.
        let albums = QueryEndpoint<String, [String]>(
            "albums", policy: QueryPolicy(pollEvery: .seconds(2)), isComplete: { $0.count >= 3 },
            following: { genre, current in
                seen.withLock { $0.append(current) }
                return (current ?? []) + ["\(genre) \((current?.count ?? 0) + 1)"]
            })
        let restored = QueryState<String, [String]>(
            restoring: QuerySnapshot(answers: ["Pop": .init(value: ["Pop 1"], fetched: Date())]))
        let store = makeStore(albums, clock: clock, state: AppState(albums: restored))
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .zero)
        await clock.advance(by: .seconds(2))
        await clock.advance(by: .seconds(2))
        #expect(store.state.albums["Rock"]?.value == ["Rock 1", "Rock 2", "Rock 3"])
        #expect(seen.withLock { $0 } == [nil, ["Rock 1"], ["Rock 1", "Rock 2"]])
        store.dispatch(albums.want("Pop"))
        await clock.advance(by: .zero)
        #expect(seen.withLock { $0.last } == ["Pop 1"])
        #expect(store.state.albums["Pop"]?.value == ["Pop 1", "Pop 2"])
    }

    @Test func pollingStopsWhenNobodyWantsTheEntry() async {
        let clock = TestClock()
        let server = FakeServer(latency: .zero)
        let albums = albumsEndpoint(server, policy: QueryPolicy(keepFor: nil, pollEvery: .seconds(2)))
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .seconds(2))
        #expect(server.calls.count == 2)
        store.dispatch(albums.unwant("Rock"))
        await clock.advance(by: .seconds(20))
        #expect(server.calls.count == 2)
        #expect(store.state.albums["Rock"]?.status == .loaded)
        #expect(clock.sleeperCount == 0)
    }

    @Test func aTransientFailureIsRetriedWithAGrowingDelay() async {
        let clock = TestClock()
        let server = FakeServer(latency: .zero) { genre, call in
            if call < 3 { throw Unreachable() }
            return ["\(genre) \(call)"]
        }
        let albums = albumsEndpoint(
            server, policy: QueryPolicy(retry: .backoff(attempts: 3, first: .seconds(1))))
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .zero)
        #expect(server.calls.count == 1)
        #expect(store.state.albums["Rock"]?.status == .loading)
        #expect(store.state.albums["Rock"]?.error?.message == "the server can't be reached")
        await clock.advance(by: .seconds(1))
        #expect(server.calls.count == 2)
        await clock.advance(by: .seconds(1))
        #expect(server.calls.count == 2)  // the second wait is two seconds
        await clock.advance(by: .seconds(1))
        #expect(server.calls.count == 3)
        #expect(store.state.albums["Rock"]?.status == .loaded)
        #expect(store.state.albums["Rock"]?.error == nil)
    }

    @Test func aFailureThatIsNotTransientFailsAtOnceAndKeepsTheOldValue() async {
        let clock = TestClock()
        let server = FakeServer(latency: .zero) { genre, call in
            if call == 2 { throw CocoaError(.fileReadCorruptFile) }
            return ["\(genre) \(call)"]
        }
        let albums = albumsEndpoint(
            server, policy: QueryPolicy(retry: .backoff(attempts: 3, first: .seconds(1))))
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .zero)
        store.dispatch(albums.refetch("Rock"))
        await clock.advance(by: .seconds(10))
        #expect(server.calls.count == 2)
        let entry = store.state.albums["Rock"]
        #expect(entry?.status == .failed)
        #expect(entry?.value == ["Rock 1"])
        #expect(entry?.error?.isTransient == false)
    }

    @Test func aFetchIsCancelledWhenNobodyWantsItAndItsLateAnswerIsDropped() async {
        let clock = TestClock()
        let server = FakeServer()
        let albums = albumsEndpoint(server)
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .milliseconds(500))
        store.dispatch(albums.unwant("Rock"))
        #expect(store.state.albums["Rock"]?.status == .idle)
        await clock.advance(by: .seconds(1))
        #expect(server.cancellations == 1)
        #expect(store.state.albums["Rock"]?.value == nil)
    }

    @Test func aFetchIsCancelledOnRequest() async {
        let clock = TestClock()
        let server = FakeServer()
        let albums = albumsEndpoint(server, policy: QueryPolicy(pollEvery: .seconds(5)))
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .milliseconds(10))
        store.dispatch(albums.cancel("Rock"))
        await clock.advance(by: .seconds(30))
        #expect(server.cancellations == 1)
        #expect(server.calls.count == 1)
        #expect(store.state.albums["Rock"]?.status == .idle)
        #expect(store.state.albums["Rock"]?.wantedBy == 1)
    }

    @Test func invalidatingATagRefetchesWhatIsWantedAndDropsTheRest() async {
        let clock = TestClock()
        let server = FakeServer(latency: .zero)
        let albums = albumsEndpoint(server, policy: QueryPolicy(freshFor: .seconds(600), keepFor: nil))
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        store.dispatch(albums.want("Pop"))
        await clock.advance(by: .zero)
        store.dispatch(albums.unwant("Pop"))
        store.dispatch(InvalidateQueries(tags: ["albums"]))
        await clock.advance(by: .zero)
        #expect(server.calls.sorted() == ["Pop", "Rock", "Rock"])
        #expect(store.state.albums["Rock"]?.status == .loaded)
        #expect(store.state.albums["Rock"]?.isInvalidated == false)
        #expect(store.state.albums["Pop"] == nil)
        store.dispatch(InvalidateQueries(tags: ["genre:Jazz"]))
        await clock.advance(by: .zero)
        #expect(server.calls.count == 3)
    }
}
