/// The texts `todo --help` and `todo --version` print.
enum TodoHelp {
    /// The version `todo --version` prints.
    static let version = "todo 0.1.0"

    /// The usage `todo --help` prints.
    static let usage = """
        todo: a todo list kept in one file (the example of the ReSwift 101 talk)

        Usage:
          todo                      the interactive list (on a terminal; prints the list otherwise)
          todo add "Buy milk"       add a todo
          todo list                 show the list: open todos first, numbered
          todo done N               mark todo N done
          todo undone N             mark todo N open again
          todo edit N "new title"   change the title of todo N
          todo remove N             remove todo N
          todo clear-done           remove every done todo
          todo undo                 undo the last change (the file keeps the last \(TodoState.undoLimit))
          todo reset-file           move the file aside (printing where) and start an empty list:
                                    the way out when the file is damaged

        Options:
          --file PATH               use the list in PATH (default: $TODO_FILE, else
                                    $XDG_DATA_HOME/todo/todo.json, ~/.local/share/todo/todo.json)
          -h, --help                show this help
          --version                 show the version
          --                        end of options (for a title that starts with '-')

        Interactive keys: Up/Down (or k/j) move, Space toggles done, a adds, e (or Enter) edits,
        d deletes, u undoes, q quits; while typing, Enter saves and Esc cancels.

        Exit status: 0 done; 1 not carried out (a duplicate title, nothing to undo, a file that
        can't be read or written, or is damaged, or is from a newer todo); 2 a mistake on the
        command line (nothing was changed). Commands that only read (list) never change the file.
        """
}
