/// Durations counted in log-scale buckets: bounded memory (at most ``bucketCount`` counters,
/// about 11 KB) however many are added, and percentiles within about 3% of the true value.
///
/// Values below 32 ns have a bucket each. Above that, each power of two is cut into 32 buckets
/// of equal width, so a bucket is never wider than 1/32 of its lower bound. Values from 2^46 ns
/// (about 19.5 hours) on share the last bucket. The count, sum, minimum and maximum are exact.
struct LatencyHistogram: Sendable {
    /// Buckets per power of two, and the values below which every nanosecond has its own bucket.
    private static let subBucketBits = 5
    private static let subBucketCount = 1 << subBucketBits

    /// The highest power of two with buckets of its own.
    private static let maxExponent = 45

    /// The number of buckets: 32 exact ones, then 32 for each exponent from 5 to `maxExponent`.
    static let bucketCount = subBucketCount + (maxExponent - subBucketBits + 1) * subBucketCount

    private(set) var count: UInt64 = 0
    private(set) var sum: UInt64 = 0
    private(set) var min = UInt64.max
    private(set) var max: UInt64 = 0
    /// The counts, up to the highest bucket used so far (at most ``bucketCount``): durations
    /// under a millisecond need fewer than 550.
    private var buckets: [UInt64] = []

    /// The number of buckets this histogram holds now; never more than ``bucketCount``.
    var storageCount: Int { buckets.count }

    /// Adds one duration. (Inlined: a measured dispatch records four.)
    @inline(__always)
    mutating func record(_ nanoseconds: UInt64) {
        count &+= 1
        sum &+= nanoseconds
        min = Swift.min(min, nanoseconds)
        max = Swift.max(max, nanoseconds)
        let index = Self.index(of: nanoseconds)
        if index >= buckets.count {
            buckets.append(contentsOf: repeatElement(0, count: index + 1 - buckets.count))
        }
        buckets[index] &+= 1
    }

    /// The value below which a fraction `quantile` of the durations fall (0.5 for the median,
    /// 0.99 for p99): the middle of the bucket holding that rank, kept within the exact minimum
    /// and maximum (the maximum itself for the last bucket). `0` when empty.
    ///
    /// - Complexity: O(``bucketCount``).
    func percentile(_ quantile: Double) -> UInt64 {
        guard count > 0 else { return 0 }
        let rank = Swift.max(1, UInt64((quantile * Double(count)).rounded(.up)))
        var seen: UInt64 = 0
        for (index, bucketCount) in buckets.enumerated() where bucketCount > 0 {
            seen += bucketCount
            if seen >= rank {
                // The last bucket also holds everything beyond it: its only known bound is `max`.
                if index == Self.bucketCount - 1 { return max }
                let (lower, width) = Self.bounds(of: index)
                return Swift.min(Swift.max(lower + (width - 1) / 2, min), max)
            }
        }
        return max
    }

    /// The bucket a duration falls in.
    @inline(__always)
    static func index(of nanoseconds: UInt64) -> Int {
        if nanoseconds < UInt64(subBucketCount) { return Int(nanoseconds) }
        let exponent = UInt64.bitWidth - 1 - nanoseconds.leadingZeroBitCount
        if exponent > maxExponent { return bucketCount - 1 }
        let shift = exponent - subBucketBits
        let subBucket = Int((nanoseconds >> UInt64(shift)) & UInt64(subBucketCount - 1))
        return subBucketCount + shift * subBucketCount + subBucket
    }

    /// The smallest duration in a bucket and how many nanoseconds the bucket spans.
    static func bounds(of index: Int) -> (lower: UInt64, width: UInt64) {
        if index < subBucketCount { return (UInt64(index), 1) }
        let shift = (index - subBucketCount) / subBucketCount
        let subBucket = (index - subBucketCount) % subBucketCount
        return (UInt64(subBucketCount + subBucket) << UInt64(shift), 1 << UInt64(shift))
    }
}
