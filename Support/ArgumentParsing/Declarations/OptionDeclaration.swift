/// One option an executable accepts, as declared once and used both to parse and to print help.
///
/// ```swift
/// let city = OptionDeclaration.value("--city", placeholder: "NAME", help: "City within the prefecture")
/// ```
public struct OptionDeclaration: Sendable, Equatable {
    /// Whether the option stands alone or takes a value.
    public enum Kind: Sendable, Equatable {
        /// `--offline`: present or not.
        case flag
        /// `--city NAME` or `--city=NAME`; `placeholder` is the word shown in the help.
        case value(placeholder: String)
    }

    /// The long name with its dashes, e.g. `--city`.
    public var name: String
    /// A one-letter alias with its dash, e.g. `-h`, or `nil`.
    public var shortName: String?
    /// Flag or value.
    public var kind: Kind
    /// Whether the option may be given more than once (each value is kept, in order).
    public var isRepeatable: Bool
    /// What the option does, for the help; `\n` starts a new indented line.
    public var help: String

    /// Declares an option.
    public init(name: String, shortName: String? = nil, kind: Kind, isRepeatable: Bool = false, help: String)
    {
        precondition(name.hasPrefix("--") && name.count > 2, "An option's name starts with --: \(name)")
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.isRepeatable = isRepeatable
        self.help = help
    }

    /// Declares an option without a value.
    public static func flag(_ name: String, short: String? = nil, help: String) -> OptionDeclaration {
        OptionDeclaration(name: name, shortName: short, kind: .flag, help: help)
    }

    /// Declares an option that takes a value.
    public static func value(
        _ name: String, placeholder: String, repeatable: Bool = false, help: String
    ) -> OptionDeclaration {
        OptionDeclaration(
            name: name, kind: .value(placeholder: placeholder), isRepeatable: repeatable, help: help)
    }

    /// `--help` (and `-h`), which every executable accepts.
    public static let help = OptionDeclaration.flag("--help", short: "-h", help: "Show this help and exit")
    /// `--version`, which every executable accepts.
    public static let version = OptionDeclaration.flag("--version", help: "Show the version and exit")

    /// Whether the option takes a value.
    var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// How the option is shown in the help's left column: `-h, --help`, `--city NAME`.
    var synopsis: String {
        var text = shortName.map { "\($0), " } ?? ""
        text += name
        if case .value(let placeholder) = kind { text += " \(placeholder)" }
        return text
    }
}
