import Foundation
import ReSwift

/// A book search: which books in which systems, how far it got, and every answer so far.
package struct BookCheckState: Equatable, Sendable {
    /// Where the search is.
    package enum Phase: Equatable, Sendable {
        /// Nothing asked yet.
        case idle
        /// Asking; answers of other requests are ignored.
        case running(requestID: UUID)
        /// Every system answered.
        case finished
        /// The service ended the search (`continue` 0) before every system answered; those still
        /// `Running` had no answer, so nothing is known of the book there.
        case incomplete
        /// The time ran out; systems still `Running` had no answer.
        case timedOut(seconds: Double)
        /// The service failed.
        case failed(message: String)
        /// The user stopped it.
        case cancelled
    }

    /// The most book requests (ISBNs × systems) the service takes in one search.
    package static let maximumRequests = 100

    /// The books asked about, in the order given.
    package var isbns: [ISBN] = []
    /// The systems asked, in order.
    package var systemIDs: [String] = []
    package var phase: Phase = .idle
    /// The newest answer per book and system; a pair not here has not been reported yet.
    package var results: [ISBN: [String: SystemAvailability]] = [:]

    /// The answer for one book in one system, if any.
    package func result(for isbn: ISBN, system: String) -> SystemAvailability? {
        results[isbn]?[system]
    }

    /// How many book × system pairs were asked.
    package var requestCount: Int { isbns.count * systemIDs.count }

    /// How many of them have answered (any status but `Running`).
    package var answeredCount: Int {
        isbns.reduce(0) { total, isbn in
            total + systemIDs.count { result(for: isbn, system: $0)?.status.isAnswered == true }
        }
    }

    package var isRunning: Bool {
        if case .running = phase { return true }
        return false
    }
}

/// A search started: the books and systems it asks.
package struct BookCheckStarted: Action, Equatable {
    package var requestID: UUID
    package var isbns: [ISBN]
    package var systemIDs: [String]
}

/// An answer arrived (the first one or a poll's).
package struct BookCheckAnswered: Action, Equatable {
    package var requestID: UUID
    package var answer: AvailabilityAnswer
}

/// The search ended.
package struct BookCheckEnded: Action, Equatable {
    /// How; never `.idle` or `.running`.
    package enum Ending: Equatable, Sendable {
        /// The service said it is done (`continue` 0); the phase is `.finished` only if every
        /// system answered, else `.incomplete`.
        case finished
        case timedOut(seconds: Double)
        case failed(message: String)
        case cancelled
    }

    package var requestID: UUID
    package var ending: Ending
}

/// The book search's reducer, in place: fills in answers as they arrive, keeping the newest per
/// book and system; answers and endings of a search that isn't the running one are ignored.
package func reduceBookCheck(_ action: Action, into state: inout BookCheckState) {
    switch action {
    case let started as BookCheckStarted:
        guard !state.isRunning else { break }
        state = BookCheckState(
            isbns: started.isbns, systemIDs: started.systemIDs, phase: .running(requestID: started.requestID))
    case let answered as BookCheckAnswered:
        guard state.phase == .running(requestID: answered.requestID) else { break }
        for isbn in state.isbns {
            guard let systems = answered.answer.books[isbn.digits] else { continue }
            for (systemID, availability) in systems where state.systemIDs.contains(systemID) {
                state.results[isbn, default: [:]][systemID] = availability
            }
        }
    case let ended as BookCheckEnded:
        guard state.phase == .running(requestID: ended.requestID) else { break }
        switch ended.ending {
        case .finished: state.phase = state.answeredCount == state.requestCount ? .finished : .incomplete
        case .timedOut(let seconds): state.phase = .timedOut(seconds: seconds)
        case .failed(let message): state.phase = .failed(message: message)
        case .cancelled: state.phase = .cancelled
        }
    default:
        break
    }
}
