import ArgumentParsing
import Foundation
import LibraryFinderModel
import ReSwift
import ReSwiftThunk
import TerminalUI

/// `library-finder book ISBN…`: live availability of books in library systems.
enum BookCommand {
    /// Runs the subcommand (its arguments after `book`), polling on `clock` (a virtual one in
    /// tests).
    ///
    /// - Returns: 0 every system answered (even when no library holds the book), 1 the service
    ///   failed, the search didn't finish in time, or the service ended it before every system
    ///   answered, 2 usage.
    static func run(
        arguments: [String], environment: [String: String], io: CommandIO,
        clock: any EffectClock = ContinuousEffectClock()
    ) async -> Int32 {
        let options: BookOptions
        let appKey: String
        switch BookInvocation.start(arguments: arguments, environment: environment, io: io) {
        case .exit(let status): return status
        case .run(let parsed, let key): (options, appKey) = (parsed, key)
        }
        var libraries: [Library] = []
        let systemIDs: [String]
        switch options.systems {
        case .ids(let ids):
            systemIDs = ids
            if ids.count * options.isbns.count > BookInvocation.maximumBookRequests {
                return usage(
                    BookInvocation.tooManyRequests(
                        isbns: options.isbns.count, systems: ids.count,
                        narrowing: "give fewer ISBNs or fewer --system-id values"), io: io)
            }
            // For the libraries' short names and the systems' names; the search goes on without.
            for id in ids {
                switch await systems(
                    for: LibraryQuery(prefecture: nil, systemID: id), options: options, appKey: appKey,
                    environment: environment, io: io)
                {
                case .success(let listed):
                    libraries += listed.filter { $0.systemID == id }
                case .failure(let failure):
                    io.error(
                        "library-finder: the names of the libraries of \(id) could not be looked up: "
                            + "\(failure.message) They are shown by the service's keys (null names in JSON).\n"
                    )
                }
            }
        case .query(let query):
            switch await systems(
                for: query, options: options, appKey: appKey, environment: environment, io: io)
            {
            case .success(let listed):
                libraries = listed
            case .failure(let failure):
                io.error("library-finder: \(failure.message)\n")
                return ExitStatus.failure
            }
            var unique: [String] = []
            for library in libraries where !library.systemID.isEmpty && !unique.contains(library.systemID) {
                unique.append(library.systemID)
            }
            systemIDs = unique
            guard !systemIDs.isEmpty else {
                io.error("library-finder: no library matches \(query.summary); nothing was asked.\n")
                return ExitStatus.usage
            }
            if systemIDs.count * options.isbns.count > BookInvocation.maximumBookRequests {
                let narrowing =
                    query.near != nil
                    ? "give fewer ISBNs or a smaller --limit (the nearest libraries' systems)"
                    : "give fewer ISBNs, add --city, or name the systems with --system-id"
                return usage(
                    BookInvocation.tooManyRequests(
                        isbns: options.isbns.count, systems: systemIDs.count, narrowing: narrowing), io: io)
            }
        }
        // The search is a query polled until its answer is final, within the time --timeout gives.
        let client = CalilAvailabilityClient(appKey: appKey, baseURL: options.service.apiBase)
        let store = BookAvailability.makeStore(
            BookAvailability.endpoint(client, timeout: options.service.timeout),
            effects: ThunkEffects(clock: clock))
        let state: BookCheck
        do {
            state = try await store.dispatch(
                BookAvailability.check(BookSearch(isbns: options.isbns, systemIDs: systemIDs)))
        } catch {
            io.error("library-finder: the search stopped: \(error)\n")
            return ExitStatus.failure
        }
        let report = BookReport(
            state: state, libraries: libraries,
            showsDistance: {
                if case .query(let query) = options.systems { return query.near != nil }
                return false
            }())
        switch state.phase {
        case .finished:
            write(report, options: options, io: io)
            return ExitStatus.success
        case .incomplete:
            write(report, options: options, io: io)
            io.error(
                "library-finder: the service ended the search before every library system answered; "
                    + "\(state.answeredCount) of \(state.requestCount) book requests were answered. "
                    + "Try again later.\n")
            return ExitStatus.failure
        case .timedOut(let seconds):
            write(report, options: options, io: io)
            io.error(
                "library-finder: the search did not finish within \(SecondsText.phrase(seconds)); "
                    + "\(state.answeredCount) of \(state.requestCount) book requests were answered. "
                    + "Allow more time with --timeout.\n")
            return ExitStatus.failure
        case .failed(let message):
            io.error("library-finder: \(message)\n")
            return ExitStatus.failure
        case .cancelled, .checking:
            io.error("library-finder: the search was stopped before it finished.\n")
            return ExitStatus.failure
        }
    }

    /// Why the libraries couldn't be listed.
    private struct ListingFailure: Error {
        var message: String
    }

    /// The libraries of the query, through the list's store, thunk and cache.
    private static func systems(
        for query: LibraryQuery, options: BookOptions, appKey: String, environment: [String: String],
        io: CommandIO
    ) async -> Result<[Library], ListingFailure> {
        let service = options.service.libraryClient(appKey: appKey)
        let report: @Sendable (String) -> Void = { io.error("library-finder: \($0)\n") }
        let (store, persister) = makeInspectableLibraryFinderStore(
            options: options.service, query: query, service: service,
            cache: options.service.cache(environment: environment, report: report), report: report)
        do {
            try await store.dispatch(LibraryList.load())
        } catch {
            return .failure(ListingFailure(message: "loading the libraries stopped: \(error)"))
        }
        persister?.flush()
        let state: LibraryFinderState = store.state
        switch (state.status, state.source) {
        case (.loaded, let source?):
            if case .cache(let fetchedAt, let reason, _) = source {
                io.error(
                    "library-finder: \(reason)\nUsing the cached libraries, fetched \(FetchTime.text(fetchedAt)).\n"
                )
            }
            return .success(state.libraries)
        case (.failed(let message), _):
            return .failure(ListingFailure(message: message))
        default:
            preconditionFailure("Internal inconsistency: loading finished in state \(state.status)")
        }
    }

    private static func usage(_ error: UsageError, io: CommandIO) -> Int32 {
        io.error(error.report(for: BookInvocation.declaration))
        return ExitStatus.usage
    }

    private static func write(_ report: BookReport, options: BookOptions, io: CommandIO) {
        io.output(BookFormatter.format(report, as: options.format), in: options.format)
    }
}
