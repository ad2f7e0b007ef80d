/// A small, fast, seedable random number generator (Steele, Lea and Flood's SplitMix64).
///
/// The same seed gives the same numbers on every platform and toolchain, which is what lets
/// `memory-game --seed N` replay a game exactly. Use it with ``SplitMix64/nextInt(below:)`` and
/// ``SplitMix64/shuffled(_:)`` rather than the standard library's `shuffled(using:)`, whose
/// algorithm the standard library does not promise to keep.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator that starts from `seed`.
    ///
    /// - Parameter seed: Any value; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed integer in `0..<bound`, by rejection sampling (no modulo bias).
    ///
    /// - Parameter bound: The exclusive upper bound; must be positive.
    /// - Returns: An integer `n` with `0 <= n < bound`.
    public mutating func nextInt(below bound: Int) -> Int {
        precondition(bound > 0, "nextInt(below:) needs a positive bound, got \(bound)")
        let upper = UInt64(bound)
        let limit = UInt64.max - UInt64.max % upper
        while true {
            let value = next()
            if value < limit { return Int(value % upper) }
        }
    }

    /// The elements in a random order (Fisher–Yates), fixed by this generator's state.
    ///
    /// - Parameter elements: The elements to shuffle.
    /// - Returns: The same elements, shuffled.
    /// - Complexity: O(*n*).
    public mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        var index = result.count - 1
        while index > 0 {
            result.swapAt(index, nextInt(below: index + 1))
            index -= 1
        }
        return result
    }
}
