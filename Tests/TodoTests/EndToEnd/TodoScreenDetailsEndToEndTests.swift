import Foundation
import TestSupport
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// Details of the built `todo`'s interactive list and messages that a newcomer met (issue 23
/// §1.10): paging by the visible page, a file damaged while the list is open, and messages about
/// a damaged file that speak JSON, not Swift.
@Suite(.timeLimit(.minutes(5))) struct TodoScreenDetailsEndToEndTests {
    @Test func pageDownMovesByTheRowsTheScreenShows() async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let items = (1...60).map { TodoItem(id: $0, title: "Item \($0)") }
        try TodoFile(url: sandbox.file) { _ in }.persisted.save(TodoState(items: items))

        // 30 rows: the header, the rows above and below the items, a status row and the key help
        // leave 25 rows of items.
        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path], size: .init(columns: 40, rows: 30))
        try await terminal.screen(showing: "›  1. [ ] Item 1")
        try terminal.send(PseudoTerminal.Keys.pageDown)
        try await terminal.screen(showing: "› 26. [ ] Item 26")
        try terminal.send(PseudoTerminal.Keys.pageDown)
        try await terminal.screen(showing: "› 51. [ ] Item 51")
        try terminal.send(PseudoTerminal.Keys.pageUp)
        try await terminal.screen(showing: "› 26. [ ] Item 26")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func aFileDamagedWhileTheListIsOpenIsExplainedWithTheWayOut() async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Buy milk")
        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path], size: .init(columns: 100, rows: 16))
        try await terminal.screen(showing: "1. [ ] Buy milk")

        try Data("[1,2,3]".utf8).write(to: sandbox.file)
        let shown = try await terminal.screen(description: "the damaged-file message") {
            $0.lines.joined(separator: " ").contains("Couldn't read the list")
        }
        let message = shown.lines.joined(separator: " ")
        #expect(message.contains("todo reset-file --file"), "\(shown)")
        #expect(!message.contains("Dictionary<"), "\(shown)")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test(arguments: [
        (#"{"schemaVersion":2,"value":[]}"#, "expected an object at value"),
        ("[1,2,3]", "expected an object at the top level"),
        (
            #"{"schemaVersion":2,"value":{"items":"x","nextID":1,"undoHistory":[]}}"#,
            "expected an array at value.items"
        ),
        (
            #"{"schemaVersion":2,"value":{"items":[{"id":"a","title":"x","isDone":false}],"nextID":1,"undoHistory":[]}}"#,
            "expected a whole number at value.items[0].id"
        ),
    ])
    func aDamagedFileIsDescribedInJSONTermsNotSwiftTypes(contents: String, reason: String) throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try Data(contents.utf8).write(to: sandbox.file)
        let run = try sandbox.run("list")
        #expect(run.status == 1)
        #expect(run.standardError.contains(reason), "\(run.standardError)")
        for swiftName in ["Dictionary<", "Array<", "TodoState", "Int "] {
            #expect(!run.standardError.contains(swiftName), "\(run.standardError)")
        }
    }
}
