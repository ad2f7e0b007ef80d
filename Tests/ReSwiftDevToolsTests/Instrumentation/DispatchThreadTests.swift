import Foundation
import Testing

@_spi(ReSwiftInternal) @testable import ReSwift
@testable import ReSwiftDevTools

@Suite(.timeLimit(.minutes(3))) struct DispatchThreadTests {
    @Test func aNameReadsBackAndEqualNamesMakeEqualThreads() {
        let first = DispatchThread(isMain: false, name: "dispatch-thread-test")
        let second = DispatchThread(isMain: false, name: "dispatch-thread-test")
        #expect(first.name == "dispatch-thread-test")
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != DispatchThread(isMain: false, name: "dispatch-thread-test-2"))
        #expect(first != DispatchThread(isMain: true, name: "dispatch-thread-test"))
        #expect(DispatchThread(isMain: false).name == nil)
    }

    @Test func settingTheNameChangesItAndTheDescription() {
        var thread = DispatchThread(isMain: false)
        #expect(thread.description == "background")
        thread.name = "renamed-by-test"
        #expect(thread.name == "renamed-by-test")
        #expect(thread.description == "renamed-by-test")
        thread.name = nil
        #expect(thread == DispatchThread(isMain: false))
    }

    @Test func readingTheCurrentOriginLeavesAThreadWithoutAContext() {
        // A fresh thread that only reads `DispatchOrigin.current` gets no context (and so no
        // look-up of its name in /proc).
        let result = Locked<(origin: DispatchOrigin?, hadContext: Bool)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let origin = DispatchOrigin.current
            result.withLock { $0 = (origin, ThreadContext.existing != nil) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success, "the thread didn't finish within 10 s")
        #expect(result.current?.origin == nil)
        #expect(result.current?.hadContext == false)
    }

    @Test func aFullTableKeepsItsNamesAndGivesNewOnesNoName() {
        let table = ThreadNameTable(capacity: 2)
        let one = table.number(of: "one")
        let two = table.number(of: "two")
        #expect(table.number(of: "three") == 0)
        #expect(table.name(numbered: 0) == nil)
        #expect(table.name(numbered: one) == "one")
        #expect(table.name(numbered: two) == "two")
        // A name already kept is still found when the table is full.
        #expect(table.number(of: "one") == one)
        #expect(table.number(of: nil) == 0)
    }
}
