import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftQuery
import ReSwiftThunk
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// What a search's entry says: the answers merged as they arrive, and the phase read from it.
@Suite struct BookCheckPhaseTests {
    private let search = BookSearch(isbns: [BookFixtures.isbn], systemIDs: ["A", "B"])
    private let start = BookAnswers(timeGiven: 60, deadline: EffectInstant(nanoseconds: 60_000_000_000))

    private func check(_ answers: BookAnswers?, status: QueryEntry<BookAnswers>.Status = .loaded) -> BookCheck
    {
        BookCheck(search: search, entry: QueryEntry(status: status, value: answers))
    }

    private func adding(_ answer: AvailabilityAnswer, to answers: BookAnswers? = nil, second: Int = 0)
        -> BookAnswers
    {
        try! (answers ?? start).adding(
            answer, for: search, requested: EffectInstant(nanoseconds: 0) + .seconds(second))
    }

    @Test func askingCountsThePairsAndIsCheckingUntilTheFirstAnswer() {
        let asking = check(nil, status: .loading)
        #expect(asking.phase == .checking)
        #expect(asking.isRunning)
        #expect(asking.requestCount == 2)
        #expect(asking.answeredCount == 0)
    }

    @Test func answersFillInAndTheNewestWins() {
        var answers = adding(
            BookFixtures.answer(
                continues: true,
                ["9784101092058": ["A": BookFixtures.held(["本館": "貸出可"]), "B": BookFixtures.running]]))
        #expect(check(answers).answeredCount == 1)
        #expect(
            check(answers).result(for: BookFixtures.isbn, system: "A")?.libraries["本館"] == Availability("貸出可")
        )
        answers = adding(
            BookFixtures.answer(
                continues: false,
                ["9784101092058": ["B": SystemAvailability(status: .error), "Z": BookFixtures.held([:])]]),
            to: answers)
        let state = check(answers)
        #expect(state.answeredCount == 2)
        #expect(state.result(for: BookFixtures.isbn, system: "A")?.status == .ok)
        #expect(state.result(for: BookFixtures.isbn, system: "B")?.status == .error)
        #expect(state.result(for: BookFixtures.isbn, system: "Z") == nil)  // not asked
    }

    @Test func answersOfAnotherSearchChangeOnlyItsEntry() {
        let other = BookEntries.search(["Akita_Pref"], isbn: BookFixtures.otherISBN)
        let mine = BookEntries.search(["Akita_Pref"])
        let state = BookListFixtures.reduce(BookEntries.ask(mine))
        let next = BookListFixtures.reduce(
            [
                BookEntries.action(other, .started),
                BookEntries.action(other, .loaded(start, at: QueryTimestamp(instant: nil, date: Date()))),
            ], from: state)
        #expect(next.books.entries[mine] == state.books.entries[mine])
        #expect(next.books.shown == mine)
    }

    @Test func theServiceEndingTheSearchFinishesItOnlyWhenEverySystemAnswered() {
        let half = adding(
            BookFixtures.answer(
                continues: false,
                ["9784101092058": ["A": BookFixtures.held(["本館": "貸出可"]), "B": BookFixtures.running]]))
        #expect(check(half).phase == .incomplete)
        #expect(check(adding(BookFixtures.answer(continues: false))).phase == .incomplete)
        let all = adding(
            BookFixtures.answer(continues: false, ["9784101092058": ["B": BookFixtures.held([:])]]), to: half)
        #expect(check(all).phase == .finished)
    }

    @Test func theTimeRunningOutFailingAndStoppingEachHaveTheirPhaseAndStopTheSearch() {
        // Given 3 s, a request at 2 s leaves no room for the next one at 4 s.
        var short = start
        short.timeGiven = 3
        short.deadline = EffectInstant(nanoseconds: 3_000_000_000)
        let timedOut = check(adding(BookFixtures.answer(continues: true), to: short, second: 2))
        #expect(timedOut.phase == .timedOut(seconds: 3))
        let failed = BookCheck(
            search: search, entry: QueryEntry(status: .failed, value: start, error: QueryError(message: "m")))
        #expect(failed.phase == .failed(message: "m"))
        let stopped = check(adding(BookFixtures.answer(continues: true)))
        #expect(stopped.phase == .cancelled)
        #expect(check(nil, status: .idle).phase == .cancelled)
        for state in [timedOut, failed, stopped] { #expect(!state.isRunning) }
        var polling = QueryEntry(status: .loaded, value: adding(BookFixtures.answer(continues: true)))
        polling.isPolling = true
        #expect(BookCheck(search: search, entry: polling).phase == .checking)
    }

    @Test func aContinuingAnswerWithoutASessionIsRefused() {
        #expect(throws: CalilError.self) {
            try start.adding(
                BookFixtures.answer(continues: true, session: nil), for: search,
                requested: EffectInstant(nanoseconds: 0))
        }
    }
}

/// The availability query on the `book` subcommand's store: polls with the session until the
/// answer is final, each request's start at least 2 s after the previous one's.
@Suite(.timeLimit(.minutes(1)))
struct BookQueryTests {
    private let search = BookEntries.search(["A", "B"])

