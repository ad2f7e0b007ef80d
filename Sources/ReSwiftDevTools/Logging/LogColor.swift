/// Whether the logging middleware colours its output with ANSI escape sequences.
public enum LogColor: Sendable, Equatable {
    /// Colour when the sink is a terminal, unless the environment variable `NO_COLOR` is set to
    /// a non-empty value or `TERM` is `dumb`. The default.
    case automatic
    /// Always colour, whatever the sink and the environment say.
    case always
    /// Never colour.
    case never

    /// Whether to colour output to `sink`, given the process's environment.
    ///
    /// - Parameters:
    ///   - sink: Where the output goes.
    ///   - environment: Environment variables, such as `ProcessInfo.processInfo.environment`.
    /// - Returns: `true` if the output should carry ANSI colours.
    public func isEnabled(for sink: LogSink, environment: [String: String]) -> Bool {
        switch self {
        case .always:
            return true
        case .never:
            return false
        case .automatic:
            // https://no-color.org: set and not empty means no colour.
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return sink.isTerminal
        }
    }
}
