import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `todo`, interactive under a pseudo-terminal with RESWIFT_INSPECT=1, inspected by the
/// built `reswift-inspect`.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TodoInspectionEndToEndTests {
    @Test func listFindsTodoAndTailShowsAddTodoAndKillingTheInspectorLeavesTodoWorking() async throws {
        let folder = try TemporaryDirectory(prefix: "rit-todo", shortPath: true)
        let runtime = folder.path
        let environment = ["XDG_RUNTIME_DIR": runtime]

        let terminal = try await startTodo(in: runtime)
        let pid = terminal.processIdentifier

        var listed = ""
        try await eventually("reswift-inspect list shows todo") {
            let run = try? runProduct("reswift-inspect", arguments: ["list"], environment: environment)
            listed = run?.standardOutput ?? ""
            return listed.contains("todo  \(pid) ")
        }

        let tail = try LaunchedProcess(
            product: "reswift-inspect", arguments: ["tail", "todo", "--format", "jsonl"],
            environment: environment)
        try tail.waitForLine(containing: #""type":"hello""#)
        try terminal.send("a")
        try await terminal.screen(showing: "Add:")
        try terminal.send("Buy milk")
        try terminal.send(PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "[ ] Buy milk")
        let add = try tail.waitForLine(containing: #""action":"AddTodo""#)
        #expect(add.contains(#""actionType":"TodoModel.AddTodo""#))
        #expect(add.contains("Buy milk"))

        tail.kill()
        _ = try tail.waitForExit()
        try terminal.send("a")
        try await terminal.screen(showing: "Add:")
        try terminal.send("Walk the dog")
        try terminal.send(PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "[ ] Walk the dog")

        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
        let sockets = try FileManager.default.contentsOfDirectory(atPath: runtime + "/reswift-inspect")
        #expect(sockets.isEmpty, "todo left its socket behind: \(sockets)")
    }

    @Test func todoIsNotInspectableWithoutRESWIFT_INSPECT() async throws {
        let folder = try TemporaryDirectory(prefix: "rit-todo", shortPath: true)
        let runtime = folder.path
        let terminal = try await startTodo(in: runtime, inspectable: false)
        #expect(!FileManager.default.fileExists(atPath: runtime + "/reswift-inspect"))
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }
}
