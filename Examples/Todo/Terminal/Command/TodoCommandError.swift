/// A reason a `todo` command did not run, with the one-line message shown to the user.
///
/// Usage mistakes (an unknown command, a missing or out-of-range number, an empty title) exit
/// with status 2; a command that could not be carried out (nothing to undo, a duplicate title,
/// an unreadable file) exits with status 1. Either way the file is left as it was.
public struct TodoCommandError: Error, Equatable, CustomStringConvertible {
    enum Kind: Equatable {
        /// The command line was wrong; exit status 2.
        case usage
        /// The command was understood but could not be carried out; exit status 1.
        case failure
    }

    let kind: Kind
    /// What went wrong and what to do, in one line.
    public let message: String

    /// The process exit status for this error: 2 for a usage mistake, 1 otherwise.
    public var exitStatus: Int32 { kind == .usage ? 2 : 1 }

    public var description: String { message }

    static func usage(_ message: String) -> TodoCommandError {
        TodoCommandError(kind: .usage, message: message)
    }

    static func failure(_ message: String) -> TodoCommandError {
        TodoCommandError(kind: .failure, message: message)
    }
}
