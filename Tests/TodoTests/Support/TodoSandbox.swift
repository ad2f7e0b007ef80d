import Foundation
import TestSupport

/// A temporary folder with a todo file path in it, and a way to run the built `todo` on that file.
/// Each test makes its own, so tests running in parallel never share a file.
struct TodoSandbox {
    /// The temporary folder; nothing else uses it.
    let directory: URL
    /// The todo file the runs use (through `TODO_FILE`); it may not exist yet.
    let file: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("todo-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("todo.json")
    }

    /// Runs `todo` with `arguments` on this sandbox's file, with no terminal.
    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> ProductRun {
        try run(arguments, environment: environment)
    }

    /// Runs `todo` with `arguments` on this sandbox's file, with no terminal.
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ProductRun {
        var environment = environment
        if environment["TODO_FILE"] == nil { environment["TODO_FILE"] = file.path }
        environment["XDG_DATA_HOME"] =
            environment["XDG_DATA_HOME"] ?? directory.appendingPathComponent("xdg").path
        return try runProduct(
            "todo", arguments: arguments, environment: environment, workingDirectory: directory)
    }

    /// The lines `todo list` prints.
    func list() throws -> [String] {
        try run("list").standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).filter { !$0.isEmpty }
    }

    /// The file's bytes, or `nil` when there is no file.
    func contents() -> Data? {
        FileManager.default.contents(atPath: file.path)
    }

    /// The names of the files in the folder.
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Removes the folder.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
