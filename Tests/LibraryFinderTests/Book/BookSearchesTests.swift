import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftThunk
import TerminalUI
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// Libraries in two systems, listed and ready for `b`.
enum BookListFixtures {
    static func library(_ short: String, system: String, key: String? = nil) -> Library {
        var library = Fixtures.library(id: short, short: short)
        library.systemID = system
        library.systemName = system == "Akita_Pref" ? "秋田県立図書館" : "秋田県秋田市"
        library.libraryKey = key ?? short
        return library
    }

    static let libraries = [
        library("県立図書館", system: "Akita_Pref", key: "本館"),
        library("明徳館", system: "Akita_Akita"),
        library("土崎図書館", system: "Akita_Akita"),
    ]

    /// The list loaded, nothing asked yet.
    static var listed: LibraryFinderState {
        let actions: [Action] = [
            ListActions.started,
            ListActions.loaded(libraries, at: Date(timeIntervalSince1970: 1_800_000_000)),
        ]
        return actions.reduce(LibraryFinderState()) { applying(reduceLibraryFinder, $1, to: $0) }
    }

    static func reduce(_ actions: [Action], from state: LibraryFinderState = listed) -> LibraryFinderState {
        actions.reduce(state) { applying(reduceLibraryFinder, $1, to: $0) }
    }

    /// Both systems answered for ``BookFixtures/isbn``: 本館 available, 明徳館 on loan.
    static let answered = BookFixtures.answer(
        continues: false,
        [
            "9784101092058": [
                "Akita_Pref": BookFixtures.held(["本館": "貸出可"], url: "https://pref.example.jp/r?isbn=1"),
                "Akita_Akita": BookFixtures.held(["明徳館": "貸出中"], url: "https://city.example.jp/r"),
            ]
        ])
}

@Suite struct BookSearchesReducerTests {
    private let id = UUID()

    @Test func thePromptOpensEditsShowsAProblemUntilTheNextEditAndCloses() {
        var state = BookListFixtures.reduce([BookPromptAction.open])
        #expect(state.books.prompt == BookPrompt())
        state = BookListFixtures.reduce([BookPromptAction.edit(text: "978", cursor: 3)], from: state)
        state = BookListFixtures.reduce([BookPromptAction.reject("bad")], from: state)
        #expect(state.books.prompt?.problem == "bad")
        #expect(state.books.prompt?.text == "978")
        state = BookListFixtures.reduce([BookPromptAction.edit(text: "9784", cursor: 4)], from: state)
        #expect(state.books.prompt == BookPrompt(text: "9784", cursor: 4, problem: nil))
        state = BookListFixtures.reduce([BookPromptAction.close], from: state)
        #expect(state.books.prompt == nil)
        // The cursor stays inside the text.
        state = BookListFixtures.reduce(
            [BookPromptAction.open, BookPromptAction.edit(text: "97", cursor: 9)], from: state)
        #expect(state.books.prompt?.cursor == 2)
        state = BookListFixtures.reduce([BookPromptAction.close], from: state)
        // Neither an edit nor a rejection opens a closed prompt.
        state = BookListFixtures.reduce(
            [BookPromptAction.edit(text: "1", cursor: 1), BookPromptAction.reject("x")], from: state)
        #expect(state.books.prompt == nil)
    }

    @Test func aSearchIsKeptByISBNAndFillsInAsAnswersArrive() {
        var state = BookListFixtures.reduce([
            BookCheckStarted(
                requestID: id, isbns: [BookFixtures.isbn], systemIDs: ["Akita_Pref", "Akita_Akita"])
        ])
        #expect(state.books.shown == BookFixtures.isbn)
        #expect(state.books.running?.requestCount == 2)
        state = BookListFixtures.reduce(
            [
                BookCheckAnswered(
                    requestID: id,
                    answer: BookFixtures.answer(
                        continues: true,
                        [
                            "9784101092058": [
                                "Akita_Pref": BookFixtures.held(["本館": "貸出可"]),
                                "Akita_Akita": BookFixtures.running,
                            ]
                        ]))
            ], from: state)
        #expect(state.books.searches[BookFixtures.isbn]?.answeredCount == 1)
        state = BookListFixtures.reduce(
            [
                BookCheckAnswered(requestID: id, answer: BookListFixtures.answered),
                BookCheckEnded(requestID: id, ending: .finished),
            ], from: state)
        let search = state.books.searches[BookFixtures.isbn]
        #expect(search?.phase == .finished)
        #expect(search?.answeredCount == 2)
        #expect(state.books.running == nil)
        #expect(state.libraries == BookListFixtures.libraries)
    }

