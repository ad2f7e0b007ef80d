/// A failure in a test helper, with a message that says what happened and what to check.
public struct TestSupportError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var message: String

    /// Creates an error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
