/// What styling the terminal gets.
public enum ColorSupport: Hashable, Sendable {
    /// No styling at all: a dumb terminal.
    case none
    /// Bold, dim and reverse, but no colours: `NO_COLOR` is set.
    case attributesOnly
    /// Colours and attributes.
    case colors

    /// The support the environment asks for: ``none`` when `TERM` is unset, empty or `dumb`;
    /// ``attributesOnly`` when `NO_COLOR` is set (to any value, see no-color.org); else ``colors``.
    ///
    /// - Parameter environment: The process environment, e.g.
    ///   `ProcessInfo.processInfo.environment`.
    public static func detect(environment: [String: String]) -> ColorSupport {
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return .none }
        if environment["NO_COLOR"] != nil { return .attributesOnly }
        return .colors
    }

    /// Whether colours are drawn.
    public var colorsEnabled: Bool { self == .colors }
}