    @Test func aSecondBookKeepsTheFirstBooksAnswersAndCanShowThemAgain() {
        let other = UUID()
        var state = BookListFixtures.reduce([
            BookCheckStarted(requestID: id, isbns: [BookFixtures.isbn], systemIDs: ["Akita_Pref"]),
            BookCheckAnswered(requestID: id, answer: BookListFixtures.answered),
            BookCheckEnded(requestID: id, ending: .finished),
            BookCheckStarted(requestID: other, isbns: [BookFixtures.otherISBN], systemIDs: ["Akita_Pref"]),
        ])
        #expect(state.books.shown == BookFixtures.otherISBN)
        #expect(state.books.searches[BookFixtures.isbn]?.phase == .finished)
        // Answers for the running search don't touch the finished one.
        state = BookListFixtures.reduce([BookCheckEnded(requestID: other, ending: .cancelled)], from: state)
        #expect(state.books.searches[BookFixtures.otherISBN]?.phase == .cancelled)
        #expect(state.books.searches[BookFixtures.isbn]?.answeredCount == 1)
        state = BookListFixtures.reduce([BookShown(isbn: BookFixtures.isbn)], from: state)
        #expect(state.books.shown == BookFixtures.isbn)
        let unknown = try! ISBN("9784003101018")
        #expect(
            BookListFixtures.reduce([BookShown(isbn: unknown)], from: state).books.shown == BookFixtures.isbn)
    }

    @Test func aSecondSearchDoesNotStartWhileOneRuns() {
        let state = BookListFixtures.reduce([
            BookCheckStarted(requestID: id, isbns: [BookFixtures.isbn], systemIDs: ["Akita_Pref"])
        ])
        let next = BookListFixtures.reduce(
            [BookCheckStarted(requestID: UUID(), isbns: [BookFixtures.otherISBN], systemIDs: ["Akita_Pref"])],
            from: state)
        #expect(next == state)
    }
}

@Suite struct BookLookupTests {
    @Test func aBadISBNIsRefusedWithTheCommandLinesMessage() throws {
        let typed = "978-4-10-109205-9"
        guard case .reject(let message) = BookLookup.plan(for: typed, in: BookListFixtures.listed) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(message.contains("its check digit is 9 but the other digits give 8"))
        var commandLine: String?
        do {
            _ = try BookInvocation.parse([typed, "--system-id", "A"], environment: [:])
        } catch {
            commandLine = error.description
        }
        #expect(try #require(commandLine).contains(message))
    }

