import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDevTools
import Testing

private struct FlipCard: Action {}
private struct LoadAlbums: Action {}
private final class GameView {}
private final class StatusLine {}

/// A measurement as a store would fill it: times in microseconds for readability.
private func measurement(
    _ action: Action.Type,
    middleware: UInt64 = 1, reducer: UInt64? = 2,
    subscribers: [(AnyObject.Type, UInt64)] = [],
    callSite: CallSite? = nil
) -> DispatchMeasurement {
    DispatchMeasurement(
        actionType: action,
        origin: DispatchOrigin(callSite: callSite, thread: DispatchThread(isMain: true)),
        middlewareNanoseconds: middleware * 1_000,
        reducerNanoseconds: reducer.map { $0 * 1_000 },
        subscribers: subscribers.map {
            SubscriberMeasurement(subscriber: .object($0.0), nanoseconds: $0.1 * 1_000)
        })
}

@Suite struct DispatchProfilerTests {
    @Test func countsAndPercentilesPerActionType() throws {
        let profiler = DispatchProfiler()
        for reducer: UInt64 in 1...100 {
            profiler.storeDidDispatch(measurement(FlipCard.self, middleware: 0, reducer: reducer))
        }
        profiler.storeDidDispatch(measurement(LoadAlbums.self, middleware: 5, reducer: nil))

        let report = profiler.report()
        #expect(report.dispatchCount == 101)
        #expect(report.actions.map(\.name) == ["FlipCard", "LoadAlbums"])
        let flip = try #require(report.actions.first)
        #expect(flip.dispatch.count == 100)
        #expect(abs(Double(flip.dispatch.p50Nanoseconds) - 50_000) / 50_000 < 0.03)
        #expect(abs(Double(flip.dispatch.p99Nanoseconds) - 99_000) / 99_000 < 0.03)
        #expect(flip.dispatch.maxNanoseconds == 100_000)
        #expect(flip.dispatch.totalNanoseconds == 5_050_000)
        #expect(flip.reducer?.count == 100)
        let load = try #require(report.actions.last)
        #expect(load.reducer == nil, "LoadAlbums never reached the reducer")
        #expect(load.middleware.maxNanoseconds == 5_000)
    }

    @Test func eachPartOfAnActionTypeHasItsOwnTotals() throws {
        let profiler = DispatchProfiler()
        profiler.storeDidDispatch(
            measurement(
                FlipCard.self, middleware: 1, reducer: 20,
                subscribers: [(GameView.self, 300), (StatusLine.self, 4)]))
        profiler.storeDidDispatch(measurement(FlipCard.self, middleware: 5, reducer: 60))
        let flip = try #require(profiler.report().actions.first)
        #expect(flip.dispatch.totalNanoseconds == 390_000)
        #expect(flip.middleware.totalNanoseconds == 6_000)
        #expect(flip.reducer?.totalNanoseconds == 80_000)
        #expect(flip.subscribers?.totalNanoseconds == 304_000)
        #expect(flip.subscribers?.maxNanoseconds == 304_000)
        #expect(flip.subscribers?.count == 2)
    }

    @Test func countsAndPercentilesPerSubscriberType() throws {
        let profiler = DispatchProfiler()
        for index: UInt64 in 1...10 {
            profiler.storeDidDispatch(
                measurement(FlipCard.self, subscribers: [(GameView.self, 100 * index), (StatusLine.self, 1)]))
        }
        profiler.storeDidDispatch(measurement(LoadAlbums.self, subscribers: [(StatusLine.self, 3)]))

        let report = profiler.report()
        #expect(report.subscribers.map(\.name) == ["GameView", "StatusLine"])
        let game = try #require(report.subscribers.first)
        #expect(game.timing.count == 10)
        #expect(game.timing.maxNanoseconds == 1_000_000)
        #expect(game.timing.totalNanoseconds == 5_500_000)
        let status = try #require(report.subscribers.last)
        #expect(status.timing.count == 11)
        #expect(status.timing.maxNanoseconds == 3_000)
    }

