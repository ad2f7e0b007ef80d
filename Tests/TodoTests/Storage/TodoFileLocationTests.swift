import Foundation
import Testing

@testable import TodoCore

@Suite struct TodoFileLocationTests {
    private let fallback = URL(fileURLWithPath: "/data/todo/todo.json")

    private func resolve(_ filePath: String?, _ environment: [String: String] = [:]) -> String {
        TodoFileLocation.resolve(
            filePath: filePath, environment: environment, currentDirectory: "/work/dir",
            defaultURL: { fallback }
        ).path
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
}
