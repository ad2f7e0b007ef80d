import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftQuery
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
    private let both = BookEntries.search(["Akita_Pref", "Akita_Akita"])

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

    @Test func aSearchIsKeptByBooksAndSystemsAndFillsInAsAnswersArrive() {
        var state = BookListFixtures.reduce(BookEntries.ask(both))
        #expect(state.books.shown == both)
        #expect(state.books.running?.requestCount == 2)
        state = BookEntries.answer(
            BookFixtures.answer(
                continues: true,
                [
                    "9784101092058": [
                        "Akita_Pref": BookFixtures.held(["本館": "貸出可"]), "Akita_Akita": BookFixtures.running,
                    ]
                ]), in: state)
        #expect(state.books.shownSearch?.answeredCount == 1)
        #expect(state.books.running != nil)
        state = BookEntries.answer(BookListFixtures.answered, in: state, second: 2)
        let search = state.books.shownSearch
        #expect(search?.phase == .finished)
        #expect(search?.answeredCount == 2)
        #expect(state.books.running == nil)
        #expect(state.libraries == BookListFixtures.libraries)
    }

    @Test func aSecondBookKeepsTheFirstBooksAnswersAndCanShowThemAgain() {
        let first = BookEntries.search(["Akita_Pref"])
        let second = BookEntries.search(["Akita_Pref"], isbn: BookFixtures.otherISBN)
        var state = BookEntries.answer(
            BookListFixtures.answered, in: BookListFixtures.reduce(BookEntries.ask(first)))
        state = BookListFixtures.reduce(BookEntries.ask(second), from: state)
        #expect(state.books.shown == second)
        #expect(state.books.entries[first].map { BookCheck(search: first, entry: $0).phase } == .finished)
        // The running search's end doesn't touch the finished one.
        state = BookEntries.stopped(state)
        #expect(state.books.shownSearch?.phase == .cancelled)
        #expect(BookCheck(search: first, entry: state.books.entries[first]).answeredCount == 1)
        state = BookListFixtures.reduce([BookShown(search: first)], from: state)
        #expect(state.books.shown == first)
        let unknown = BookEntries.search(["Akita_Pref"], isbn: try! ISBN("9784003101018"))
        #expect(BookListFixtures.reduce([BookShown(search: unknown)], from: state).books.shown == first)
    }
}

@Suite struct BookPlanTests {
    private let both = BookEntries.search(["Akita_Pref", "Akita_Akita"])

    @Test func aBadISBNIsRefusedWithTheCommandLinesMessage() throws {
        let typed = "978-4-10-109205-9"
        guard case .reject(let message) = BookSearches.plan(for: typed, in: BookListFixtures.listed) else {
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
        #expect(BookSearches.plan(for: "4-10-109205-2", in: BookListFixtures.listed) == .ask(both))
        let filtered = BookListFixtures.reduce([LibraryListAction.editFilter("明徳")])
        #expect(
            BookSearches.plan(for: "9784101092058", in: filtered) == .ask(BookEntries.search(["Akita_Akita"]))
        )
    }

    @Test func showsAFinishedBookFromMemoryAndAsksAgainForOneThatDidNotFinish() {
        let asked = BookListFixtures.reduce(BookEntries.ask(both))
        let finished = BookEntries.answer(BookListFixtures.answered, in: asked)
        #expect(BookSearches.plan(for: "9784101092058", in: finished) == .show(both))
        // The service ended it before every system answered: asked again.
        let incomplete = BookEntries.answer(BookFixtures.answer(continues: false), in: asked)
        #expect(incomplete.books.shownSearch?.phase == .incomplete)
        #expect(BookSearches.plan(for: "9784101092058", in: incomplete) == .ask(both))
        let cancelled = BookEntries.stopped(asked)
        #expect(BookSearches.plan(for: "9784101092058", in: cancelled) == .ask(both))
        // A reload that lists a system the search didn't ask asks again.
        let more = ListActions.showing(
            finished.libraries + [BookListFixtures.library("大館", system: "Akita_Odate")], in: finished)
        #expect(
            BookSearches.plan(for: "9784101092058", in: more)
                == .ask(BookEntries.search(["Akita_Pref", "Akita_Akita", "Akita_Odate"])))
    }

    @Test func refusesWhileASearchRunsWithNothingListedOrWithTooManySystems() {
        let running = BookListFixtures.reduce(
            BookEntries.ask(BookEntries.search(["Akita_Pref"], isbn: BookFixtures.otherISBN)))
        #expect(
            BookSearches.plan(for: "9784101092058", in: running)
                == .reject("A search is still running; press Esc to stop it first."))
        let nothing = BookListFixtures.reduce([LibraryListAction.editFilter("no such library")])
        guard case .reject(let empty) = BookSearches.plan(for: "9784101092058", in: nothing) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(empty.contains("No library is listed"))
        var many = ListActions.showing(
            (1...101).map { BookListFixtures.library("L\($0)", system: "S\($0)") },
            in: BookListFixtures.listed)
        guard case .reject(let tooMany) = BookSearches.plan(for: "9784101092058", in: many) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(tooMany.contains("The list has 101 library systems, and one search asks at most 100."))
        many = ListActions.showing(Array(many.libraries.dropLast()), in: many)
        #expect(BookSearches.plan(for: "9784101092058", in: many) != .reject(tooMany))
    }
}

/// `b`'s Enter on a store with the availability query, whose polls wait on a `TestClock`.
@Suite(.timeLimit(.minutes(1)))
struct BookAskTests {
    private let clock = TestClock()

