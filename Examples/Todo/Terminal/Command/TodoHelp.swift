import ArgumentParsing
import TodoModel

/// The declaration of `todo`'s command line, and the texts `todo --help` and `todo --version` print.
enum TodoHelp {
    /// The commands, options and help of `todo`.
    static let declaration = CommandDeclaration(
        name: "todo",
        summary: "a todo list kept in one file (the example of the ReSwift 101 talk)",
        usage: ["[options]", "COMMAND [ARGUMENTS] [options]"],
        discussion: """
            Without a command: the interactive list on a terminal, the printed list otherwise.
            A title may be one quoted argument or several words; for one that starts with "-",
            put -- before it, as in todo add -- "-urgent"; commands that only read (list) never
            change the file or create one.
            """,
        subcommands: [
            SubcommandDeclaration("add", arguments: "TITLE", help: "Add a todo"),
            SubcommandDeclaration(
                "list", aliases: ["ls"], help: "Show the list, numbered as the commands take them"),
            SubcommandDeclaration("done", arguments: "N", help: "Mark todo N done"),
            SubcommandDeclaration("undone", arguments: "N", help: "Mark todo N open again"),
            SubcommandDeclaration("edit", arguments: "N TITLE", help: "Change the title of todo N"),
            SubcommandDeclaration("remove", aliases: ["rm"], arguments: "N", help: "Remove todo N"),
            SubcommandDeclaration("clear-done", help: "Remove every done todo"),
            SubcommandDeclaration(
                "undo", help: "Undo the last change (the file keeps the last \(TodoState.undoLimit))"),
            SubcommandDeclaration(
                "reset-file",
                help: "Move the file aside (printing where) and start an empty list:\n"
                    + "the way out when the file is damaged"),
            SubcommandDeclaration("help", help: "Show this help"),
        ],
        acceptsPositionals: true,
        options: [
            .value(
                "--file", placeholder: "PATH",
                help: "Use the list in PATH (default: $TODO_FILE, else\n"
                    + "$XDG_DATA_HOME/todo/todo.json, ~/.local/share/todo/todo.json)")
        ],
        environment: [
            EnvironmentDeclaration("TODO_FILE", help: "The list's file (--file wins)"),
            EnvironmentDeclaration(
                "XDG_DATA_HOME", help: "Where the list is kept without --file or TODO_FILE"),
        ],
        sections: [
            HelpSection(
                "NUMBERS",
                "N is a number that \"todo list\" shows, "
                    + NumberParsing.describe(TodoInvocation.numberRange) + "."),
            HelpSection(
                "KEYS",
                """
                Up/Down (or k/j) move, Space toggles done, a adds, e (or Enter) edits,
                d deletes, u undoes, q quits (Ctrl-C quits with status 130);
                while typing, Enter saves and Esc cancels; Left/Right, Home/End, Delete,
                Ctrl-A/E/K/U/W and Alt-B/F (or Ctrl-Left/Right) edit as in a shell.
                """),
        ],
        failureMeaning: "a duplicate title, nothing to undo, a file that is unusable or from a newer todo")

    /// The version `todo --version` prints.
    static let version = PackageVersion.line(for: declaration.name)

    /// The usage `todo --help` prints.
    static let usage = HelpFormatter.help(for: declaration)
}
