/// Why a ``TerminalSession`` could not start.
///
/// The ``description`` says what was wrong and what to do, ready to print for a user.
public struct TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        case notATerminal(stream: String)
        case alreadyActive
        case unsupportedTerminal(term: String)
        case systemCall(name: String, errno: Int32)
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// Standard input or output is not a terminal (a pipe, a file, `/dev/null`).
    public var isNotATerminal: Bool {
        if case .notATerminal = kind { return true }
        return false
    }

    /// `TERM` is unset, empty or `dumb`: the terminal can't move the cursor or switch screens.
    public var isUnsupportedTerminal: Bool {
        if case .unsupportedTerminal = kind { return true }
        return false
    }

    /// A message for the user: what was wrong and what to do.
    public var description: String {
        switch kind {
        case .notATerminal(let stream):
            return "\(stream) is not a terminal. This is an interactive program: run it directly in a "
                + "terminal window, without redirecting its input or output."
        case .unsupportedTerminal(let term):
            let named = term.isEmpty ? "TERM is not set" : "TERM=\(term)"
            return "\(named): this terminal can't move the cursor or switch screens, which this "
                + "interactive program needs. Run it in a terminal that can (TERM=xterm-256color, for "
                + "instance), not in a dumb terminal or an editor's shell buffer."
        case .alreadyActive:
            return "A terminal session is already active in this process. Restore it before starting "
                + "another one."
        case .systemCall(let name, let code):
            return "Could not set up the terminal: \(name) failed with error \(code). Check that the "
                + "program runs in a terminal that supports raw mode."
        }
    }
}
