/// What a `todo` command line asks for: the command (`add`, `list`, …), the interactive list,
/// the help or the version.
public enum TodoRequest: Equatable, Sendable {
    /// `todo add "Buy milk"`: add an item at the end of the list.
    case add(title: String)
    /// `todo list`: print the list in the order the items were added, numbered (done items keep
    /// their number).
    case list
    /// `todo done N`: mark item N done.
    case done(number: Int)
    /// `todo undone N`: mark item N open again.
    case undone(number: Int)
    /// `todo edit N "new title"`: change item N's title.
    case edit(number: Int, title: String)
    /// `todo remove N`: remove item N.
    case remove(number: Int)
    /// `todo clear-done`: remove every done item.
    case clearDone
    /// `todo undo`: restore the list as it was before its last change.
    case undo
    /// `todo reset-file`: move the file aside (a damaged one, typically) and start an empty list.
    case resetFile
    /// `todo` with no command: the interactive list on a terminal, the printed list otherwise.
    case interactive
    /// `todo --help`: print the usage.
    case help
    /// `todo --version`: print the version.
    case version

    /// Whether running the command may change the file.
    var changesList: Bool {
        switch self {
        case .add, .done, .undone, .edit, .remove, .clearDone, .undo, .resetFile: true
        case .list, .interactive, .help, .version: false
        }
    }
}
