import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the todo list lives: `--file PATH`, else `$TODO_FILE`, else the platform's data directory
/// (`$XDG_DATA_HOME/todo/todo.json`, by default `~/.local/share/todo/todo.json`, on Linux).
enum TodoFileLocation {
    /// The environment variable that names the todo file when `--file` isn't given.
    static let environmentVariable = "TODO_FILE"

    /// Resolves the file to use.
    ///
    /// A leading `~/` is expanded (the shell doesn't expand it in `--file=~/…` or in a variable);
    /// a relative path is taken from `currentDirectory`.
    ///
    /// - Parameters:
    ///   - filePath: The `--file` argument, if given.
    ///   - environment: The process environment.
    ///   - currentDirectory: The directory relative paths start from.
    ///   - defaultURL: The file to use when neither `--file` nor `TODO_FILE` names one.
    static func resolve(
        filePath: String?,
        environment: [String: String],
        currentDirectory: String,
        defaultURL: () -> URL
    ) -> URL {
        let given = filePath ?? environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard var path = given else { return defaultURL() }
        if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty {
            path = home + path.dropFirst()
        }
        if !path.hasPrefix("/") {
            path = (currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/") + path
        }
        return URL(fileURLWithPath: path).standardizedFileURL
    }

    /// Refuses a path that names something other than a file (a folder, a device, a pipe).
    ///
    /// ReSwiftPersistence moves an unreadable "file" aside and starts afresh, which must never
    /// happen to `/tmp` or `/dev/null` given by mistake; a path that doesn't exist yet is fine.
    ///
    /// - Throws: ``TodoCommandError`` (exit status 2) naming the path and what to give instead.
    static func checkUsable(_ url: URL) throws(TodoCommandError) {
        var info = stat()
        // Nothing there yet, or unreachable (the file operations report that later).
        guard stat(url.path, &info) == 0 else { return }
        let type = info.st_mode & S_IFMT
        if type == S_IFREG { return }
        let what = type == S_IFDIR ? "a folder" : "not a regular file"
        let example = type == S_IFDIR ? url.appendingPathComponent("todo.json").path : "~/todo.json"
        throw .usage("\(url.path) is \(what), not a todo file; give the path of a file, e.g. \(example)")
    }
}
