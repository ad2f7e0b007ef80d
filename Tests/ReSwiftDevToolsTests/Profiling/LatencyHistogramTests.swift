import Testing

@testable import ReSwiftDevTools

@Suite struct LatencyHistogramTests {
    @Test func smallDurationsAreExact() {
        var histogram = LatencyHistogram()
        for value: UInt64 in [3, 3, 3, 7, 31] { histogram.record(value) }
        #expect(histogram.percentile(0.5) == 3)
        #expect(histogram.percentile(0.99) == 31)
        #expect(histogram.count == 5)
        #expect(histogram.sum == 47)
        #expect(histogram.min == 3)
        #expect(histogram.max == 31)
    }

    @Test func percentilesOfAUniformSpreadAreWithinThreePercent() {
        var histogram = LatencyHistogram()
        for value in UInt64(1)...100_000 { histogram.record(value * 1_000) }
        let median = Double(histogram.percentile(0.5))
        let p99 = Double(histogram.percentile(0.99))
        #expect(abs(median - 50_000_000) / 50_000_000 < 0.03, "p50 was \(median)")
        #expect(abs(p99 - 99_000_000) / 99_000_000 < 0.03, "p99 was \(p99)")
        #expect(histogram.max == 100_000_000)
    }

    @Test func aFewSlowDurationsShowInP99ButNotInTheMedian() {
        var histogram = LatencyHistogram()
        for _ in 0..<980 { histogram.record(10_000) }
        for _ in 0..<20 { histogram.record(40_000_000) }
        #expect(abs(Double(histogram.percentile(0.5)) - 10_000) / 10_000 < 0.03)
        #expect(abs(Double(histogram.percentile(0.99)) - 40_000_000) / 40_000_000 < 0.03)
    }

    @Test func memoryStaysTheSameHoweverManyDurationsAreAdded() {
        var histogram = LatencyHistogram()
        for value in 0..<200_000 { histogram.record(UInt64(value) % 1_000 * 997) }
        let underAMillisecond = histogram.storageCount
        #expect(underAMillisecond < 550)
        for _ in 0..<100_000 { histogram.record(996_003) }
        #expect(histogram.storageCount == underAMillisecond, "repeating durations grew the histogram")
        histogram.record(.max)
        #expect(histogram.storageCount == LatencyHistogram.bucketCount)
        for value in 0..<1_000 { histogram.record(.max - UInt64(value)) }
        #expect(histogram.storageCount == LatencyHistogram.bucketCount)
        #expect(histogram.max == .max)
        #expect(histogram.percentile(1) == .max)
    }

    @Test func everyDurationFallsInsideItsBucket() {
        var value: UInt64 = 1
        while value < 1 << 46 {
            for candidate in [value - 1, value, value + value / 3] {
                let (lower, width) = LatencyHistogram.bounds(of: LatencyHistogram.index(of: candidate))
                #expect(
                    lower <= candidate && candidate < lower + width,
                    "\(candidate) outside [\(lower), +\(width))")
                #expect(width == 1 || Double(width) / Double(lower) <= 1.0 / 32)
            }
            value <<= 1
        }
    }

    @Test func anEmptyHistogramReportsZero() {
        #expect(LatencyHistogram().percentile(0.99) == 0)
    }
}
