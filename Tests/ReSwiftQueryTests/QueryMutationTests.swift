import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftQuery
import ReSwiftThunk
import Testing

/// Mutations: an optimistic change at once, rolled back if the write fails.
@Suite(.timeLimit(.minutes(3)))
struct QueryMutationTests {
    @Test func anOptimisticChangeShowsAtOnceAndStaysWhenTheWriteSucceeds() async throws {
        let clock = TestClock()
        let server = FakeServer(latency: .zero)
        let albums = albumsEndpoint(server, policy: QueryPolicy(freshFor: .seconds(60)))
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .zero)
        let seen = Locked<[String]?>(nil)
        try await store.dispatch(
            albums.mutation(updating: "Rock", in: \AppState.albums, change: { $0.append("Mine") }) {
                [store] in seen.withLock { $0 = store.state.albums["Rock"]?.value }
            })
        #expect(seen.withLock { $0 } == ["Rock 1", "Mine"])
        #expect(store.state.albums["Rock"]?.value == ["Rock 1", "Mine"])
    }

    @Test func aFailedWriteRollsTheChangeBackAndSaysWhy() async throws {
        let clock = TestClock()
        let server = FakeServer(latency: .zero)
        let albums = albumsEndpoint(server)
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .zero)
        await #expect(throws: Unreachable.self) {
            try await store.dispatch(
                albums.mutation(updating: "Rock", in: \AppState.albums, change: { $0 = [] }) {
                    throw Unreachable()
                })
        }
        #expect(store.state.albums["Rock"]?.value == ["Rock 1"])
        #expect(store.state.albums["Rock"]?.error?.message == "the server can't be reached")
    }

    @Test func aSuccessfulWriteInvalidatesItsTags() async throws {
        let clock = TestClock()
        let server = FakeServer(latency: .zero)
        let albums = albumsEndpoint(server, policy: QueryPolicy(freshFor: .seconds(600)))
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .zero)
        try await store.dispatch(
            albums.mutation(
                updating: "Rock", in: \AppState.albums, invalidating: ["genre:Rock"], change: { _ in },
                write: {}))
        await clock.advance(by: .zero)
        #expect(server.calls == ["Rock", "Rock"])
        #expect(store.state.albums["Rock"]?.value == ["Rock 2"])
    }
}
