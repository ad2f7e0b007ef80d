import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftThunk
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite(.timeLimit(.minutes(5))) struct BookCheckReducerTests {
    private let id = UUID()

    private func started() -> BookCheckState {
        applying(
            reduceBookCheck,
            BookCheckStarted(requestID: id, isbns: [BookFixtures.isbn], systemIDs: ["A", "B"]),
            to: BookCheckState())
    }

    @Test func startingResetsAndCountsThePairs() {
        let state = started()
        #expect(state.phase == .running(requestID: id))
        #expect(state.requestCount == 2)
        #expect(state.answeredCount == 0)
    }

    @Test func answersFillInAndTheNewestWins() {
        var state = started()
        state = applying(
            reduceBookCheck,
            BookCheckAnswered(
                requestID: id,
                answer: BookFixtures.answer(
                    continues: true,
                    ["9784101092058": ["A": BookFixtures.held(["本館": "貸出可"]), "B": BookFixtures.running]])),
            to: state)
        #expect(state.answeredCount == 1)
        #expect(state.result(for: BookFixtures.isbn, system: "A")?.libraries["本館"] == Availability("貸出可"))
        state = applying(
            reduceBookCheck,
            BookCheckAnswered(
                requestID: id,
                answer: BookFixtures.answer(
                    continues: false,
                    ["9784101092058": ["B": SystemAvailability(status: .error), "Z": BookFixtures.held([:])]])
            ), to: state)
        #expect(state.answeredCount == 2)
        #expect(state.result(for: BookFixtures.isbn, system: "A")?.status == .ok)
        #expect(state.result(for: BookFixtures.isbn, system: "B")?.status == .error)
        #expect(state.result(for: BookFixtures.isbn, system: "Z") == nil)  // not asked
    }

    @Test func answersAndEndingsOfAnotherSearchAreIgnored() {
        let state = started()
        let other = UUID()
        var next = applying(
            reduceBookCheck,
            BookCheckAnswered(
                requestID: other,
                answer: BookFixtures.answer(
                    continues: false, ["9784101092058": ["A": BookFixtures.held([:])]])), to: state)
        next = applying(reduceBookCheck, BookCheckEnded(requestID: other, ending: .finished), to: next)
        #expect(next == state)
        next = applying(
            reduceBookCheck,
            BookCheckStarted(requestID: other, isbns: [BookFixtures.otherISBN], systemIDs: ["C"]), to: next)
        #expect(next == state)  // one search at a time
    }

    @Test func theServiceEndingTheSearchFinishesItOnlyWhenEverySystemAnswered() {
        let answered = applying(
            reduceBookCheck,
            BookCheckAnswered(
                requestID: id,
                answer: BookFixtures.answer(
                    continues: false,
                    ["9784101092058": ["A": BookFixtures.held(["本館": "貸出可"]), "B": BookFixtures.running]])),
            to: started())
        let ended = BookCheckEnded(requestID: id, ending: .finished)
        #expect(applying(reduceBookCheck, ended, to: answered).phase == .incomplete)
        #expect(applying(reduceBookCheck, ended, to: started()).phase == .incomplete)
        let all = applying(
            reduceBookCheck,
            BookCheckAnswered(
                requestID: id,
                answer: BookFixtures.answer(
                    continues: false, ["9784101092058": ["B": BookFixtures.held([:])]])), to: answered)
        #expect(applying(reduceBookCheck, ended, to: all).phase == .finished)
    }

    @Test(arguments: [
        (BookCheckEnded.Ending.finished, BookCheckState.Phase.incomplete),
        (.timedOut(seconds: 3), .timedOut(seconds: 3)),
        (.failed(message: "m"), .failed(message: "m")),
        (.cancelled, .cancelled),
    ])
    func endingsSetThePhase(ending: BookCheckEnded.Ending, phase: BookCheckState.Phase) {
        let state = applying(reduceBookCheck, BookCheckEnded(requestID: id, ending: ending), to: started())
        #expect(state.phase == phase)
        #expect(!state.isRunning)
    }
}

