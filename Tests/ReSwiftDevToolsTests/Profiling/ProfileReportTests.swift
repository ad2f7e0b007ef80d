import Foundation
import ReSwift
import ReSwiftDevTools
import Testing

private struct FlipCard: Action {}
private struct ChooseCategory: Action {}
private final class GameView {}

@Suite struct ProfileReportTests {
    private func sampleProfiler() -> DispatchProfiler {
        let profiler = DispatchProfiler()
        let main = DispatchOrigin(thread: DispatchThread(isMain: true))
        for index: UInt64 in 0..<40 {
            profiler.storeDidDispatch(
                DispatchMeasurement(
                    actionType: FlipCard.self, origin: main, middlewareNanoseconds: 1_000,
                    reducerNanoseconds: 3_000,
                    subscribers: [
                        SubscriberMeasurement(subscriber: .object(GameView.self), nanoseconds: 40_000 + index)
                    ]))
        }
        profiler.storeDidDispatch(
            DispatchMeasurement(
                actionType: ChooseCategory.self, origin: main, middlewareNanoseconds: 900,
                reducerNanoseconds: 20_000_000, subscribers: []))
        return profiler
    }

    @Test func theTableHasARowPerActionAndSubscriberType() {
        let lines = sampleProfiler().report().table.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "ReSwift profile: 41 dispatches, 1 over the 16.0 ms budget")
        #expect(lines[2].hasPrefix("action "))
        #expect(lines[2].hasSuffix("count      p50      p99      max    total  reducer p99"))
        #expect(lines[3].hasPrefix("ChooseCategory "))
        #expect(lines[3].hasSuffix("1  20.0 ms  20.0 ms  20.0 ms  20.0 ms      20.0 ms"))
        #expect(lines[4].hasPrefix("FlipCard "))
        #expect(lines[4].hasSuffix("40  44.0 µs  44.0 µs  44.0 µs  1.76 ms      3.00 µs"))
        #expect(lines[6].hasPrefix("subscriber "))
        #expect(lines[7].hasPrefix("GameView "))
        #expect(lines[7].hasSuffix("40  40.0 µs  40.0 µs  40.0 µs  1.60 ms"))
        #expect(lines[9] == "over budget:")
        #expect(
            lines[10].hasPrefix("  ChooseCategory took 20.0 ms, over the 16.0 ms budget; slowest: reducer"))
    }

    @Test func theJSONRoundTripsAndNamesItsFieldsInNanoseconds() throws {
        let report = sampleProfiler().report()
        let json = report.json()
        #expect(json.contains("\"p99Nanoseconds\""))
        #expect(json.contains("\"name\" : \"FlipCard\""))
        let decoded = try JSONDecoder().decode(ProfileReport.self, from: Data(json.utf8))
        #expect(decoded == report)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json(pretty: false).utf8)) as? [String: Any])
        #expect(object["dispatchCount"] as? Int == 41)
        #expect(object["budgetNanoseconds"] as? Int == 16_000_000)
    }

    @Test func anEmptyProfileSaysSo() {
        #expect(
            DispatchProfiler().report().table.hasPrefix(
                "ReSwift profile: 0 dispatches, 0 over the 16.0 ms budget"))
    }
}
