import Testing

@testable import ReSwift

private struct Ping: Action {}

/// The state machine behind the store's ordering rules: each transition, and what happens to an
/// action that arrives in each phase.
@Suite struct DispatchCycleTests {
    @Test func anActionArrivingWhileIdleIsProcessedAtOnce() {
        var cycle = DispatchCycle()
        #expect(cycle.arrive(Ping(), needsMiddleware: true) == .process)
        #expect(!cycle.hasDeferredActions)
    }

    @Test func idleGoesToReducing() {
        var cycle = DispatchCycle()
        cycle.beginReducing()
        #expect(cycle.phase == .reducing)
    }

    @Test func anActionArrivingWhileReducingIsRefused() {
        var cycle = DispatchCycle()
        cycle.beginReducing()
        #expect(cycle.arrive(Ping(), needsMiddleware: true) == .refused)
        #expect(!cycle.hasDeferredActions)
    }

    @Test func reducingGoesToNotifyingOrBackToIdle() {
        var cycle = DispatchCycle()
        cycle.beginReducing()
        cycle.beginNotifying()
        #expect(cycle.phase == .notifying)
        cycle.end()
        #expect(cycle.phase == .idle)
        cycle.beginReducing()
        cycle.end()
        #expect(cycle.phase == .idle)
    }

    @Test func actionsArrivingWhileNotifyingWaitInOrderWithTheirRoute() {
        var cycle = DispatchCycle()
        cycle.beginReducing()
        cycle.beginNotifying()
        let site = CallSite(fileID: "A.swift", line: 3)
        #expect(cycle.arrive(Ping(), needsMiddleware: true, callSite: site) == .deferred)
        #expect(cycle.arrive(ReSwiftInit(), needsMiddleware: false) == .deferred)
        #expect(cycle.hasDeferredActions)
        cycle.end()
        let deferred = cycle.takeDeferredActions()
        #expect(deferred.map { "\(type(of: $0.action))" } == ["Ping", "ReSwiftInit"])
        #expect(deferred.map(\.needsMiddleware) == [true, false])
        #expect(deferred.map(\.callSite) == [site, nil])
        #expect(!cycle.hasDeferredActions)
        #expect(cycle.takeDeferredActions().isEmpty)
    }

    @Test func actionsDeferredInABatchOpenedWhileNotifyingCarryItsNumber() {
        var cycle = DispatchCycle()
        cycle.beginReducing()
        cycle.beginNotifying()
        _ = cycle.arrive(Ping(), needsMiddleware: true)
        cycle.beginBatch()
        _ = cycle.arrive(Ping(), needsMiddleware: true)
        cycle.beginBatch()
        _ = cycle.arrive(Ping(), needsMiddleware: true)
        #expect(cycle.endBatch() == nil)
        #expect(cycle.endBatch() == nil)
        cycle.beginBatch()
        _ = cycle.arrive(Ping(), needsMiddleware: true)
        #expect(cycle.endBatch() == nil)
        _ = cycle.arrive(Ping(), needsMiddleware: true)
        cycle.end()
        let batches = cycle.takeDeferredActions().map(\.batch)
        #expect(batches[0] == 0 && batches[4] == 0)
        #expect(batches[1] != 0 && batches[1] == batches[2])
        #expect(batches[3] != 0 && batches[3] != batches[1])
    }

    @Test func theOutermostBatchEndingWhileIdleNamesTheLastActionReducedInIt() {
        var cycle = DispatchCycle()
        cycle.beginBatch()
        #expect(cycle.isBatching)
        cycle.beginReducing()
        cycle.endInBatch(Ping())
        #expect(cycle.phase == .idle)
        cycle.beginBatch()
        cycle.beginReducing()
        cycle.endInBatch(ReSwiftInit())
        #expect(cycle.endBatch() == nil)
        #expect(cycle.endBatch() == ReSwiftInit.self)
        #expect(!cycle.isBatching)
        cycle.beginNotifying()
        #expect(cycle.phase == .notifying)
        cycle.end()
        cycle.beginBatch()
        #expect(cycle.endBatch() == nil)
    }
}
