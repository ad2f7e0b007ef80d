@_spi(ReSwiftInternal) import InternalReSwiftUtilities

/// A number of seconds as every executable's messages write it: `60`, `2.5`, and with the unit
/// `1 second`, `60 seconds`.
///
/// The options parsed from a command line (`--timeout 1`) come back in messages (`did not answer
/// within 1 second`), so the parser's target offers the formatter to the executables. It is the
/// package's one, the leaf's `SecondsFormatting`, which the library's messages use too.
public enum SecondsText {
    /// The number alone: a whole number without `.0` (`60`), else as Swift prints it (`2.5`).
    ///
    /// - Parameter seconds: The number of seconds.
    /// - Returns: The number as text.
    public static func number(_ seconds: Double) -> String { SecondsFormatting.number(seconds) }

    /// The number with its unit, singular for exactly one: `1 second`, `60 seconds`, `0.5 seconds`.
    ///
    /// - Parameter seconds: The number of seconds.
    /// - Returns: The number and the unit.
    public static func phrase(_ seconds: Double) -> String { SecondsFormatting.phrase(seconds) }
}
