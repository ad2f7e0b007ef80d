import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftQuery
import ReSwiftThunk

/// The state of the tests' app: one endpoint's slice.
struct AppState: Equatable, Codable, Sendable {
    var albums = QueryState<String, [String]>()
}

/// A server for the tests: counts fetches per genre, takes `latency` on the store's effect clock,
/// and answers from `answer` (which may throw).
final class FakeServer: Sendable {
    private let log = Locked<[String]>([])
    private let cancelled = Locked(0)
    let latency: EffectDuration
    let answer: @Sendable (String, Int) throws -> [String]

    init(
        latency: EffectDuration = .seconds(1),
        answer: @escaping @Sendable (String, Int) throws -> [String] = { genre, call in ["\(genre) \(call)"] }
    ) {
        self.latency = latency
        self.answer = answer
    }

    /// The genres fetched, in order.
    var calls: [String] { log.withLock { $0 } }
    /// Fetches that saw their task cancelled.
    var cancellations: Int { cancelled.withLock { $0 } }

    func fetch(_ genre: String) async throws -> [String] {
        let call = log.withLock { log -> Int in
            log.append(genre)
            return log.count
        }
        do {
            // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
            try await EffectEnvironment.sleep(for: latency)
        } catch {
            cancelled.withLock { $0 += 1 }
            throw error
        }
        return try answer(genre, call)
    }
}

/// A failure the endpoint calls transient.
struct Unreachable: Error, CustomStringConvertible {
    var description: String { "the server can't be reached" }
}

/// The albums endpoint on `server`.
func albumsEndpoint(
    _ server: FakeServer, policy: QueryPolicy = QueryPolicy(),
    isComplete: @escaping @Sendable ([String]) -> Bool = { _ in false }
) -> QueryEndpoint<String, [String]> {
    QueryEndpoint(
        "albums", policy: policy, tags: { ["albums", "genre:\($0)"] }, isComplete: isComplete,
        isTransient: { $0 is Unreachable }
    ) { genre in
        try await server.fetch(genre)
    }
}

/// A store with the thunk middleware on `clock` and the endpoint's middleware.
func makeStore(
    _ endpoint: QueryEndpoint<String, [String]>, clock: TestClock, state: AppState = AppState(),
    date: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) },
    extra: [Middleware<AppState>] = []
) -> Store<AppState> {
    Store(
        reducer: { action, state in endpoint.reduce(action, &state.albums) }, state: state,
        middleware: extra + [
            createThunkMiddleware(effects: ThunkEffects(clock: clock)),
            endpoint.middleware(\.albums, now: date),
        ])
}
