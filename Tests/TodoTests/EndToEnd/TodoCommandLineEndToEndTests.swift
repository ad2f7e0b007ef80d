import Foundation
import TestSupport
import Testing

/// Runs the built `todo` as a user would, on a temporary file, and checks its output, exit status
/// and file.
@Suite(.timeLimit(.minutes(5))) struct TodoCommandLineEndToEndTests {
    @Test func eachCommandChangesTheListAsShown() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }

        #expect(try sandbox.list() == ["The list is empty. Add a todo with: todo add \"Buy milk\""])
        let added = try sandbox.run("add", "Buy milk")
        #expect(added.status == 0)
        #expect(added.standardOutput == "Added 1: Buy milk\n")
        #expect(try sandbox.run("add", "Walk", "the", "dog").standardOutput == "Added 2: Walk the dog\n")
        #expect(try sandbox.run("add", "Write talk").status == 0)

        #expect(try sandbox.run("done", "1").standardOutput == "Done: Buy milk\n")
        #expect(try sandbox.list() == ["1. [x] Buy milk", "2. [ ] Walk the dog", "3. [ ] Write talk"])

        #expect(try sandbox.run("undone", "1").standardOutput == "Reopened: Buy milk\n")
        #expect(try sandbox.list() == ["1. [ ] Buy milk", "2. [ ] Walk the dog", "3. [ ] Write talk"])
        #expect(
            try sandbox.run("edit", "3", "Write the talk").standardOutput
                == "Renamed 3: Write the talk (was: Write talk)\n")
        #expect(try sandbox.run("remove", "2").standardOutput == "Removed: Walk the dog\n")
        #expect(try sandbox.list() == ["1. [ ] Buy milk", "2. [ ] Write the talk"])

        try sandbox.run("done", "1")
        #expect(try sandbox.run("clear-done").standardOutput == "Cleared 1 done todo.\n")
        #expect(try sandbox.list() == ["1. [ ] Write the talk"])
        let nothingToClear = try sandbox.run("clear-done")
        #expect(nothingToClear.status == 1)
        #expect(nothingToClear.standardError == "todo: no done todos to clear; nothing was changed\n")
    }

    @Test func undoNamesTheEditAndTheClearItTookBack() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        for title in ["a", "b", "c"] { try sandbox.run("add", title) }
        try sandbox.run("edit", "2", "B")
        #expect(try sandbox.run("undo").standardOutput.hasPrefix("Undid: edit 2 \"B\" (was \"b\"); "))
        try sandbox.run("done", "1")
        try sandbox.run("done", "3")
        try sandbox.run("undone", "3")
        #expect(try sandbox.run("undo").standardOutput.hasPrefix("Undid: undone 3 \"c\"; "))
        try sandbox.run("clear-done")
        #expect(try sandbox.run("undo").standardOutput.hasPrefix("Undid: clear-done (\"a\", \"c\"); "))
    }

    @Test func undoWorksAcrossInvocations() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "a")
        try sandbox.run("add", "b")
        try sandbox.run("done", "1")
        try sandbox.run("remove", "2")
        #expect(try sandbox.list() == ["1. [x] a"])

        let undo = try sandbox.run("undo")
        #expect(undo.status == 0)
        #expect(undo.standardOutput == "Undid: remove 2 \"b\"; the list now has 2 todos (1 open, 1 done).\n")
        #expect(try sandbox.list() == ["1. [x] a", "2. [ ] b"])
        #expect(
            try sandbox.run("undo").standardOutput
                == "Undid: done 1 \"a\"; the list now has 2 todos (2 open, 0 done).\n")
        #expect(try sandbox.list() == ["1. [ ] a", "2. [ ] b"])
        #expect(
            try sandbox.run("undo").standardOutput
                == "Undid: add \"b\"; the list now has 1 todo (1 open, 0 done).\n")
        try sandbox.run("undo")
        #expect(try sandbox.list() == ["The list is empty. Add a todo with: todo add \"Buy milk\""])

        let before = sandbox.contents()
        let nothing = try sandbox.run("undo")
        #expect(nothing.status == 1)
        #expect(
            nothing.standardError == "todo: nothing to undo: the list has no earlier change to go back to\n")
        #expect(sandbox.contents() == before)
    }

    @Test func everyKindOfChangeIsUndoneExactlyInLaterRuns() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let changes: [[String]] = [
            ["add", "a"], ["add", "b"], ["add", "c"], ["add", "d"], ["done", "2"], ["done", "3"],
            ["undone", "3"], ["edit", "1", "A"], ["remove", "1"], ["clear-done"], ["add", "e"],
        ]
        var earlier: [[String]] = []
        for change in changes {
            earlier.append(try sandbox.list())
            let run = try sandbox.run(change)
            #expect(run.status == 0, "todo \(change): \(run.standardError)")
        }
        while let previous = earlier.popLast() {
            #expect(try sandbox.run("undo").status == 0)
            #expect(try sandbox.list() == previous)
        }
        #expect(try sandbox.run("undo").status == 1)
    }

    @Test func badInputExitsWithTwoAndLeavesTheFileByteForByte() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Buy milk")
        try sandbox.run("add", "Walk the dog")
        let before = try #require(sandbox.contents())
        let namesBefore = try sandbox.fileNames()

        let badCommandLines: [[String]] = [
            ["frobnicate"], ["done"], ["done", "3"], ["done", "two"], ["undone", "0"], ["remove", "-1"],
            ["edit", "1"], ["edit", "1", "  "], ["edit", "5", "x"], ["add"], ["add", ""], ["list", "extra"],
            ["--bogus"], ["add", "x", "--file"],
        ]
        for arguments in badCommandLines {
            let run = try sandbox.run(arguments)
            #expect(run.status == 2, "todo \(arguments) exited with \(run.status)")
            #expect(run.standardOutput.isEmpty, "todo \(arguments) printed \(run.standardOutput)")
            #expect(run.standardError.hasPrefix("todo: "), "todo \(arguments): \(run.standardError)")
            // One line, plus the pointer to --help when the command line itself was wrong.
            let lines = run.standardError.split(separator: "\n")
            #expect(
                lines.count == 1
                    || (lines.count == 2 && lines[1] == "Run \"todo --help\" to see the options."),
                "todo \(arguments): \(run.standardError)")
            #expect(sandbox.contents() == before, "todo \(arguments) changed the file")
        }
        #expect(try sandbox.fileNames() == namesBefore)
    }

    @Test func specificBadInputMessages() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Buy milk")
        #expect(
            try sandbox.run("done", "4").standardError
                == "todo: there is no todo number 4: the list has 1 todo (run 'todo list' to see the numbers)\n"
        )
        #expect(
            try sandbox.run("add", " ").standardError.hasPrefix(
                "todo: \"add\" needs a title that isn't empty"))
        #expect(try sandbox.run("wipe").standardError.hasPrefix("todo: unknown command \"wipe\""))
        #expect(try sandbox.run("remove").standardError.hasPrefix("todo: \"remove\" needs the todo's number"))
    }

    @Test func badInputDoesNotCreateAFile() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.run("done", "1").status == 2)
        #expect(try sandbox.run("add", "").status == 2)
        #expect(sandbox.contents() == nil)
    }

    @Test func duplicateAddIsRefusedAndChangesNothing() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Buy milk")
        let before = sandbox.contents()
        let run = try sandbox.run("add", "Buy  milk")
        #expect(run.status == 1)
        #expect(run.standardError == "todo: 'Buy milk' is already on the list as number 1\n")
        #expect(sandbox.contents() == before)
    }

    @Test func twoProcessesAddingAtOnceKeepEveryItem() async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let perWriter = 20
        try await withThrowingTaskGroup(of: [Int32].self) { group in
            for writer in ["A", "B"] {
                group.addTask {
                    try (1...perWriter).map { try sandbox.run("add", "\(writer) \($0)").status }
                }
            }
            for try await statuses in group {
                #expect(statuses == Array(repeating: 0, count: perWriter))
            }
        }
        let lines = try sandbox.list()
        #expect(lines.count == 2 * perWriter)
        for writer in ["A", "B"] {
            for number in 1...perWriter {
                #expect(
                    lines.contains { $0.hasSuffix("] \(writer) \(number)") }, "\(writer) \(number) was lost")
            }
        }
    }

    @Test func fileOptionWinsOverTheEnvironmentWhichWinsOverTheDataDirectory() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let other = sandbox.directory.appendingPathComponent("other.json")
        let xdg = sandbox.directory.appendingPathComponent("xdg")

        try sandbox.run("add", "via option", "--file", other.path)
        try sandbox.run("add", "via variable")
        let viaDataDirectory = try runProduct(
            "todo", arguments: ["add", "via data directory"],
            environment: ["XDG_DATA_HOME": xdg.path, "TODO_FILE": ""])
        #expect(viaDataDirectory.status == 0)

        #expect(try sandbox.run("list", "--file=\(other.path)").standardOutput == "1. [ ] via option\n")
        #expect(try sandbox.list() == ["1. [ ] via variable"])
        let fromDataDirectory = try runProduct(
            "todo", arguments: ["list"], environment: ["XDG_DATA_HOME": xdg.path, "TODO_FILE": ""])
        #expect(fromDataDirectory.standardOutput == "1. [ ] via data directory\n")
        #expect(FileManager.default.fileExists(atPath: xdg.appendingPathComponent("todo/todo.json").path))
    }

    @Test func helpAndVersion() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let help = try sandbox.run("--help")
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("add TITLE"))
        #expect(help.standardOutput.contains("--file PATH"))
        let version = try sandbox.run("--version")
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("todo "))
        #expect(sandbox.contents() == nil)
    }

    @Test func noArgumentsWithoutATerminalPrintsTheList() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Buy milk")
        let run = try sandbox.run()
        #expect(run.status == 0)
        #expect(run.standardOutput == "1. [ ] Buy milk\n")
    }

    @Test func theFileIsVersionedJSON() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Buy milk")
        let data = try #require(sandbox.contents())
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 2)
        let value = try #require(json["value"] as? [String: Any])
        let items = try #require(value["items"] as? [[String: Any]])
        #expect(items.first?["title"] as? String == "Buy milk")
    }

    @Test func aFolderGivenAsTheFileIsRefusedAndLeftAlone() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let folder = sandbox.directory.appendingPathComponent("not-a-file")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: folder.appendingPathComponent("inside.txt"))

        for arguments in [["list"], ["add", "x"], ["undo"]] {
            let run = try sandbox.run(arguments, environment: ["TODO_FILE": folder.path])
            #expect(run.status == 2)
            #expect(run.standardError.hasPrefix("todo: \(folder.path) is a folder, not a todo file"))
        }
        #expect(try sandbox.fileNames() == ["not-a-file"])
        #expect(
            FileManager.default.contents(atPath: folder.appendingPathComponent("inside.txt").path)
                == Data("keep me".utf8))
    }
}

/// The lock file the article documents: `todo.json.lock`, empty, the user's only; `list` never
/// creates it.
@Suite(.timeLimit(.minutes(5))) struct TodoLockFileEndToEndTests {
    @Test func aChangeLeavesAnEmptyPrivateLockFileAndListCreatesNone() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let lock = sandbox.file.path + ".lock"
        _ = try sandbox.run("list")
        #expect(!FileManager.default.fileExists(atPath: lock))
        _ = try sandbox.run("add", "Buy milk")
        let attributes = try FileManager.default.attributesOfItem(atPath: lock)
        #expect((attributes[.size] as? NSNumber)?.intValue == 0)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let article = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Examples/Todo/Model/TodoModel.docc/Articles/UsingTodo.md"),
            encoding: .utf8)
        #expect(article.contains("`todo.json.lock` (`0600`, zero bytes)"))
    }
}
