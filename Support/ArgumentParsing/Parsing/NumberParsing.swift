/// Reads numbers from options and environment variables, each within a documented range.
///
/// Only plain ASCII numbers are accepted: an optional sign, digits, and for decimals one point
/// and an exponent (`1e3`). Empty text, other digits (`１２`, `٣`), spaces, control characters,
/// `nan`, `inf` and anything outside the range (`1e400`, `-1`) are refused with a message that
/// names the range, e.g. `--timeout needs a number of seconds from 0.1 to 3600, not "1e16"`.
public enum NumberParsing {
    /// A whole number within `range`.
    ///
    /// - Parameters:
    ///   - text: The option's or variable's text.
    ///   - name: The option or variable, for the message (`--limit`).
    ///   - range: The documented range.
    ///   - unit: What the number counts, for the message (`milliseconds`), or `nil`.
    /// - Throws: ``UsageError`` naming the range.
    public static func integer<Number: FixedWidthInteger & Sendable>(
        _ text: String, for name: String, in range: ClosedRange<Number>, unit: String? = nil
    ) throws(UsageError) -> Number {
        let error = UsageError(
            "\(name) needs a whole number\(unit.map { " of \($0)" } ?? "") \(describe(range)), "
                + "not \(Quoting.quoted(text))")
        var scalars = Substring(text).unicodeScalars[...]
        if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
        guard !scalars.isEmpty, scalars.allSatisfy(ArgumentParser.isASCIIDigit) else { throw error }
        // Too many digits for the type means out of range; the initializer says so with nil.
        guard let number = Number(text.hasPrefix("+") ? String(text.dropFirst()) : text),
            range.contains(number)
        else { throw error }
        return number
    }

    /// A decimal number within `range` (finite by construction).
    ///
    /// - Parameters:
    ///   - text: The option's or variable's text.
    ///   - name: The option or variable, for the message (`--timeout`).
    ///   - range: The documented range; its bounds must be finite.
    ///   - unit: What the number counts, for the message (`seconds`), or `nil`.
    /// - Throws: ``UsageError`` naming the range.
    public static func decimal(
        _ text: String, for name: String, in range: ClosedRange<Double>, unit: String? = nil
    ) throws(UsageError) -> Double {
        precondition(range.lowerBound.isFinite && range.upperBound.isFinite, "A range has finite bounds")
        let error = UsageError(
            "\(name) needs a number\(unit.map { " of \($0)" } ?? "") \(describe(range)), "
                + "not \(Quoting.quoted(text))")
        guard isPlainDecimal(text), let number = Double(text), number.isFinite, range.contains(number) else {
            throw error
        }
        return number
    }

    /// `from 1 to 10000`, `from 0.1 to 3600`.
    public static func describe<Number: Comparable>(_ range: ClosedRange<Number>) -> String {
        "from \(format(range.lowerBound)) to \(format(range.upperBound))"
    }

    private static func format<Number>(_ value: Number) -> String {
        if let double = value as? Double, double == double.rounded(), abs(double) < 1e15 {
            return String(Int64(double))
        }
        return "\(value)"
    }

    /// `[+-] digits [. digits] [(e|E) [+-] digits]`, ASCII only, with at least one digit before
    /// the exponent.
    static func isPlainDecimal(_ text: String) -> Bool {
        var scalars = text.unicodeScalars[...]
        func digits() -> Int {
            let count = scalars.prefix(while: ArgumentParser.isASCIIDigit).count
            scalars = scalars.dropFirst(count)
            return count
        }
        if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
        var mantissa = digits()
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let e = scalars.first, e == "e" || e == "E" {
            scalars = scalars.dropFirst()
            if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return scalars.isEmpty
    }
}
