/// A command line read against a ``CommandDeclaration``: what was asked, the options' values and
/// the positional arguments. The values are still text; each program turns them into its types
/// (with ``NumberParsing`` for numbers).
public struct ParsedArguments: Equatable, Sendable {
    /// What the command line asks for before any subcommand runs.
    public enum Request: Equatable, Sendable {
        /// Run the program (or its subcommand).
        case run
        /// Print the help and exit 0.
        case help
        /// Print the version and exit 0.
        case version
    }

    /// Help, version or run.
    public var request: Request
    /// The subcommand's declared name (an alias is turned into it), or `nil` when none was given.
    public var subcommand: String?
    /// The arguments that aren't options, after the subcommand, in order.
    public var positionals: [String]
    /// Each given option's values by its long name, in order; a flag has one empty value per use.
    public var values: [String: [String]]

    /// Creates a result; the parser does this.
    public init(
        request: Request = .run, subcommand: String? = nil, positionals: [String] = [],
        values: [String: [String]] = [:]
    ) {
        self.request = request
        self.subcommand = subcommand
        self.positionals = positionals
        self.values = values
    }

    /// Whether the option was given.
    public func contains(_ name: String) -> Bool { values[name] != nil }

    /// The option's value, or `nil` when it wasn't given.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    public func allValues(_ name: String) -> [String] { values[name] ?? [] }
}
