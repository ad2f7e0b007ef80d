import Foundation
import ReSwift
import TestSupport
import Testing

@testable import LibraryFinderCore

/// A clock whose sleeps return at once, moving its time forward by what was asked.
final class FakePollingClock: PollingClock {
    private let state = Locked((now: 0.0, sleeps: [Double]()))

    func now() -> Double { state.withLock { $0.now } }

    func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.now += seconds
            $0.sleeps.append(seconds)
        }
    }

    /// Moves the time forward (as a slow request would).
    func advance(by seconds: Double) { state.withLock { $0.now += seconds } }

    var sleeps: [Double] { state.withLock { $0.sleeps } }
}

/// A clock whose sleep waits until the task is cancelled (to cancel a search mid-wait), for at
/// most 3 minutes, so a test that fails before cancelling doesn't leave the poller behind.
final class BlockingPollingClock: PollingClock {
    private let sleeping = Locked(0)

    func now() -> Double { 0 }

    func sleep(seconds: Double) async throws {
        sleeping.withLock { $0 += 1 }
        try await eventually("the test to cancel the poller's wait", seconds: 180) { Task.isCancelled }
        throw CancellationError()
    }

    var sleepCount: Int { sleeping.current }
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