    private func store(
        _ service: ScriptedAvailabilityService, timeout: Double = 60,
        _ state: LibraryFinderState = BookListFixtures.listed
    ) -> Store<LibraryFinderState> {
        Store<LibraryFinderState>(
            reducer: reduceLibraryFinder, state: state,
            middleware: [
                createThunkMiddleware(effects: ThunkEffects(clock: clock)),
                BookAvailability.endpoint(service, timeout: timeout).middleware(\.books.entries),
            ])
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
        let store = store(service, BookListFixtures.reduce([BookPromptAction.open]))
        let answered = Locked([Int]())
        let token = store.subscribe { (state: LibraryFinderState) in
            if let count = state.books.shownSearch?.answeredCount { answered.withLock { $0.append(count) } }
        }
        defer { token.cancel() }
        store.dispatch(BookSearches.ask("4-10-109205-2"))
        #expect(await clock.run())
        let state: LibraryFinderState = store.state
        #expect(state.books.prompt == nil)
        #expect(state.books.shown == BookEntries.search(["Akita_Pref", "Akita_Akita"]))
        #expect(state.books.shownSearch?.phase == .finished)
        #expect(answered.current.first == 0)
        #expect(answered.current.last == 2)
        #expect(
            service.requests == [
                .check(isbns: ["9784101092058"], systemIDs: ["Akita_Pref", "Akita_Akita"]),
                .poll(session: "S1"),
            ])
        #expect(clock.now == EffectInstant(nanoseconds: 2_000_000_000))
    }

    @Test func aRefusedISBNAsksNothingAndKeepsThePromptOpenWithTheReason() async throws {
        let service = ScriptedAvailabilityService([.success(BookListFixtures.answered)])
        let store = store(service, BookListFixtures.reduce([BookPromptAction.open]))
        store.dispatch(BookSearches.ask("12345"))
        #expect(await clock.run())
        #expect(
            store.state.books.prompt?.problem
                == "\"12345\" is not an ISBN: it has 5 digits; an ISBN has 10 or 13")
        #expect(service.requests.isEmpty)
    }

    @Test func aBookAnsweredEarlierIsShownWithoutAskingAgain() async throws {
        let service = ScriptedAvailabilityService([.success(BookListFixtures.answered)])
        let store = store(service)
        store.dispatch(BookSearches.ask("9784101092058"))
        #expect(await clock.run())
        store.dispatch(BookSearches.ask("020161622X"))
        #expect(await clock.run())
        #expect(service.requests.count == 2)
        #expect(store.state.books.shown?.isbns == [BookFixtures.otherISBN])
        store.dispatch(BookSearches.ask("4101092052"))
        #expect(await clock.run())
        #expect(service.requests.count == 2)
        #expect(store.state.books.shown?.isbns == [BookFixtures.isbn])
        #expect(store.state.books.entries.entries.count == 2)
    }

    @Test func aBookAskedAgainAfterItWasStoppedStartsANewSearch() async throws {
        let service = ScriptedAvailabilityService([.success(BookFixtures.answer(continues: true))])
        let store = store(service)
        store.dispatch(BookSearches.ask("9784101092058"))
        #expect(await clock.settle())
        store.dispatch(BookSearches.stop)
        #expect(store.state.books.shownSearch?.phase == .cancelled)
        store.dispatch(BookSearches.ask("9784101092058"))
        #expect(store.state.books.shownSearch?.phase == .checking)
        #expect(store.state.books.shownSearch?.answeredCount == 0)
        #expect(await clock.settle())
        let search = ["Akita_Pref", "Akita_Akita"]
        // Not a poll of the stopped session: a new /check.
        #expect(
            service.requests == [
                .check(isbns: ["9784101092058"], systemIDs: search),
                .check(isbns: ["9784101092058"], systemIDs: search),
            ])
        #expect(store.state.books.entries.entries.count == 1)
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
        let store = store(service, timeout: 3)
        store.dispatch(BookSearches.ask("9784101092058"))
        #expect(await clock.run())
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
            BookSearches.plan(for: "9784101092058", in: state)
                == .ask(BookEntries.search(["Akita_Pref", "Akita_Akita"])))
    }

    @Test func aFailedSearchKeepsItsMessageForTheBook() async throws {
        let service = ScriptedAvailabilityService([
            .failure(CalilError(.httpStatus(code: 503, serviceMessage: nil)))
        ])
        let store = store(service)
        store.dispatch(BookSearches.ask("9784101092058"))
        #expect(await clock.run())
        guard case .failed(let message)? = store.state.books.shownSearch?.phase else {
            Issue.record(
                "expected a failure, got \(String(describing: store.state.books.shownSearch?.phase))")
            return
        }
        #expect(message.contains("HTTP 503"))
    }

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
        let store = store(service)
        store.dispatch(BookSearches.ask("9784101092058"))
        #expect(await clock.settle())
        #expect(clock.sleeperCount == 1)
        #expect(store.state.books.running != nil)
        store.dispatch(BookSearches.stop)
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

    @Test func leavingTheScreenStopsThePolling() async throws {
        let service = ScriptedAvailabilityService([.success(BookFixtures.answer(continues: true))])
        let store = store(service)
        store.dispatch(BookSearches.ask("9784101092058"))
        #expect(await clock.settle())
        #expect(store.state.books.shownSearch?.entry?.wantedBy == 1)
        store.dispatch(BookSearches.leave)
        #expect(store.state.books.shownSearch?.entry?.wantedBy == 0)
        #expect(store.state.books.shownSearch?.phase == .cancelled)
        #expect(await clock.advance(by: .seconds(60)))
        #expect(service.requests.count == 1)
    }
}
