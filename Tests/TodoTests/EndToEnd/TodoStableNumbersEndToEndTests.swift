import Foundation
import TestSupport
import Testing

/// The numbers `todo` shows are the numbers its commands take, and they stay put when an item is
/// marked done or open again, on the command line and in the interactive list alike. A command
/// that would change nothing says so and exits 1.
@Suite(.timeLimit(.minutes(5))) struct TodoStableNumbersEndToEndTests {
    @Test func doneThenUndoneOfTheSameNumberMeanTheSameItem() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Buy milk")
        try sandbox.run("add", "Walk the dog")

        let done = try sandbox.run("done", "1")
        #expect(done.status == 0)
        #expect(done.standardOutput == "Done: Buy milk\n")
        #expect(try sandbox.list() == ["1. [x] Buy milk", "2. [ ] Walk the dog"])

        let undone = try sandbox.run("undone", "1")
        #expect(undone.status == 0, "\(undone.standardError)")
        #expect(undone.standardOutput == "Reopened: Buy milk\n")
        #expect(try sandbox.list() == ["1. [ ] Buy milk", "2. [ ] Walk the dog"])
    }

    @Test func aCommandThatWouldChangeNothingExitsOneAndLeavesTheFile() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Buy milk")
        try sandbox.run("add", "Walk the dog")
        try sandbox.run("done", "1")
        let before = sandbox.contents()

        let cases: [(arguments: [String], message: String)] = [
            (
                ["done", "1"],
                "todo: 'Buy milk' (number 1) is already done; nothing was changed (reopen it with: todo undone 1)\n"
            ),
            (
                ["undone", "2"],
                "todo: 'Walk the dog' (number 2) isn't done; nothing was changed (mark it done with: todo done 2)\n"
            ),
            (
                ["edit", "2", "Walk the dog"],
                "todo: 'Walk the dog' (number 2) already has that title; nothing was changed\n"
            ),
        ]
        for (arguments, message) in cases {
            let run = try sandbox.run(arguments)
            #expect(run.status == 1, "todo \(arguments)")
            #expect(run.standardOutput == "", "todo \(arguments)")
            #expect(run.standardError == message, "todo \(arguments)")
        }
        #expect(sandbox.contents() == before)

        try sandbox.run("clear-done")
        let nothingToClear = try sandbox.run("clear-done")
        #expect(nothingToClear.status == 1)
        #expect(nothingToClear.standardError == "todo: no done todos to clear; nothing was changed\n")
    }

    @Test func theInteractiveListShowsTheNumbersTheCommandsTake() async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Buy milk")
        try sandbox.run("add", "Walk the dog")
        try sandbox.run("done", "1")

        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path], size: .init(columns: 60, rows: 12))
        try await terminal.screen(showing: "› 1. [x] Buy milk")
        try await terminal.screen(showing: "2. [ ] Walk the dog")
        // Space reopens the selected item; it keeps its row and its number.
        try terminal.send(" ")
        try await terminal.screen(showing: "› 1. [ ] Buy milk")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        #expect(try sandbox.list() == ["1. [ ] Buy milk", "2. [ ] Walk the dog"])
    }
}