@Suite(.timeLimit(.minutes(5))) struct BookCheckThunkTests {
    /// Runs the search on a store whose thunk middleware waits on a `TestClock`, advancing it
    /// until nothing waits on it any more (no real time passes).
    private func run(_ service: ScriptedAvailabilityService, timeout: Double = 60)
        async throws -> (BookCheckState, [String])
    {
        let names = Locked([String]())
        let recorder: Middleware<BookCheckState> = { _, _ in
            { next in
                { action in
                    names.withLock { $0.append(String(describing: type(of: action))) }
                    next(action)
                }
            }
        }
        let clock = TestClock()
        let store = Store<BookCheckState>(
            reducer: reduceBookCheck, state: BookCheckState(),
            middleware: [createThunkMiddleware(effects: ThunkEffects(clock: clock)), recorder])
        let poller = AvailabilityPoller(service: service, timeout: timeout)
        store.dispatch(
            checkAvailabilityThunk(isbns: [BookFixtures.isbn], systemIDs: ["A", "B"], poller: poller)
                as Action)
        #expect(await clock.run(), "the search still ran after the clock was advanced")
        #expect(!store.state.isRunning)
        return (store.state, names.current.filter { $0 != "ReSwiftInit" })
    }

    @Test func pollsUntilDoneDispatchingEachAnswer() async throws {
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
        let (state, actions) = try await run(service)
        #expect(
            actions == [
                "BookCheckStarted", "BookCheckAnswered", "BookCheckAnswered", "BookCheckAnswered",
                "BookCheckEnded",
            ])
        #expect(service.requests.count == 3)
        #expect(state.phase == .finished)
        #expect(state.answeredCount == 2)
        #expect(state.result(for: BookFixtures.isbn, system: "B")?.status == .error)
    }

    @Test func aFailedRequestEndsTheSearchWithTheMessage() async throws {
        let service = ScriptedAvailabilityService([
            .success(BookFixtures.answer(continues: true)),
            .failure(CalilError(.httpStatus(code: 503, serviceMessage: nil))),
        ])
        let (state, _) = try await run(service)
        guard case .failed(let message) = state.phase else {
            Issue.record("expected a failure, got \(state.phase)")
            return
        }
        #expect(message.contains("HTTP 503"))
    }

    @Test func timesOutKeepingWhatArrived() async throws {
        let service = ScriptedAvailabilityService([
            .success(
                BookFixtures.answer(
                    continues: true, ["9784101092058": ["A": BookFixtures.held(["本館": "貸出可"])]]))
        ])
        let (state, _) = try await run(service, timeout: 3)
        #expect(state.phase == .timedOut(seconds: 3))
        #expect(state.answeredCount == 1)
        #expect(service.requests.count == 2)
    }

    @Test func cancellingTheAwaitingTaskStopsThePollingWithNoFurtherRequest() async throws {
        let service = ScriptedAvailabilityService([.success(BookFixtures.answer(continues: true))])
        let clock = TestClock()
        let store = makeBookCheckStore(effects: ThunkEffects(clock: clock))
        let poller = AvailabilityPoller(service: service, timeout: 60)
        let task = Task {
            try await store.dispatch(
                checkAvailabilityThunk(isbns: [BookFixtures.isbn], systemIDs: ["A"], poller: poller))
        }
        try await eventually("the poller to wait on the clock") { clock.sleeperCount == 1 }
        task.cancel()
        try await task.value(waitingFor: "the cancelled check to end")
        #expect(store.state.phase == .cancelled)
        // Time passes; the poll that was due never comes.
        #expect(await clock.advance(by: .seconds(10)))
        #expect(service.requests == [.check(isbns: ["9784101092058"], systemIDs: ["A"])])
    }

    @Test func cancellingByIDStopsThePollingAndDropsWhatTheSearchWouldDispatch() async throws {
        let service = ScriptedAvailabilityService([.success(BookFixtures.answer(continues: true))])
        let clock = TestClock()
        let effects = ThunkEffects(clock: clock)
        let store = makeBookCheckStore(effects: effects)
        let poller = AvailabilityPoller(service: service, timeout: 60)
        store.dispatch(
            checkAvailabilityThunk(isbns: [BookFixtures.isbn], systemIDs: ["A"], poller: poller) as Action)
        #expect(await clock.settle())
        #expect(clock.pendingDeadlines == [EffectInstant(nanoseconds: 2_000_000_000)])
        store.cancelThunks(id: BookSearchEffect.id)
        #expect(await clock.run())
        #expect(clock.sleeperCount == 0)
        #expect(service.requests == [.check(isbns: ["9784101092058"], systemIDs: ["A"])])
        // Its own "cancelled" ending was dropped (BookSearchStopped marks it in the app).
        #expect(store.state.isRunning)
        #expect(effects.statistics.droppedActions == 1)
        #expect(effects.statistics.inFlight == 0)
    }
}
