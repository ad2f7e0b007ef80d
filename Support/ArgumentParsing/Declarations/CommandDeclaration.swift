/// Everything an executable accepts: its options, subcommands, positional arguments and
/// environment, with the words its help is made of. The parser and the help both read it, so
/// they can't disagree.
public struct CommandDeclaration: Sendable {
    /// The program's name as typed, e.g. `library-finder`.
    public var name: String
    /// One line saying what the program is.
    public var summary: String
    /// The usage lines, each after the program's name, e.g. `[options]` or `add TITLE`.
    public var usage: [String]
    /// A paragraph shown under the usage, or `nil`.
    public var discussion: String?
    /// The subcommands (`todo add`); empty when the program has none.
    public var subcommands: [SubcommandDeclaration]
    /// Whether arguments that aren't options are accepted (after a subcommand, if any).
    public var acceptsPositionals: Bool
    /// The options, without `--help` and `--version`, which every program has.
    public var options: [OptionDeclaration]
    /// The environment variables the program reads.
    public var environment: [EnvironmentDeclaration]
    /// Further sections of the help (keys, files), in order, before the exit status.
    public var sections: [HelpSection]
    /// What exit status 1 means for this program, e.g. "the service failed and nothing was cached".
    public var failureMeaning: String
    /// Further causes of exit status 2 that the parser can't see, each listed under it with "or",
    /// e.g. "no app key (--appkey or $CALIL_APPKEY)".
    public var usageCauses: [String]

    /// Declares a program.
    public init(
        name: String, summary: String, usage: [String] = ["[options]"], discussion: String? = nil,
        subcommands: [SubcommandDeclaration] = [], acceptsPositionals: Bool = false,
        options: [OptionDeclaration], environment: [EnvironmentDeclaration] = [],
        sections: [HelpSection] = [], failureMeaning: String, usageCauses: [String] = []
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.discussion = discussion
        self.subcommands = subcommands
        self.acceptsPositionals = acceptsPositionals
        self.options = options
        self.environment = environment
        self.sections = sections
        self.failureMeaning = failureMeaning
        self.usageCauses = usageCauses
    }

    /// The declared options followed by `--help` and `--version`.
    public var allOptions: [OptionDeclaration] { options + [.help, .version] }

    /// The line that sends a user to the help, e.g. `Run "todo --help" to see the options.`
    public var helpHint: String { "Run \"\(name) --help\" to see the options." }
}

/// A subcommand such as `todo add`.
public struct SubcommandDeclaration: Sendable, Equatable {
    /// Its name, e.g. `remove`.
    public var name: String
    /// Other names it answers to, e.g. `rm`.
    public var aliases: [String]
    /// Its arguments as shown in the help, e.g. `N "new title"`; empty for none.
    public var arguments: String
    /// What it does, for the help.
    public var help: String

    /// Declares a subcommand.
    public init(_ name: String, aliases: [String] = [], arguments: String = "", help: String) {
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.help = help
    }
}

/// An environment variable a program reads, for the help.
public struct EnvironmentDeclaration: Sendable, Equatable {
    /// The variable's name.
    public var name: String
    /// What it does, including its range when it is a number.
    public var help: String

    /// Declares a variable.
    public init(_ name: String, help: String) {
        self.name = name
        self.help = help
    }
}

/// A free-form section of the help, such as the keys of an interactive app.
public struct HelpSection: Sendable, Equatable {
    /// The heading, e.g. `KEYS`.
    public var title: String
    /// The lines under it, without indentation.
    public var body: String

    /// Declares a section.
    public init(_ title: String, _ body: String) {
        self.title = title
        self.body = body
    }
}
