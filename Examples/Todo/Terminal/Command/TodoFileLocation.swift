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
    ///   - currentDirectory: The directory relative paths start from; `nil` when it can't be
    ///     found (it was deleted or moved away, or can't be read): a relative path is then
    ///     refused, never taken from `/`.
    ///   - defaultURL: The file to use when neither `--file` nor `TODO_FILE` names one.
    /// - Throws: ``TodoCommandError`` (exit status 1) for a relative path when there is no
    ///   current folder.
    static func resolve(
        filePath: String?,
        environment: [String: String],
        currentDirectory: String?,
        defaultURL: () -> URL
    ) throws(TodoCommandError) -> URL {
        let given = filePath ?? environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard var path = given else { return defaultURL() }
        if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty {
            path = home + path.dropFirst()
        }
        if !path.hasPrefix("/") {
            guard let currentDirectory, currentDirectory.hasPrefix("/") else {
                throw .failure(
                    "the current folder can't be found (it was deleted or moved, or can't be read), so the "
                        + "relative path \(path) names no file; cd to a folder that exists, or give the file's full "
                        + "path (e.g. --file ~/todo.json)")
            }
            path = (currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/") + path
        }
        return URL(fileURLWithPath: path).standardizedFileURL
    }

    /// Refuses a path that names something other than a file (a folder, a device, a pipe).
    ///
    /// ReSwiftPersistence moves an unreadable "file" aside and starts afresh, which must never
    /// happen to `/tmp` or `/dev/null` given by mistake; a path that doesn't exist yet is fine.
    ///
    /// - Throws: ``TodoCommandError`` (exit status 2) naming the path and what to give instead;
    ///   exit status 1 when a folder on the way is a file (`XDG_DATA_HOME` pointing at a file).
    /// The process's current folder, or `nil` when it can't be found (`getcwd` fails: the folder
    /// was deleted or moved away, or a folder above it can't be read).
    static func currentDirectory() -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let found = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress, $0.count) != nil }
        }
        guard found else { return nil }
        let path = String(decoding: buffer.prefix(while: { $0 != 0 }), as: UTF8.self)
        // Linux marks a folder that was removed: "(unreachable)/…" or " (deleted)".
        guard path.hasPrefix("/"), !path.hasSuffix(" (deleted)") else { return nil }
        return path
    }

    static func checkUsable(_ url: URL) throws(TodoCommandError) {
        // A folder on the way that is a file (XDG_DATA_HOME or TODO_FILE pointing at a file):
        // the folder can't be created there, which would surface as a raw Foundation error.
        var folder = url.deletingLastPathComponent()
        while folder.path != "/" {
            var folderInfo = stat()
            if stat(folder.path, &folderInfo) == 0 {
                guard folderInfo.st_mode & S_IFMT == S_IFDIR else {
                    throw .failure(
                        "Couldn't save or read \(url.path): \(folder.path) is a file, not a folder; point "
                            + "XDG_DATA_HOME (or --file, TODO_FILE) at a folder, or move that file away")
                }
                break
            }
            folder = folder.deletingLastPathComponent()
        }
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