    @Test func asksTheListedSystemsOnceEachInListOrder() {
        #expect(
            BookLookup.plan(for: "4-10-109205-2", in: BookListFixtures.listed)
                == .ask(BookFixtures.isbn, systemIDs: ["Akita_Pref", "Akita_Akita"]))
        let filtered = BookListFixtures.reduce([LibraryListAction.editFilter("明徳")])
        #expect(
            BookLookup.plan(for: "9784101092058", in: filtered)
                == .ask(BookFixtures.isbn, systemIDs: ["Akita_Akita"]))
    }

    @Test func showsAFinishedBookFromMemoryAndAsksAgainForOneThatDidNotFinish() {
        let id = UUID()
        let started = BookCheckStarted(
            requestID: id, isbns: [BookFixtures.isbn], systemIDs: ["Akita_Pref", "Akita_Akita"])
        let answered = BookCheckAnswered(requestID: id, answer: BookListFixtures.answered)
        let finished = BookListFixtures.reduce([
            started, answered, BookCheckEnded(requestID: id, ending: .finished),
        ])
        #expect(BookLookup.plan(for: "9784101092058", in: finished) == .show(BookFixtures.isbn))
        // The service ended it before every system answered: asked again.
        let incomplete = BookListFixtures.reduce([started, BookCheckEnded(requestID: id, ending: .finished)])
        #expect(incomplete.books.searches[BookFixtures.isbn]?.phase == .incomplete)
        #expect(
            BookLookup.plan(for: "9784101092058", in: incomplete)
                == .ask(BookFixtures.isbn, systemIDs: ["Akita_Pref", "Akita_Akita"]))
        let cancelled = BookListFixtures.reduce([started, BookCheckEnded(requestID: id, ending: .cancelled)])
        #expect(
            BookLookup.plan(for: "9784101092058", in: cancelled)
                == .ask(BookFixtures.isbn, systemIDs: ["Akita_Pref", "Akita_Akita"]))
        // A reload that lists a system the search didn't ask asks again.
        let more = ListActions.showing(
            finished.libraries + [BookListFixtures.library("大館", system: "Akita_Odate")], in: finished)
        #expect(
            BookLookup.plan(for: "9784101092058", in: more)
                == .ask(BookFixtures.isbn, systemIDs: ["Akita_Pref", "Akita_Akita", "Akita_Odate"]))
    }

    @Test func refusesWhileASearchRunsWithNothingListedOrWithTooManySystems() {
        let running = BookListFixtures.reduce([
            BookCheckStarted(requestID: UUID(), isbns: [BookFixtures.otherISBN], systemIDs: ["Akita_Pref"])
        ])
        #expect(
            BookLookup.plan(for: "9784101092058", in: running)
                == .reject("A search is still running; press Esc to stop it first."))
        let nothing = BookListFixtures.reduce([LibraryListAction.editFilter("no such library")])
        guard case .reject(let empty) = BookLookup.plan(for: "9784101092058", in: nothing) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(empty.contains("No library is listed"))
        var many = ListActions.showing(
            (1...101).map { BookListFixtures.library("L\($0)", system: "S\($0)") },
            in: BookListFixtures.listed)
        guard case .reject(let tooMany) = BookLookup.plan(for: "9784101092058", in: many) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(tooMany.contains("The list has 101 library systems, and one search asks at most 100."))
        many = ListActions.showing(Array(many.libraries.dropLast()), in: many)
        #expect(BookLookup.plan(for: "9784101092058", in: many) != .reject(tooMany))
    }
}

@Suite struct CheckBookThunkTests {
    private func store(_ state: LibraryFinderState = BookListFixtures.listed) -> Store<LibraryFinderState> {
        Store<LibraryFinderState>(
            reducer: reduceLibraryFinder, state: state, middleware: [createThunkMiddleware()])
    }

