import Foundation
@_spi(ReSwiftInternal) import ReSwift
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
