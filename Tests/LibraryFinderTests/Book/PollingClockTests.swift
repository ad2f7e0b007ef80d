import Foundation
import Testing

@testable import LibraryFinderCore

@Suite struct PollingClockTests {
    @Test func theRealClockCountsSecondsFromItsStartAndWaitsAtLeastTheTimeAsked() async throws {
        let clock = ContinuousPollingClock()
        let before = clock.now()
        #expect(before >= 0)
        #expect(before < 60)
        try await clock.sleep(seconds: 0.05)
        #expect(clock.now() - before >= 0.05)
    }

    @Test func aNegativeWaitReturnsAtOnceInsteadOfTrapping() async throws {
        let clock = ContinuousPollingClock()
        try await clock.sleep(seconds: -1)
        try await clock.sleep(seconds: -.infinity)
        #expect(clock.now() >= 0)
    }

    @Test func cancellingAWaitThrowsCancellationError() async {
        let clock = ContinuousPollingClock()
        let wait = Task { try await clock.sleep(seconds: 3_600) }
        wait.cancel()
        await #expect(throws: CancellationError.self) { try await wait.value }
    }
}
