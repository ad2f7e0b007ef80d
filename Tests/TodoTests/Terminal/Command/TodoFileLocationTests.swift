import Foundation
import TestSupport
import Testing

@testable import TodoModel
@testable import TodoTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct TodoFileLocationTests {
    private let fallback = URL(fileURLWithPath: "/data/todo/todo.json")

    private func resolve(_ filePath: String?, _ environment: [String: String] = [:]) -> String {
        (try? TodoFileLocation.resolve(
            filePath: filePath, environment: environment, currentDirectory: "/work/dir",
            defaultURL: { fallback }
        ).path) ?? "<refused>"
    }

    @Test func aRelativePathIsRefusedWhenTheCurrentFolderIsGone() {
        #expect {
            try TodoFileLocation.resolve(
                filePath: "x.json", environment: [:], currentDirectory: nil, defaultURL: { fallback })
        } throws: { error in
            (error as? TodoCommandError)?.message.contains("the current folder can't be found") == true
        }
        // Absolute paths and the default still work.
        #expect(
            (try? TodoFileLocation.resolve(
                filePath: "/tmp/a.json", environment: [:], currentDirectory: nil, defaultURL: { fallback }))?
                .path
                == "/tmp/a.json")
    }

    @Test func fileOptionWins() {
        #expect(resolve("/tmp/a.json", ["TODO_FILE": "/tmp/b.json"]) == "/tmp/a.json")
    }

    @Test func environmentVariableComesNext() {
        #expect(resolve(nil, ["TODO_FILE": "/tmp/b.json"]) == "/tmp/b.json")
        #expect(resolve(nil, ["TODO_FILE": ""]) == "/data/todo/todo.json")
    }

    @Test func defaultIsTheDataDirectory() {
        #expect(resolve(nil) == "/data/todo/todo.json")
    }

    @Test func expandsHomeAndRelativePaths() {
        #expect(resolve("~/lists/todo.json", ["HOME": "/home/ada"]) == "/home/ada/lists/todo.json")
        #expect(resolve("lists/../todo.json") == "/work/dir/todo.json")
    }

    @Test func refusesAFolderOrAPipeButNotAFileOrNothing() throws {
        let temporary = try TemporaryDirectory(prefix: "todo-location")
        let directory = temporary.url
        let file = directory.appendingPathComponent("todo.json")
        let pipe = directory.appendingPathComponent("pipe")
        #expect(mkfifo(pipe.path, 0o600) == 0)

        #expect(throws: Never.self) { try TodoFileLocation.checkUsable(file) }
        try Data("{}".utf8).write(to: file)
        #expect(throws: Never.self) { try TodoFileLocation.checkUsable(file) }

        let folderError = thrownError(TodoCommandError.self) {
            try TodoFileLocation.checkUsable(directory)
        }
        #expect(folderError?.exitStatus == 2)
        #expect(folderError?.message.contains("is a folder, not a todo file") == true)
        let pipeError = thrownError(TodoCommandError.self) { try TodoFileLocation.checkUsable(pipe) }
        #expect(pipeError?.message.contains("is not a regular file") == true)
    }
}
