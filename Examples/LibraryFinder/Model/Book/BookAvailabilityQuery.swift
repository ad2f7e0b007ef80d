import Foundation
import ReSwift
import ReSwiftQuery
import ReSwiftThunk

/// Which books to ask about in which library systems: the key of an availability entry.
package struct BookSearch: Hashable, Sendable {
    /// The most book requests (ISBNs × systems) the service takes in one search.
    package static let maximumRequests = 100

    /// The books, in the order given.
    package var isbns: [ISBN]
    /// The systems, in order.
    package var systemIDs: [String]

    package init(isbns: [ISBN], systemIDs: [String]) {
        self.isbns = isbns
        self.systemIDs = systemIDs
    }

    /// How many book × system pairs are asked.
    package var requestCount: Int { isbns.count * systemIDs.count }
}

/// What `/check` has said of a search so far, the value of its entry: the newest answer per book
/// and system, the session to poll with, and whether the service still works on it.
package struct BookAnswers: Equatable, Sendable {
    /// The session to poll with.
    package var session: String?
    /// Whether the service still works on the search (`continue` is 1).
    package var continues = true
    /// The newest answer per book and system asked; a pair not here has not been reported yet.
    package var results: [ISBN: [String: SystemAvailability]] = [:]
    /// The seconds the search was given (`--timeout`).
    package var timeGiven: Double
    /// When they run out, on the store's clock.
    package var deadline: EffectInstant
    /// Whether they ran out while the service still worked: no poll follows.
    package var ranOutOfTime = false

    /// Whether no poll follows: the service is done, or the time ran out.
    package var isFinal: Bool { !continues || ranOutOfTime }

    /// These answers with `answer` added (requested at `requested`): its results for the books and
    /// systems asked replace the older ones.
    ///
    /// - Throws: ``CalilError`` when the service says to poll but gives no session.
    func adding(_ answer: AvailabilityAnswer, for search: BookSearch, requested: EffectInstant)
        throws(CalilError)
        -> BookAnswers
    {
        guard !answer.continues || answer.session != nil else {
            throw CalilError(
                .unexpectedAvailabilityBody(detail: "\"continue\" is 1 but there is no session to poll with"))
        }
        var next = self
        next.session = answer.session
        next.continues = answer.continues
        for isbn in search.isbns {
            for (systemID, availability) in answer.books[isbn.digits] ?? [:]
            where search.systemIDs.contains(systemID) {
                next.results[isbn, default: [:]][systemID] = availability
            }
        }
        next.ranOutOfTime = next.continues && requested + BookAvailability.politeInterval >= deadline
        return next
    }
}

/// Book availability as a polling query: `/check` once, then polls with its session every
/// ``politeInterval`` while the answer says the service still works, until it is done, the time
/// given runs out, or nobody wants the entry (Esc cancels it, leaving unwants it).
package enum BookAvailability {
    /// The polite gap between the starts of two requests.
    package static let politeInterval = EffectDuration.seconds(2)

    /// The endpoint, its fetch left to ``endpoint(_:timeout:)``; the reducer needs only its name.
    package static let declaration = QueryEndpoint<BookSearch, BookAnswers>(
        "availability", policy: QueryPolicy(keepFor: nil, pollEvery: politeInterval),
        isComplete: { $0.isFinal },
        describe: { ($0 as? CalilError)?.description ?? "The search failed: \($0)." }
    ) { _ in throw CalilError(.cannotConnect(host: "", detail: "no availability service")) }

    /// The endpoint asking `service`, each search given `timeout` seconds in all: no request
    /// starts after them, and each request waits only for what is left of them.
    package static func endpoint(_ service: any AvailabilityService, timeout: Double)
        -> QueryEndpoint<BookSearch, BookAnswers>
    {
        declaration.replacingFetch(following: { search, previous in
            try await ask(service, search, after: previous, timeout: timeout)
        })
    }

    /// One request: a poll with the session while the previous answer goes on, else a new search.
    private static func ask(
        _ service: any AvailabilityService, _ search: BookSearch, after previous: BookAnswers?,
        timeout: Double
    ) async throws -> BookAnswers {
        let clock = EffectEnvironment.clock
        let requested = clock.now
        guard let previous, !previous.isFinal, let session = previous.session else {
            let answer = try await service.check(
                isbns: search.isbns, systemIDs: search.systemIDs, timeout: timeout)
            return try BookAnswers(timeGiven: timeout, deadline: requested + .seconds(timeout))
                .adding(answer, for: search, requested: requested)
        }
        var outOfTime = previous
        outOfTime.ranOutOfTime = true
        guard requested < previous.deadline else { return outOfTime }
        do {
            let answer = try await service.poll(
                session: session, timeout: Double((previous.deadline - requested).nanoseconds) / 1e9)
            return try previous.adding(answer, for: search, requested: requested)
        } catch let error as CalilError {
            // The request was given what was left of the time, and used it up.
            if case .timedOut = error.kind, clock.now + .milliseconds(50) >= previous.deadline {
                return outOfTime
            }
            throw error
        }
    }

    /// A store for book searches alone (the `book` subcommand's).
    ///
    /// - Parameters:
    ///   - endpoint: The availability endpoint (``endpoint(_:timeout:)``).
    ///   - effects: The thunk middleware's effects: its clock is the one the polls wait on (a
    ///     virtual one in tests).
    package static func makeStore(
        _ endpoint: QueryEndpoint<BookSearch, BookAnswers>, effects: ThunkEffects = ThunkEffects()
    ) -> Store<QueryState<BookSearch, BookAnswers>> {
        Store(
            reducer: { action, state in endpoint.reduce(action, &state) }, state: QueryState(),
            middleware: [createThunkMiddleware(effects: effects), endpoint.middleware { $0 }])
    }

    /// Asks about `search` until its answer is final (or the search fails), and returns how it
    /// ended: the `book` subcommand's search. Cancelling the task that awaits it stops the polls.
    package static func check(_ search: BookSearch) -> AsyncThunk<
        QueryState<BookSearch, BookAnswers>, BookCheck
    > {
        AsyncThunk { dispatch, _ in
            BookCheck(search: search, entry: await declaration.settledEntry(search, dispatch: dispatch))
        }
    }
}
