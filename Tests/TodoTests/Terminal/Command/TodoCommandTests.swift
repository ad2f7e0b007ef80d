import Foundation
import TestSupport
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// The command line run in process, with its output captured: quick checks of what each outcome
/// prints and returns. The end-to-end tests run the real binary.
@MainActor
@Suite struct TodoCommandTests {
    private let temporary: TemporaryDirectory
    /// The working folder of the runs; not created: the tests that need it create it.
    private let directory: URL

    init() throws {
        temporary = try TemporaryDirectory(prefix: "todo-cli")
        directory = temporary.file("work")
    }

    private func run(_ arguments: String..., environment: [String: String] = [:]) async -> (
        status: Int32, output: [String], errors: [String]
    ) {
        let output = Collected<String>()
        let errors = Collected<String>()
        let status = await TodoCommand.run(
            arguments: arguments,
            environment: environment.merging(["XDG_DATA_HOME": directory.appendingPathComponent("xdg").path])
            { a, _ in a },
            currentDirectory: directory.path,
            isInteractiveTerminal: false,
            output: { output.append($0) },
            errorOutput: { errors.append($0) })
        return (status, output.all, errors.all)
    }

    @Test func helpAndVersionNeedNoFile() async {
        let help = await run("--help")
        #expect(help.status == 0)
        #expect(help.output == [String(TodoHelp.usage.dropLast())])
        #expect(await run("--version").output == [TodoHelp.version])
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test func relativeFilePathsStartAtTheCurrentDirectory() async throws {
        let added = await run("add", "Buy milk", "--file", "lists/todo.json")
        #expect(added.status == 0)
        #expect(added.output == ["Added 1: Buy milk"])
        #expect(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("lists/todo.json").path))
        #expect(await run("list", "--file=lists/todo.json").output == ["1. [ ] Buy milk"])
    }

    @Test func aTitleInAnotherCaseOrWidthIsRefusedAsADuplicate() async {
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(await run("add", "Call mom").status == 0)
        let again = await run("add", "call MOM")
        #expect(again.status == 1)
        #expect(again.errors == ["todo: 'Call mom' is already on the list as number 1"])
        #expect(await run("add", "Ｃａｌｌ ｍｏｍ").status == 1)
        #expect(await run("list").output == ["1. [ ] Call mom"])
    }

    @Test func defaultFileIsInTheDataDirectory() async {
        #expect(await run("add", "x").status == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: directory.appendingPathComponent("xdg/todo/todo.json").path))
    }

    @Test func usageErrorsPrintTheMistakeAndTheHelpPointerAndReturnTwo() async {
        let result = await run("done", "x")
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(
            result.errors == [
                "todo: \"done\" needs a whole number from 1 to 1000000, not \"x\"; \"todo list\" shows the numbers",
                "Run \"todo --help\" to see the options.",
            ])
    }

    @Test func anUnwritableFolderIsReportedWithStatusOne() async throws {
        // A regular file where the todo file's folder should be: the folder can't be created.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("blocker"))
        let result = await run("add", "x", "--file", "blocker/todo.json")
        #expect(result.status == 1)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.hasPrefix("todo: Couldn't save") == true)
        #expect(result.errors.first?.contains("blocker is a file, not a folder") == true)
    }
}
