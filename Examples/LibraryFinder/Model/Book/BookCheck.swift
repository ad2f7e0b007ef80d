import ReSwiftQuery

/// A book search as the views see it: where it stands and what is known, read from its entry.
package struct BookCheck: Equatable, Sendable {
    /// Where a search stands.
    package enum Phase: Equatable, Sendable {
        /// Asking, or waiting to poll.
        case checking
        /// Every system answered.
        case finished
        /// The service ended the search (`continue` 0) before every system answered; nothing is
        /// known of the book in those still `Running`.
        case incomplete
        /// The time ran out; systems still `Running` had no answer.
        case timedOut(seconds: Double)
        /// The service failed; what arrived before is kept.
        case failed(message: String)
        /// The user stopped it, or left.
        case cancelled
    }

    /// The books and systems asked.
    package var search: BookSearch
    /// The search's entry; `nil` when it was stopped before it had one.
    package var entry: QueryEntry<BookAnswers>?

    package var isbns: [ISBN] { search.isbns }
    package var systemIDs: [String] { search.systemIDs }

    /// The answer for one book in one system, if any.
    package func result(for isbn: ISBN, system: String) -> SystemAvailability? {
        entry?.value?.results[isbn]?[system]
    }

    /// How many book × system pairs were asked.
    package var requestCount: Int { search.requestCount }

    /// How many of them have answered (any status but `Running`).
    package var answeredCount: Int {
        isbns.reduce(0) { total, isbn in
            total + systemIDs.count { result(for: isbn, system: $0)?.status.isAnswered == true }
        }
    }

    package var phase: Phase {
        guard let entry else { return .cancelled }
        if !entry.isSettled { return .checking }
        if entry.status == .failed, let error = entry.error { return .failed(message: error.message) }
        guard let answers = entry.value else { return .cancelled }
        if answers.ranOutOfTime { return .timedOut(seconds: answers.timeGiven) }
        if answers.continues { return .cancelled }
        return answeredCount == requestCount ? .finished : .incomplete
    }

    package var isRunning: Bool { phase == .checking }
}
