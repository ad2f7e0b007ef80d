/// A number of seconds as the package's messages write it, in one place: `60`, `2.5`, and with the
/// unit `1 second`, `60 seconds`.
///
/// The library's messages (a lock held "for more than 5 seconds") and the executables' (through
/// ArgumentParsing's `SecondsText`, "did not answer within 1 second") both write seconds with it.
@_spi(ReSwiftInternal)
public enum SecondsFormatting {
    /// The number alone: a whole number without `.0` (`60`), else as Swift prints it (`2.5`).
    ///
    /// - Parameter seconds: The number of seconds.
    /// - Returns: The number as text.
    public static func number(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }

    /// The number with its unit, singular for exactly one: `1 second`, `60 seconds`, `0.5 seconds`.
    ///
    /// - Parameter seconds: The number of seconds.
    /// - Returns: The number and the unit.
    public static func phrase(_ seconds: Double) -> String {
        number(seconds) + (seconds == 1 ? " second" : " seconds")
    }
}
