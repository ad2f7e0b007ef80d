import Foundation
import TestSupport
import Testing

/// Runs the built `todo` on files it must not use or change: damaged, from a newer version,
/// unreadable, in a read-only folder; and checks the way out (`todo reset-file`).
@Suite struct TodoBadFileEndToEndTests {
    /// Contents no command may use: not JSON, JSON of another shape, an empty file.
    static let damagedContents = [
        "{ not json", "[1,2,3]", #"{"schemaVersion":2,"value":{"items":"none"}}"#, #"{"value":{"items":[]}}"#,
        "",
    ]

    /// Every command that opens the file, read-only ones first.
    static let commands: [[String]] = [
        [], ["list"], ["add", "x"], ["done", "1"], ["undone", "1"], ["edit", "1", "y"], ["remove", "1"],
        ["clear-done"], ["undo"],
    ]

    @Test(arguments: damagedContents)
    func aDamagedFileMakesEveryCommandFailAndStaysAsItWas(contents: String) throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try Data(contents.utf8).write(to: sandbox.file)

        for arguments in Self.commands {
            let run = try sandbox.run(arguments)
            #expect(run.status == 1, "todo \(arguments) exited with \(run.status)")
            #expect(run.standardOutput.isEmpty, "todo \(arguments) printed \(run.standardOutput)")
            #expect(run.standardError.contains(sandbox.file.path), "todo \(arguments): \(run.standardError)")
            #expect(
                run.standardError.contains("run: todo reset-file\n"),
                "todo \(arguments): \(run.standardError)")
            #expect(sandbox.contents() == Data(contents.utf8), "todo \(arguments) changed the file")
            let names = try sandbox.fileNames()
            #expect(!names.contains { $0.contains(".moved-") }, "todo \(arguments) moved the file: \(names)")
            if arguments.isEmpty || arguments == ["list"] {
                #expect(names == ["todo.json"], "todo \(arguments) created \(names)")
            }
        }
    }

    @Test func theAdviceNamesTheFileOptionWhenOneWasGiven() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let other = sandbox.directory.appendingPathComponent("my list.json")
        try Data("oops".utf8).write(to: other)
        let run = try sandbox.run("list", "--file", other.path)
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("todo: The file \(other.path) isn't valid JSON"))
        #expect(run.standardError.hasSuffix("run: todo reset-file --file '\(other.path)'\n"))
    }

    @Test func resetFileMovesTheFileAsideAndTheListStartsEmpty() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let damaged = Data("[1,2,3]".utf8)
        try damaged.write(to: sandbox.file)

        let reset = try sandbox.run("reset-file")
        #expect(reset.status == 0)
        #expect(reset.standardError.isEmpty)
        let moved = try #require(try sandbox.fileNames().first { $0.hasPrefix("todo.json.moved-") })
        let movedURL = sandbox.directory.appendingPathComponent(moved)
        #expect(
            reset.standardOutput
                == "Moved \(sandbox.file.path) to \(movedURL.path); the list starts empty. "
                + "The moved file is kept as it was.\n")
        #expect(FileManager.default.contents(atPath: movedURL.path) == damaged)
        #expect(sandbox.contents() == nil)

        #expect(try sandbox.list() == ["The list is empty. Add a todo with: todo add \"Buy milk\""])
        #expect(try sandbox.run("add", "Buy milk").status == 0)
        #expect(try sandbox.list() == ["1. [ ] Buy milk"])
        #expect(FileManager.default.contents(atPath: movedURL.path) == damaged)
    }

    @Test func resetFileWithNoFileSaysSoAndCreatesNoList() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let run = try sandbox.run("reset-file")
        #expect(run.status == 0)
        #expect(
            run.standardOutput == "There is no file at \(sandbox.file.path); the list is already empty.\n")
        // Like every command that may change the file, it takes the lock (todo.json.lock).
        let names = try sandbox.fileNames()
        #expect(!names.contains("todo.json"))
        #expect(!names.contains { $0.contains(".moved-") })
    }

    @Test func aFileFromANewerVersionIsRefusedAndNeverMoved() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let newer = Data(#"{"schemaVersion":999,"value":{"items":[],"tags":["from the future"]}}"#.utf8)
        try newer.write(to: sandbox.file)

        for arguments in Self.commands + [["reset-file"]] {
            let run = try sandbox.run(arguments)
            #expect(run.status == 1, "todo \(arguments) exited with \(run.status)")
            #expect(
                run.standardError.contains("was written by a newer version of the app (schema version 999"),
                "todo \(arguments): \(run.standardError)")
            #expect(!run.standardError.contains("reset-file"), "todo \(arguments) offered to set it aside")
            #expect(sandbox.contents() == newer, "todo \(arguments) changed the file")
            #expect(!(try sandbox.fileNames()).contains { $0.contains(".moved-") })
        }
    }

    @Test func listTakesNoLockAndCreatesNothing() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.run("list").status == 0)
        #expect(try sandbox.fileNames().isEmpty)
        try sandbox.run("add", "Buy milk")
        try FileManager.default.removeItem(at: URL(fileURLWithPath: sandbox.file.path + ".lock"))
        #expect(try sandbox.run("list").status == 0)
        #expect(try sandbox.run().status == 0)
        #expect(try sandbox.fileNames() == ["todo.json"])
    }

    @Test func listWorksInAFolderItCannotWrite() throws {
        if let reason = otherUserUnavailable {
            print("Skipped listWorksInAFolderItCannotWrite: \(reason)")
            return
        }
        let sandbox = try TodoSandbox()
        defer {
            chmod(sandbox.directory.path, 0o755)
            sandbox.remove()
        }
        try sandbox.run("add", "Buy milk")
        try sandbox.run("add", "Walk the dog")
        try FileManager.default.removeItem(at: URL(fileURLWithPath: sandbox.file.path + ".lock"))
        let before = sandbox.contents()
        #expect(chmod(sandbox.file.path, 0o644) == 0)
        #expect(chmod(sandbox.directory.path, 0o555) == 0)

        let list = try sandbox.runAsNobody("list")
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.standardOutput == "1. [ ] Buy milk\n2. [ ] Walk the dog\n")
        #expect(list.standardError.isEmpty)

        let add = try sandbox.runAsNobody("add", "Write the talk")
        #expect(add.status == 1)
        #expect(add.standardError.hasPrefix("todo: "))
        #expect(sandbox.contents() == before)
        #expect(try sandbox.fileNames() == ["todo.json"])
    }

    @Test func anUnreadableFileIsReportedAndNotMoved() throws {
        if let reason = otherUserUnavailable {
            print("Skipped anUnreadableFileIsReportedAndNotMoved: \(reason)")
            return
        }
        let sandbox = try TodoSandbox()
        defer {
            chmod(sandbox.directory.path, 0o755)
            sandbox.remove()
        }
        try sandbox.run("add", "Buy milk")
        let before = sandbox.contents()
        // The file is root's and 0600; the folder and the lock file let nobody in and write, so
        // nothing but the permission on the file itself stops a command.
        #expect(chmod(sandbox.file.path, 0o600) == 0)
        #expect(chmod(sandbox.file.path + ".lock", 0o666) == 0)
        #expect(chmod(sandbox.directory.path, 0o777) == 0)
        let namesBefore = try sandbox.fileNames()

        for arguments in [["list"], ["add", "x"], ["reset-file"]] {
            let run = try sandbox.runAsNobody(arguments)
            #expect(run.status == 1, "todo \(arguments) exited with \(run.status)")
            #expect(
                run.standardError.contains("\(sandbox.file.path) couldn't be read"),
                "todo \(arguments): \(run.standardError)")
            #expect(!run.standardError.contains("reset-file"), "todo \(arguments) offered to set it aside")
            #expect(sandbox.contents() == before)
            #expect(try sandbox.fileNames() == namesBefore, "todo \(arguments)")
        }
    }

    @Test func damagedIDsAreRepairedAndRemoveTakesOutOneItem() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let item = { (title: String) in #"{"id":1,"isDone":false,"title":"\#(title)"}"# }
        let hostile = Data(
            #"{"schemaVersion":2,"value":{"items":[\#(item("a")),\#(item("b")),\#(item("c"))],"nextID":1,"undoHistory":[]}}"#
                .utf8)
        try hostile.write(to: sandbox.file)

        let list = try sandbox.run("list")
        #expect(list.status == 0)
        #expect(list.standardOutput == "1. [ ] a\n2. [ ] b\n3. [ ] c\n")
        #expect(list.standardError.hasPrefix("todo: \(sandbox.file.path) had damaged ids, repaired: 2 items"))
        #expect(
            list.standardError.contains("the file is unchanged until a change to the list saves the repair"))
        #expect(sandbox.contents() == hostile)

        let add = try sandbox.run("add", "d")
        #expect(add.status == 0)
        #expect(add.standardError.contains("the repaired list was saved"))
        #expect(try sandbox.run("remove", "1").standardOutput == "Removed: a\n")
        #expect(try sandbox.list() == ["1. [ ] b", "2. [ ] c", "3. [ ] d"])
        #expect(try sandbox.run("list").standardError.isEmpty)

        let data = try #require(sandbox.contents())
        let saved = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let value = try #require(saved["value"] as? [String: Any])
        let ids = try #require((value["items"] as? [[String: Any]])?.compactMap { $0["id"] as? Int })
        #expect(Set(ids).count == 3)
        let nextID = try #require(value["nextID"] as? Int)
        #expect(nextID > ids.max() ?? 0)
    }

    @Test func threeHundredAddsMakeASmallFileThatStillUndoes() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        for number in 1...300 {
            let run = try sandbox.run("add", "Todo item number \(number)")
            try #require(run.status == 0, "add \(number): \(run.standardError)")
        }
        let size = try #require(sandbox.contents()).count
        print("todo file after 300 adds: \(size) bytes")
        #expect(size <= 100_000, "300 adds made a file of \(size) bytes")
        #expect(try sandbox.run("undo").status == 0)
        let lines = try sandbox.list()
        #expect(lines.count == 299)
        #expect(lines.last == "299. [ ] Todo item number 299")
    }
}
