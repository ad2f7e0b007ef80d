import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGTERM, SIGHUP and SIGINT reach the interactive list as an event of its loop: the key being
/// handled (a save) finishes, the terminal is given back, and the process ends by the signal.
/// Shown means saved: an item on the screen when the signal came is in the file.
@Suite(.timeLimit(.minutes(5))) struct TodoTerminationEndToEndTests {
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalAfterAnAddEndsByTheSignalWithTheItemSaved(signal: Int32) async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path], size: .init(columns: 70, rows: 16))
        try await terminal.screen(showing: "Nothing to do")
        try terminal.send("a")
        try await terminal.screen(showing: "Add:")
        try terminal.send("Buy milk" + PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "[ ] Buy milk")

        terminal.terminate(signal: signal)
        #expect(try terminal.waitForExit() == 128 + signal)
        try terminal.verifyTerminalRestored()
        #expect(try sandbox.list() == ["1. [ ] Buy milk"])
    }
}