    @Test func aDispatchOverBudgetNamesItsSlowestSubscriber() throws {
        let warnings = Locked<[BudgetWarning]>([])
        let profiler = DispatchProfiler(budgetWarningHandler: { warning in
            warnings.withLock { $0.append(warning) }
        })
        profiler.storeDidDispatch(
            measurement(
                FlipCard.self, middleware: 500, reducer: 2_000,
                subscribers: [(StatusLine.self, 1_000), (GameView.self, 14_000)],
                callSite: CallSite(fileID: "MemoryGameModel/Thunks.swift", line: 42)))

        let warning = try #require(warnings.current.first)
        #expect(warnings.current.count == 1)
        #expect(warning.slowest == .subscriber("GameView"))
        #expect(warning.slowestNanoseconds == 14_000_000)
        #expect(warning.totalNanoseconds == 17_500_000)
        #expect(
            warning.description == """
                FlipCard took 17.5 ms, over the 16.0 ms budget; slowest: subscriber GameView (14.0 ms); \
                dispatched from MemoryGameModel/Thunks.swift:42 on main
                """)
        #expect(profiler.report().overBudgetCount == 1)
        #expect(profiler.report().recentWarnings == [warning])
    }

    @Test func aDispatchOverBudgetNamesTheReducerWhenItIsSlowest() throws {
        let profiler = DispatchProfiler(budgetNanoseconds: 1_000_000)
        profiler.storeDidDispatch(
            measurement(LoadAlbums.self, reducer: 900, subscribers: [(GameView.self, 200)]))
        let warning = try #require(profiler.report().recentWarnings.first)
        #expect(warning.slowest == .reducer)
        #expect(warning.description.contains("slowest: reducer (900 µs)"))
        #expect(warning.description.hasSuffix("dispatched on main"))
    }

    @Test func aDispatchWithinBudgetIsNotReported() {
        let profiler = DispatchProfiler(budgetWarningHandler: { warning in
            Issue.record("unexpected \(warning)")
        }
        )
        profiler.storeDidDispatch(
            measurement(
                FlipCard.self, middleware: 1_000, reducer: 7_000, subscribers: [(GameView.self, 7_999)]))
        #expect(profiler.report().overBudgetCount == 0)
        #expect(profiler.report().recentWarnings.isEmpty)
    }

    @Test func onlyTheLatestWarningsAreKept() {
        let profiler = DispatchProfiler(budgetNanoseconds: 0, keptWarningCount: 3)
        for reducer: UInt64 in 1...10 {
            profiler.storeDidDispatch(measurement(FlipCard.self, middleware: 0, reducer: reducer))
        }
        let report = profiler.report()
        #expect(report.overBudgetCount == 10)
        #expect(report.recentWarnings.map(\.totalNanoseconds) == [8_000, 9_000, 10_000])
        #expect(report.table.contains("over budget (the last 3 of 10):"))
    }

    @Test func measurementsFromManyThreadsAreAllCounted() {
        let profiler = DispatchProfiler()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<2_000 {
                profiler.storeDidDispatch(
                    measurement(
                        thread.isMultiple(of: 2) ? FlipCard.self : LoadAlbums.self, reducer: UInt64(index),
                        subscribers: [(GameView.self, 1)]))
            }
        }
        let report = profiler.report()
        #expect(report.dispatchCount == 16_000)
        #expect(report.actions.map(\.dispatch.count) == [8_000, 8_000])
        #expect(report.subscribers.first?.timing.count == 16_000)
    }

    @Test func resetForgetsEverything() {
        let profiler = DispatchProfiler(budgetNanoseconds: 0)
        profiler.storeDidDispatch(measurement(FlipCard.self, subscribers: [(GameView.self, 1)]))
        profiler.reset()
        let report = profiler.report()
        #expect(report.dispatchCount == 0 && report.actions.isEmpty && report.subscribers.isEmpty)
        #expect(report.recentWarnings.isEmpty && report.overBudgetCount == 0)
    }

    @Test func theEnvironmentVariableTurnsProfilingOn() {
        #expect(DispatchProfiler.fromEnvironment(["RESWIFT_PROFILE": "1"]) != nil)
        #expect(DispatchProfiler.fromEnvironment(["RESWIFT_PROFILE": "0"]) == nil)
        #expect(DispatchProfiler.fromEnvironment([:]) == nil)
        #expect(DispatchProfiler.fromEnvironment(["RESWIFT_PROFILE": "1"])?.budgetNanoseconds == 16_000_000)
    }
}
