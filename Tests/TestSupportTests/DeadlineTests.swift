import Foundation
@_spi(ReSwiftInternal) import InternalReSwiftUtilities
import TestSupport
import Testing

/// The message of the `TestSupportError` that `body` throws, or `nil` (and an issue) when it throws
/// nothing or something else. (`#expect(throws:)` returns the error only from Swift 6.1 on.)
private func timeoutMessage(_ body: () async throws -> Void) async -> String? {
    do {
        try await body()
        Issue.record("the wait didn't throw")
    } catch let error as TestSupportError {
        return error.message
    } catch {
        Issue.record("the wait threw \(error), not a TestSupportError")
    }
    return nil
}

@Suite(.timeLimit(.minutes(3))) struct DeadlineTests {
    /// A stream nobody ever yields to.
    private func silentStream() -> AsyncStream<Int> {
        AsyncStream { _ in }
    }

    @Test func returnsWhatTheBodyReturnsAndUsesTheCallersLocalState() async throws {
        var numbers = AsyncStream<Int> { continuation in
            continuation.yield(7)
            continuation.finish()
        }.makeAsyncIterator()
        #expect(try await withDeadline("the first number") { await numbers.next() } == 7)
        #expect(try await withDeadline("the end of the numbers") { await numbers.next() } == nil)
        #expect(!Task.isCancelled)
    }

    @Test func rethrowsWhatTheBodyThrows() async {
        struct Failed: Error {}
        await #expect(throws: Failed.self) {
            try await withDeadline("a body that throws") { throw Failed() }
        }
        #expect(!Task.isCancelled)
    }

    @Test func aWaitThatNeverEndsThrowsNamingWhatAndWhereAndIsEnded() async {
        var silent = silentStream().makeAsyncIterator()
        let ended = Locked(false)
        let line = #line + 2
        let message = await timeoutMessage {
            try await withDeadline("a value nobody sends", seconds: 0.2) {
                _ = await silent.next()
                ended.withLock { $0 = true }
            }
        }
        #expect(
            message == "Timed out after 0.2 s waiting for a value nobody sends (DeadlineTests.swift:\(line))."
        )
        #expect(ended.current, "the wait was cancelled, so it ended")
    }

    @Test func wholeSecondsAreWrittenWithoutAFraction() async {
        let message = await timeoutMessage {
            try await withDeadline("nothing", seconds: 1) {
                try await Task.sleep(nanoseconds: 60_000_000_000)
            }
        }
        #expect(message?.hasPrefix("Timed out after 1 s waiting for nothing (") == true)
    }

    @Test func timeInWhichThePoolCouldNotRunTheWaiterDoesNotCount() async throws {
        // Every pool thread blocks for 1 s. The answer arrives after 0.2 s and takes two turns of
        // the pool to reach the waiter (a relay task, then the waiter): both queue up only after
        // the 0.5 s deadline has passed in wall time, but not in time the pool could run them.
        let (first, sendFirst) = AsyncStream<Int>.makeStreamForTest()
        let (second, sendSecond) = AsyncStream<Int>.makeStreamForTest()
        var answers = second.makeAsyncIterator()
        let relay = Task {
            for await value in first { sendSecond.yield(value) }
        }
        defer { relay.cancel() }
        let value = try await withDeadline("a value relayed while the pool is blocked", seconds: 0.5) {
            for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
                Task.detached { usleep(1_000_000) }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { sendFirst.yield(1) }
            return await answers.next()
        }
        #expect(value == 1)
    }

    /// That this compiles is most of the proof: the body changes the main actor's state.
    @MainActor
    @Test func theBodyRunsOnTheCallersActor() async throws {
        var touched = 0
        try await withDeadline("a main-actor body") {
            MainActor.assertIsolated()
            touched += 1
        }
        #expect(touched == 1)
    }

    @Test func eventuallyReturnsOnceTheConditionHolds() async throws {
        let checks = Locked(0)
        try await eventually("the third check") {
            checks.withLock { $0 += 1 }
            return checks.current == 3
        }
        #expect(checks.current == 3)
    }

    @Test func eventuallyThrowsNamingTheConditionWhenItNeverHolds() async {
        let message = await timeoutMessage {
            try await eventually("a condition that never holds", seconds: 0.2) { false }
        }
        #expect(
            message?.hasPrefix("Timed out after 0.2 s waiting for a condition that never holds (") == true)
    }

    @Test func theSynchronousEventuallyReturnsOnceTheConditionHolds() throws {
        var checks = 0
        try eventually("the third check") {
            checks += 1
            return checks == 3
        }
        #expect(checks == 3)
    }

    @Test func theSynchronousEventuallyThrowsNamingTheConditionPastItsDeadline() {
        do {
            try eventually("a condition that never holds", seconds: 0.05) { false }
            Issue.record("no error")
        } catch {
            #expect(
                "\(error)".hasPrefix(
                    "Timed out after 0.05 s waiting for a condition that never holds (DeadlineTests.swift:"),
                "\(error)")
        }
    }

    @Test func theSynchronousEventuallyEndsWithWhatTheConditionThrows() {
        struct Ended: Error {}
        var checks = 0
        #expect(throws: Ended.self) {
            try eventually("a program that ends first") {
                checks += 1
                if checks == 2 { throw Ended() }
                return false
            }
        }
        #expect(checks == 2)
    }

    @Test func waitingForATaskThatNeverEndsCancelsIt() async {
        let silent = silentStream()
        let task = Task { () -> Int? in
            for await value in silent { return value }
            return nil
        }
        await #expect(throws: TestSupportError.self) {
            try await task.value(waitingFor: "a task waiting for nothing", seconds: 0.2)
        }
        #expect(task.isCancelled)
        #expect(await task.value == nil)
    }

    @Test func waitingForAThrowingTaskReturnsItsValueOrError() async throws {
        struct Failed: Error {}
        let succeeding = Task { () throws -> Int in 3 }
        #expect(try await succeeding.value(waitingFor: "a task that returns 3") == 3)
        let failing = Task { () throws -> Int in throw Failed() }
        await #expect(throws: Failed.self) { try await failing.value(waitingFor: "a task that throws") }
    }
}

extension AsyncStream {
    /// A stream and its continuation (`makeStream` needs macOS 14).
    fileprivate static func makeStreamForTest() -> (stream: AsyncStream, continuation: Continuation) {
        var continuation: Continuation?
        let stream = AsyncStream { continuation = $0 }
        return (stream, continuation!)
    }
}
