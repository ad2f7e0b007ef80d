/// Durations for people: three significant digits in the largest unit that keeps a number ≥ 1.
enum DurationText {
    /// `"850 ns"`, `"12.3 µs"`, `"1.25 ms"`, `"16.0 ms"`, `"2.40 s"`.
    static func format(_ nanoseconds: UInt64) -> String {
        if nanoseconds < 1_000 { return "\(nanoseconds) ns" }
        let units: [(divisor: Double, name: String)] = [(1e3, "µs"), (1e6, "ms"), (1e9, "s")]
        var chosen = units[0]
        for unit in units where Double(nanoseconds) >= unit.divisor * 0.9995 {
            chosen = unit
        }
        let value = Double(nanoseconds) / chosen.divisor
        return threeSignificantDigits(value) + " " + chosen.name
    }

    /// `value` (≥ 1) with three significant digits: `1.25`, `12.3`, `123`, `1234`.
    private static func threeSignificantDigits(_ value: Double) -> String {
        let decimals = value < 9.995 ? 2 : value < 99.95 ? 1 : 0
        let scale = [1.0, 10.0, 100.0][decimals]
        let scaled = Int((value * scale).rounded())
        if decimals == 0 { return String(scaled) }
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
