import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftQuery
import ReSwiftThunk
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// A virtual clock whose sleeps return at once, moving its time forward to the deadline, for
/// tests that go through real HTTP (where `TestClock` would have to be driven from beside the
/// command) or run the poller directly. Tests of the thunks use `TestClock`.
final class FakePollingClock: EffectClock {
    private let state = Locked((now: EffectInstant(nanoseconds: 0), sleeps: [Double]()))

    var now: EffectInstant { state.withLock { $0.now } }

    /// ``now`` in seconds.
    var seconds: Double { Double(now.nanoseconds) / 1e9 }

    func sleep(until deadline: EffectInstant) async throws {
        try Task.checkCancellation()
        state.withLock {
            guard deadline > $0.now else { return }
            $0.sleeps.append(Double((deadline - $0.now).nanoseconds) / 1e9)
            $0.now = deadline
        }
    }

    /// Moves the time forward (as a slow request would).
    func advance(by seconds: Double) { state.withLock { $0.now = $0.now + .seconds(seconds) } }

    /// Each wait, in seconds.
    var sleeps: [Double] { state.withLock { $0.sleeps } }
}

/// An availability service answering from a script, recording each request.
final class ScriptedAvailabilityService: AvailabilityService {
    enum Request: Equatable {
        case check(isbns: [String], systemIDs: [String])
        case poll(session: String)
    }

    private let script: Locked<[Result<AvailabilityAnswer, CalilError>]>
    private let log = Locked([Request]())
    private let clock: FakePollingClock?
    private let requestDuration: Double

    /// - Parameters:
    ///   - answers: Returned in turn; the last one again for later requests.
    ///   - clock: Moved forward by `requestDuration` at each request.
    init(
        _ answers: [Result<AvailabilityAnswer, CalilError>], clock: FakePollingClock? = nil,
        requestDuration: Double = 0
    ) {
        script = Locked(answers)
        self.clock = clock
        self.requestDuration = requestDuration
    }

    var requests: [Request] { log.current }

    func check(isbns: [ISBN], systemIDs: [String], timeout: Double) async throws -> AvailabilityAnswer {
        try answer(to: .check(isbns: isbns.map(\.digits), systemIDs: systemIDs))
    }

    func poll(session: String, timeout: Double) async throws -> AvailabilityAnswer {
        try answer(to: .poll(session: session))
    }

    private func answer(to request: Request) throws -> AvailabilityAnswer {
        log.withLock { $0.append(request) }
        clock?.advance(by: requestDuration)
        let next = script.withLock { script in script.count > 1 ? script.removeFirst() : script[0] }
        return try next.get()
    }
}

enum BookFixtures {
    static let isbn = try! ISBN("9784101092058")
    static let otherISBN = try! ISBN("020161622X")

    static func answer(
        continues: Bool, session: String? = "S1",
        _ books: [String: [String: SystemAvailability]] = [:]
    ) -> AvailabilityAnswer {
        AvailabilityAnswer(session: session, continues: continues, books: books)
    }

    static let running = SystemAvailability(status: .running)

    static func held(_ libraries: [String: String], url: String? = "https://example.jp/r")
        -> SystemAvailability
    {
        SystemAvailability(status: .ok, reserveURL: url, libraries: libraries.mapValues(Availability.init))
    }

    /// A `/check` body: `continue` and one system's answer for ``isbn``.
    static func checkJSON(continues: Int, status: String, libkey: String = "{}") -> String {
        """
        {"session":"sess-42","continue":\(continues),"books":{"9784101092058":{"Akita_Pref":\
        {"status":"\(status)","reserveurl":"https://example.jp/r?id=1","libkey":\(libkey)}}}}
        """
    }
}

/// The availability query's actions, as its middleware dispatches them: for tests that build a
/// state by reducing them.
enum BookEntries {
    typealias Event = QueryAction<BookSearch, BookAnswers>.Event

    /// ``BookFixtures/isbn`` in these systems.
    static func search(_ systemIDs: [String], isbn: ISBN = BookFixtures.isbn) -> BookSearch {
        BookSearch(isbns: [isbn], systemIDs: systemIDs)
    }

    static func action(_ search: BookSearch, _ event: Event) -> Action {
        QueryAction(endpoint: BookAvailability.declaration.name, argument: search, event: event)
    }

    /// `b` asked about `search`: wanted, its first request started, shown.
    static func ask(_ search: BookSearch) -> [Action] {
        [action(search, .want), action(search, .started), BookShown(search: search)]
    }

    /// The shown search's entry in `state` after `answer` arrived (a poll started if it was
    /// waiting for one), with `timeout` seconds given to it and the request made at `second`.
    static func answer(
        _ answer: AvailabilityAnswer, in state: LibraryFinderState, timeout: Double = 60, second: Double = 0
    ) -> LibraryFinderState {
        let search = state.books.shown!
        let entry = state.books.entries[search]
        var actions: [Action] = entry?.isFetching == true ? [] : [action(search, .started)]
        let previous =
            entry?.value
            ?? BookAnswers(timeGiven: timeout, deadline: EffectInstant(nanoseconds: 0) + .seconds(timeout))
        let requested = EffectInstant(nanoseconds: 0) + .seconds(second)
        let value = try! previous.adding(answer, for: search, requested: requested)
        actions.append(action(search, .loaded(value, at: QueryTimestamp(instant: requested, date: Date()))))
        return BookListFixtures.reduce(actions, from: state)
    }

    /// The shown search of `state` stopped (Esc), as the middleware says when it cancels it.
    static func stopped(_ state: LibraryFinderState) -> LibraryFinderState {
        BookListFixtures.reduce([action(state.books.shown!, .cancelled)], from: state)
    }

    /// The shown search of `state` failed with `message`.
    static func failed(_ message: String, _ state: LibraryFinderState) -> LibraryFinderState {
        BookListFixtures.reduce(
            [action(state.books.shown!, .failed(QueryError(message: message)))], from: state)
    }
}

/// Runs book searches on the `book` subcommand's store, with `service` and a virtual clock.
struct BookQueryRun {
    let service: any AvailabilityService
    /// The effects of the store, with the clock its polls wait on.
    let effects: ThunkEffects
    let timeout: Double

    init<C: EffectClock>(service: any AvailabilityService, clock: C, timeout: Double = 60) {
        self.service = service
        self.effects = ThunkEffects(clock: clock)
        self.timeout = timeout
    }

    /// Polls on a ``FakePollingClock``.
    init(service: any AvailabilityService, timeout: Double = 60) {
        self.init(service: service, clock: FakePollingClock(), timeout: timeout)
    }

    /// The store.
    func store() -> Store<QueryState<BookSearch, BookAnswers>> {
        BookAvailability.makeStore(BookAvailability.endpoint(service, timeout: timeout), effects: effects)
    }

    /// Asks about ``BookFixtures/isbn`` in `systemIDs` until the answer is final.
    func check(_ systemIDs: [String]) async throws -> BookCheck {
        try await store().dispatch(BookAvailability.check(BookEntries.search(systemIDs)))
    }
}