    @Test func closesThePromptAndFillsTheBookInAsThePollsAnswer() async throws {
        let service = ScriptedAvailabilityService([
            .success(
                BookFixtures.answer(
                    continues: true,
                    [
                        "9784101092058": [
                            "Akita_Pref": BookFixtures.running, "Akita_Akita": BookFixtures.running,
                        ]
                    ])),
            .success(BookListFixtures.answered),
        ])
        let clock = FakePollingClock()
        let store = store(BookListFixtures.reduce([BookPromptAction.open]))
        let answered = Locked([Int]())
        let token = store.subscribe { (state: LibraryFinderState) in
            if let count = state.books.shownSearch?.answeredCount { answered.withLock { $0.append(count) } }
        }
        defer { token.cancel() }
        let poller = AvailabilityPoller(service: service, clock: clock, timeout: 60)
        try await store.dispatch(checkBookThunk(text: "4-10-109205-2", poller: poller))
        let state: LibraryFinderState = store.state
        #expect(state.books.prompt == nil)
        #expect(state.books.shown == BookFixtures.isbn)
        #expect(state.books.searches[BookFixtures.isbn]?.phase == .finished)
        #expect(answered.current.first == 0)
        #expect(answered.current.last == 2)
        #expect(
            service.requests == [
                .check(isbns: ["9784101092058"], systemIDs: ["Akita_Pref", "Akita_Akita"]),
                .poll(session: "S1"),
            ])
        #expect(clock.sleeps == [2])
    }

    @Test func aRefusedISBNAsksNothingAndKeepsThePromptOpenWithTheReason() async throws {
        let service = ScriptedAvailabilityService([.success(BookListFixtures.answered)])
        let store = store(BookListFixtures.reduce([BookPromptAction.open]))
        let poller = AvailabilityPoller(service: service, clock: FakePollingClock(), timeout: 60)
        try await store.dispatch(checkBookThunk(text: "12345", poller: poller))
        #expect(
            store.state.books.prompt?.problem
                == "\"12345\" is not an ISBN: it has 5 digits; an ISBN has 10 or 13")
        #expect(service.requests.isEmpty)
    }

    @Test func aBookAnsweredEarlierIsShownWithoutAskingAgain() async throws {
        let service = ScriptedAvailabilityService([.success(BookListFixtures.answered)])
        let store = store()
        let poller = AvailabilityPoller(service: service, clock: FakePollingClock(), timeout: 60)
        try await store.dispatch(checkBookThunk(text: "9784101092058", poller: poller))
        try await store.dispatch(checkBookThunk(text: "020161622X", poller: poller))
        #expect(service.requests.count == 2)
        #expect(store.state.books.shown == BookFixtures.otherISBN)
        try await store.dispatch(checkBookThunk(text: "4101092052", poller: poller))
        #expect(service.requests.count == 2)
        #expect(store.state.books.shown == BookFixtures.isbn)
        #expect(store.state.books.searches.count == 2)
    }

    @Test func aSearchThatRunsOutOfTimeKeepsWhatArrivedAndSaysSo() async throws {
        let service = ScriptedAvailabilityService([
            .success(
                BookFixtures.answer(
                    continues: true,
                    [
                        "9784101092058": [
                            "Akita_Pref": BookFixtures.held(["本館": "貸出可"]),
                            "Akita_Akita": BookFixtures.running,
                        ]
                    ]))
        ])
        let store = store()
        let poller = AvailabilityPoller(service: service, clock: FakePollingClock(), timeout: 3)
        try await store.dispatch(checkBookThunk(text: "9784101092058", poller: poller))
        let state: LibraryFinderState = store.state
        #expect(state.books.shownSearch?.phase == .timedOut(seconds: 3))
        #expect(state.books.shownSearch?.answeredCount == 1)
        #expect(service.requests.count == 2)
        let lines = LibraryFinderScreen.bookLines(state, width: 200, spinnerFrame: "⠋").map(\.plainText)
        #expect(
            lines == [
                "ISBN 9784101092058: the search ran out of time after 3 s; 1 of 2 library systems answered. "
                    + "Press b to ask again."
            ])
        // Not finished, so asked again.
        #expect(
            BookLookup.plan(for: "9784101092058", in: state)
                == .ask(BookFixtures.isbn, systemIDs: ["Akita_Pref", "Akita_Akita"]))
    }

    @Test func aFailedSearchKeepsItsMessageForTheBook() async throws {
        let service = ScriptedAvailabilityService([
            .failure(CalilError(.httpStatus(code: 503, serviceMessage: nil)))
        ])
        let store = store()
        let poller = AvailabilityPoller(service: service, clock: FakePollingClock(), timeout: 60)
        try await store.dispatch(checkBookThunk(text: "9784101092058", poller: poller))
        guard case .failed(let message)? = store.state.books.shownSearch?.phase else {
            Issue.record(
                "expected a failure, got \(String(describing: store.state.books.shownSearch?.phase))")
            return
        }
        #expect(message.contains("HTTP 503"))
    }
}

@Suite struct BookSearchStopTests {
    @Test func escStopsThePollingKeepsWhatArrivedAndNoRequestIsMadeAfterIt() async throws {
        let service = ScriptedAvailabilityService([
            .success(
                BookFixtures.answer(
                    continues: true,
                    [
                        "9784101092058": [
                            "Akita_Pref": BookFixtures.held(["本館": "貸出可"]),
                            "Akita_Akita": BookFixtures.running,
                        ]
                    ]))
        ])
        let clock = TestClock()
        let store = Store<LibraryFinderState>(
            reducer: reduceLibraryFinder, state: BookListFixtures.listed,
            middleware: [createThunkMiddleware(effects: ThunkEffects(clock: clock))])
        let poller = AvailabilityPoller(service: service, timeout: 60)
        store.dispatch(checkBookThunk(text: "9784101092058", poller: poller) as Action)
        #expect(await clock.settle())
        #expect(clock.sleeperCount == 1)
        #expect(store.state.books.running != nil)
        for action in BookSearchEffect.stopActions { store.dispatch(action) }
        let search = try #require(store.state.books.shownSearch)
        #expect(search.phase == .cancelled)
        #expect(search.answeredCount == 1)
        #expect(
            search.result(for: BookFixtures.isbn, system: "Akita_Pref")?.libraries["本館"]
                == Availability("貸出可"))
        #expect(store.state.books.running == nil)
        // The poll that was due in 2 s never comes, however much time passes.
        #expect(await clock.advance(by: .seconds(60)))
        #expect(clock.sleeperCount == 0)
        #expect(
            service.requests == [.check(isbns: ["9784101092058"], systemIDs: ["Akita_Pref", "Akita_Akita"])])
    }
}