    @Test func pollsUntilDoneThenStops() async throws {
        let service = ScriptedAvailabilityService([
            .success(
                BookFixtures.answer(
                    continues: true,
                    ["9784101092058": ["A": BookFixtures.running, "B": BookFixtures.running]])),
            .success(
                BookFixtures.answer(
                    continues: true,
                    ["9784101092058": ["A": BookFixtures.held(["本館": "貸出中"]), "B": BookFixtures.running]])),
            .success(
                BookFixtures.answer(
                    continues: false,
                    [
                        "9784101092058": [
                            "A": BookFixtures.held(["本館": "貸出中"]), "B": SystemAvailability(status: .error),
                        ]
                    ])),
        ])
        let events = Locked([String]())
        let recorder: Middleware<QueryState<BookSearch, BookAnswers>> = { _, _ in
            { next in
                { action in
                    if let query = action as? QueryAction<BookSearch, BookAnswers> {
                        events.withLock {
                            $0.append(String(describing: query.event).prefix { $0 != "(" }.description)
                        }
                    }
                    next(action)
                }
            }
        }
        let clock = FakePollingClock()
        let endpoint = BookAvailability.endpoint(service, timeout: 60)
        let store = Store<QueryState<BookSearch, BookAnswers>>(
            reducer: { action, state in endpoint.reduce(action, &state) }, state: QueryState(),
            middleware: [
                recorder, createThunkMiddleware(effects: ThunkEffects(clock: clock)),
                endpoint.middleware { $0 },
            ])
        let state = try await store.dispatch(BookAvailability.check(search))
        #expect(
            events.current == [
                "want", "started", "loaded", "started", "loaded", "started", "loaded", "unwant",
            ])
        #expect(
            service.requests == [
                .check(isbns: ["9784101092058"], systemIDs: ["A", "B"]), .poll(session: "S1"),
                .poll(session: "S1"),
            ])
        #expect(clock.sleeps == [2, 2])
        #expect(state.phase == .finished)
        #expect(state.answeredCount == 2)
        #expect(state.result(for: BookFixtures.isbn, system: "B")?.status == .error)
    }

    @Test func aFailedRequestEndsTheSearchWithTheMessageKeepingWhatArrived() async throws {
        let service = ScriptedAvailabilityService([
            .success(
                BookFixtures.answer(
                    continues: true, ["9784101092058": ["A": BookFixtures.held(["本館": "貸出可"])]])),
            .failure(CalilError(.httpStatus(code: 503, serviceMessage: nil))),
        ])
        let state = try await BookQueryRun(service: service).check(["A", "B"])
        guard case .failed(let message) = state.phase else {
            Issue.record("expected a failure, got \(state.phase)")
            return
        }
        #expect(message.contains("HTTP 503"))
        #expect(state.answeredCount == 1)
    }

    @Test func timesOutKeepingWhatArrived() async throws {
        let service = ScriptedAvailabilityService([
            .success(
                BookFixtures.answer(
                    continues: true, ["9784101092058": ["A": BookFixtures.held(["本館": "貸出可"])]]))
        ])
        let state = try await BookQueryRun(service: service, timeout: 3).check(["A", "B"])
        #expect(state.phase == .timedOut(seconds: 3))
        #expect(state.answeredCount == 1)
        #expect(service.requests.count == 2)
    }

    @Test func cancellingTheAwaitingTaskStopsThePollingWithNoFurtherRequest() async throws {
        let service = ScriptedAvailabilityService([.success(BookFixtures.answer(continues: true))])
        let clock = TestClock()
        let store = BookQueryRun(service: service, clock: clock).store()
        let task = Task { try await store.dispatch(BookAvailability.check(BookEntries.search(["A"]))) }
        try await eventually("the search to wait on the clock for its poll") { clock.sleeperCount == 1 }
        task.cancel()
        let state = try await task.value(waitingFor: "the cancelled search to end")
        #expect(state.phase == .cancelled)
        #expect(store.state[BookEntries.search(["A"])]?.isPolling == false)
        // Time passes; the poll that was due never comes.
        #expect(await clock.advance(by: .seconds(10)))
        #expect(clock.sleeperCount == 0)
        #expect(service.requests == [.check(isbns: ["9784101092058"], systemIDs: ["A"])])
    }

    @Test(arguments: [false, true])
    func cancellingOrUnwantingTheEntryStopsThePollsKeepingWhatArrived(unwant: Bool) async throws {
        let service = ScriptedAvailabilityService([
            .success(
                BookFixtures.answer(
                    continues: true, ["9784101092058": ["A": BookFixtures.held(["本館": "貸出可"])]]))
        ])
        let clock = TestClock()
        let store = BookQueryRun(service: service, clock: clock).store()
        let search = BookEntries.search(["A"])
        store.dispatch(BookAvailability.declaration.want(search))
        #expect(await clock.settle())
        #expect(clock.pendingDeadlines == [EffectInstant(nanoseconds: 2_000_000_000)])
        let endpoint = BookAvailability.declaration
        store.dispatch(unwant ? endpoint.unwant(search) : endpoint.cancel(search))
        #expect(await clock.run())
        #expect(clock.sleeperCount == 0)
        #expect(service.requests == [.check(isbns: ["9784101092058"], systemIDs: ["A"])])
        let stopped = BookCheck(search: search, entry: store.state[search])
        #expect(stopped.phase == .cancelled)
        #expect(stopped.result(for: BookFixtures.isbn, system: "A")?.libraries["本館"] == Availability("貸出可"))
    }
}
