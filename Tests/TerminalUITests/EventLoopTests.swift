import Foundation
@_spi(ReSwiftInternal) import InternalReSwiftUtilities
import Testing

@testable import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe standing in for a terminal's input.
private final class InputPipe: Sendable {
    let readFD: Int32
    let writeFD: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        precondition(pipe(&fds) == 0, "pipe failed")
        readFD = fds[0]
        writeFD = fds[1]
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(writeFD, $0.baseAddress, $0.count) }
    }

    func closeWriteEnd() {
        close(writeFD)
    }

    deinit {
        close(readFD)
    }
}

/// Stops `loop` after `seconds` if the test hasn't, so a broken loop fails instead of hanging.
///
/// Generous: between events the loop gives the main actor up, and under a full parallel test run
/// other main-actor tests may hold it for seconds before the loop gets it back.
private func stopEventually(_ loop: EventLoop, after seconds: Double = 60) {
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { loop.stop() }
}

@MainActor
@Suite(.serialized, .timeLimit(.minutes(5))) struct EventLoopTests {
    @Test func deliversKeysFromTheInput() async {
        let input = InputPipe()
        defer { input.closeWriteEnd() }
        let loop = EventLoop(input: input.readFD)
        stopEventually(loop)
        input.send("ab\u{1B}[A")
        var events: [TerminalEvent] = []
        let reason = await loop.run { event in
            events.append(event)
            if events.count == 3 { loop.stop() }
        }
        #expect(reason == .stopped)
        #expect(events == [.key(.character("a")), .key(.character("b")), .key(.up)])
    }

    @Test func postFromAnotherThreadWakesTheLoop() async {
        let input = InputPipe()
        defer { input.closeWriteEnd() }
        let loop = EventLoop(input: input.readFD)
        stopEventually(loop)
        let ranOnMainActor = Locked(false)
        Thread.detachNewThread {
            loop.post {
                ranOnMainActor.withLock { $0 = true }
                loop.stop()
            }
        }
        let reason = await loop.run { _ in }
        #expect(reason == .stopped)
        #expect(ranOnMainActor.withLock { $0 })
    }

    @Test func postedWorkRunsInOrder() async {
        let input = InputPipe()
        defer { input.closeWriteEnd() }
        let loop = EventLoop(input: input.readFD)
        stopEventually(loop)
        var order: [Int] = []
        for number in 1...5 {
            loop.post { order.append(number) }
        }
        loop.post { loop.stop() }
        await loop.run { _ in }
        #expect(order == [1, 2, 3, 4, 5])
    }

    @Test func ticksArriveAtTheInterval() async {
        let input = InputPipe()
        defer { input.closeWriteEnd() }
        let loop = EventLoop(input: input.readFD, tickInterval: 0.01)
        stopEventually(loop)
        var ticks = 0
        await loop.run { event in
            if event == .tick { ticks += 1 }
            if ticks == 3 { loop.stop() }
        }
        #expect(ticks == 3)
    }

    @Test func loneEscapeIsDeliveredAfterTheTimeout() async {
        let input = InputPipe()
        defer { input.closeWriteEnd() }
        let loop = EventLoop(input: input.readFD, escapeTimeout: 0.02)
        stopEventually(loop)
        input.send([0x1B])
        var events: [TerminalEvent] = []
        await loop.run { event in
            events.append(event)
            loop.stop()
        }
        #expect(events == [.key(.escape)])
    }

    @Test func theKeysOfOneReadComeAsOneBatchAndIdleFollowsEachBatch() async {
        let input = InputPipe()
        defer { input.closeWriteEnd() }
        let loop = EventLoop(input: input.readFD)
        stopEventually(loop)
        input.send(String(repeating: "x", count: 1000))
        var batches: [[TerminalEvent]] = []
        var idles = 0
        await loop.runBatches { batch in
            batches.append(batch)
        } whenIdle: {
            idles += 1
            if !batches.isEmpty { loop.stop() }
        }
        // A paste of a thousand keys is one batch, so an app draws it once (one idle before the
        // first wait, one after the batch).
        #expect(batches.count == 1)
        #expect(batches.first?.count == 1000)
        #expect(batches.first?.allSatisfy { $0 == .key(.character("x")) } == true)
        #expect(idles == 2)
    }

    @Test func anUnterminatedPasteEndsAfterThePasteTimeoutAndKeysAreKeysAgain() async {
        let input = InputPipe()
        defer { input.closeWriteEnd() }
        let loop = EventLoop(input: input.readFD)
        loop.pasteTimeout = 0.05
        stopEventually(loop)
        input.send("\u{1B}[200~ls -l\nrm x")
        var events: [TerminalEvent] = []
        await loop.run { event in
            events.append(event)
            if events.count == 1 { input.send("q") }
            if events.count == 2 { loop.stop() }
        }
        #expect(events == [.key(.paste("ls -l\nrm x")), .key(.character("q"))])
    }

    @Test func endOfInputEndsTheLoop() async {
        let input = InputPipe()
        let loop = EventLoop(input: input.readFD)
        stopEventually(loop)
        input.send("q")
        input.closeWriteEnd()
        var events: [TerminalEvent] = []
        let reason = await loop.run { events.append($0) }
        #expect(reason == .inputClosed)
        #expect(events == [.key(.character("q"))])
    }

    @Test func mainActorTasksAndMainQueueBlocksRunWhileTheLoopWaits() async {
        let input = InputPipe()
        defer { input.closeWriteEnd() }
        let loop = EventLoop(input: input.readFD)
        // If the loop held the main thread in poll, neither would run and this would end the loop.
        stopEventually(loop)
        var ranTask = false
        var ranBlock = false
        Task { @MainActor in
            ranTask = true
            if ranBlock { loop.stop() }
        }
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                ranBlock = true
                if ranTask { loop.stop() }
            }
        }
        var events: [TerminalEvent] = []
        let reason = await loop.run { events.append($0) }
        #expect(reason == .stopped)
        #expect(ranTask, "a Task { @MainActor in } didn't run while the loop waited for input")
        #expect(ranBlock, "a DispatchQueue.main.async block didn't run while the loop waited for input")
        #expect(events.isEmpty)
    }

    @Test func mainActorWorkDoesNotHoldUpKeys() async {
        let input = InputPipe()
        defer { input.closeWriteEnd() }
        let loop = EventLoop(input: input.readFD)
        stopEventually(loop)
        var events: [TerminalEvent] = []
        Task { @MainActor in input.send("x") }
        let reason = await loop.run { event in
            events.append(event)
            loop.stop()
        }
        #expect(reason == .stopped)
        #expect(events == [.key(.character("x"))])
    }

    @Test func cancellingTheTaskEndsTheLoop() async {
        let input = InputPipe()
        defer { input.closeWriteEnd() }
        let loop = EventLoop(input: input.readFD)
        let deadlineStoppedIt = Locked(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
            deadlineStoppedIt.withLock { $0 = true }
            loop.stop()
        }
        let running = Task { @MainActor in await loop.run { _ in } }
        Task { @MainActor in running.cancel() }
        #expect(await running.value == .stopped)
        #expect(!deadlineStoppedIt.withLock { $0 }, "cancelling the task didn't end the loop")
    }

    @Test func stopBeforeRunReturnsAtOnce() async {
        let input = InputPipe()
        defer { input.closeWriteEnd() }
        let loop = EventLoop(input: input.readFD)
        loop.stop()
        var called = false
        #expect(await loop.run { _ in called = true } == .stopped)
        #expect(!called)
    }
}
