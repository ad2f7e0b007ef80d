/// A parsed `todo` command line: what it asks for and the options that apply to every command.
public struct TodoInvocation: Equatable, Sendable {
    /// What to do.
    public var request: TodoRequest
    /// The file given with `--file PATH`, if any.
    public var filePath: String?

    /// Creates an invocation.
    public init(request: TodoRequest, filePath: String? = nil) {
        self.request = request
        self.filePath = filePath
    }
}
