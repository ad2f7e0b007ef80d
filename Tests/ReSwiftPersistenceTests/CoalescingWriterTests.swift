import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

@Suite(.timeLimit(.minutes(3))) struct CoalescingWriterTests {
    let clock = ManualClock()
    let log = WriteLog<Int>()

    /// A writer with a 200 ms quiet period and a 1 s maximum delay on the manual clock.
    func makeWriter(initial: Int? = 0) -> CoalescingWriter<Int> {
        CoalescingWriter(
            initial: initial, quietPeriod: 200_000_000, maximumDelay: 1_000_000_000, clock: clock,
            write: log.writer, errorHandler: log.errorHandler)
    }

    @Test func aBurstIsWrittenOnceWithItsLastValueAfterTheQuietPeriod() {
        let writer = makeWriter()
        for value in 1...50 { writer.receive(value) }
        #expect(clock.scheduledCount == 1)  // one timer per burst, not per value
        clock.advance(milliseconds: 199)
        #expect(log.written == [])
        clock.advance(milliseconds: 1)
        #expect(log.written == [50])
        clock.advance(milliseconds: 5_000)
        #expect(log.written == [50])
    }

    @Test func eachNewValueRestartsTheQuietPeriod() {
        let writer = makeWriter()
        writer.receive(1)
        clock.advance(milliseconds: 150)
        writer.receive(2)
        clock.advance(milliseconds: 150)
        #expect(log.written == [])
        clock.advance(milliseconds: 50)
        #expect(log.written == [2])
    }

    @Test func separateBurstsAreWrittenSeparately() {
        let writer = makeWriter()
        writer.receive(1)
        writer.receive(2)
        clock.advance(milliseconds: 300)
        writer.receive(3)
        clock.advance(milliseconds: 300)
        #expect(log.written == [2, 3])
    }

    @Test func aBurstThatNeverPausesIsStillWrittenByTheMaximumDelay() {
        let writer = makeWriter()
        for value in 1...10 {
            writer.receive(value)
            clock.advance(milliseconds: 100)
        }
        #expect(log.written == [10])  // due at 1 s although values kept coming every 100 ms
        for value in 11...15 {
            writer.receive(value)
            clock.advance(milliseconds: 100)
        }
        clock.advance(milliseconds: 200)
        #expect(log.written == [10, 15])
    }

    @Test func aValueEqualToWhatTheFileHoldsIsNotWritten() {
        let writer = makeWriter(initial: 7)
        writer.receive(7)
        #expect(clock.scheduledCount == 0)
        writer.receive(8)
        writer.receive(7)  // back to the stored value within the burst
        clock.advance(milliseconds: 500)
        #expect(log.written == [])
        writer.receive(8)
        clock.advance(milliseconds: 500)
        writer.receive(8)
        clock.advance(milliseconds: 500)
        #expect(log.written == [8])
    }

    @Test func flushWritesThePendingValueAtOnceAndTheTimerThenDoesNothing() {
        let writer = makeWriter()
        writer.receive(1)
        writer.receive(2)
        #expect(writer.hasPendingValue)
        writer.flush()
        #expect(log.written == [2])
        #expect(!writer.hasPendingValue)
        clock.advance(milliseconds: 1_000)
        #expect(log.written == [2])
        writer.flush()
        #expect(log.written == [2])
    }

    @Test func aFailedWriteIsReportedAndRetriedByTheNextFlush() {
        let writer = makeWriter()
        log.failsWrites = true
        writer.receive(1)
        clock.advance(milliseconds: 300)
        #expect(log.errors == 1)
        #expect(writer.hasPendingValue)
        clock.advance(milliseconds: 5_000)
        #expect(log.errors == 1)  // no retry loop
        log.failsWrites = false
        writer.flush()
        #expect(log.written == [1])
    }

    @Test func aFailedWriteIsRetriedWithTheNextChange() {
        let writer = makeWriter()
        log.failsWrites = true
        writer.receive(1)
        clock.advance(milliseconds: 300)
        log.failsWrites = false
        writer.receive(2)
        clock.advance(milliseconds: 199)
        #expect(log.written == [])  // the retry waits for the quiet period like any burst
        clock.advance(milliseconds: 1)
        #expect(log.written == [2])
        #expect(log.errors == 1)
    }

    @Test func aValueEqualToTheOldOneIsStillWrittenIfItArrivesDuringAWrite() {
        // The store went 0 → 1 → 0; the 0 arrived while 1 was being written, so the file must get 0 again.
        let box = WriterBox()
        let writer = CoalescingWriter<Int>(
            initial: 0, quietPeriod: 200_000_000, maximumDelay: 1_000_000_000, clock: clock,
            write: { [log] value, base in
                try log.write(value)
                if value == 1 { box.writer?.receive(0) }
                return value
            }, errorHandler: log.errorHandler)
        box.writer = writer
        writer.receive(1)
        clock.advance(milliseconds: 300)
        clock.advance(milliseconds: 300)
        #expect(log.written == [1, 0])
    }

    @Test func theWriteFunctionsResultIsWhatCountsAsWritten() {
        // A merge may write something else than it was given; receiving that value then writes nothing.
        let writer = CoalescingWriter<Int>(
            initial: 0, quietPeriod: 200_000_000, maximumDelay: 1_000_000_000, clock: clock,
            write: { [log] value, base in
                #expect(base == 0)
                try log.write(value)
                return 99
            }, errorHandler: log.errorHandler)
        writer.receive(1)
        clock.advance(milliseconds: 300)
        writer.receive(99)
        #expect(clock.scheduledCount == 0)
        #expect(!writer.hasPendingValue)
        #expect(log.written == [1])
    }

    @Test func onTheRealClockTheLastValueIsWrittenOffTheCallingThread() async throws {
        let queue = DispatchQueue(label: "CoalescingWriterTests")
        let written = WriteLog<Int>()
        let writer = CoalescingWriter(
            initial: 0, quietPeriod: 5_000_000, maximumDelay: 50_000_000,
            clock: DispatchWriteClock(queue: queue),
            write: { value, _ in
                dispatchPrecondition(condition: .onQueue(queue))
                try written.write(value)
                return value
            }, errorHandler: written.errorHandler)
        for value in 1...20 { writer.receive(value) }
        try await eventually("the last value to be written") { written.written.last == 20 }
        #expect(written.written.last == 20)
        #expect(written.written.count <= 20)
        #expect(written.written == written.written.sorted())  // never an older value after a newer one
    }
}

/// Lets a write function reach the writer it belongs to.
private final class WriterBox: @unchecked Sendable {
    // Set once before the writer is used, read on the thread that runs its writes (the test's, here).
    var writer: CoalescingWriter<Int>?
}
