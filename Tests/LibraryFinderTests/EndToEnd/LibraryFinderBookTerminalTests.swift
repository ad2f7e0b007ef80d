import Foundation
import TerminalUI
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// `b` in the built `library-finder`, in a pseudo-terminal, against a loopback server that answers
/// `/library`, then `/check` with `continue: 1` and, when polled, `0`.
@Suite(.timeLimit(.minutes(5))) struct LibraryFinderBookTerminalTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private static let key = "pty-book-secret-0123456789"

    /// `/check`: the first book is answered in two rounds (the reservation page echoes the key);
    /// the second book never finishes, to be stopped with Esc.
    private static func check(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        let running = #"{"status":"Running","reserveurl":"","libkey":{}}"#
        let pref = """
            {"status":"OK","reserveurl":"https://lib.example.jp/r?appkey=\(key)&isbn=9784101092058",\
            "libkey":{"本館":"貸出可"}}
            """
        let city = #"{"status":"Cache","reserveurl":"https://city.example.jp/r","libkey":{"中央図書館明徳館":"貸出中"}}"#
        func answer(session: String, continues: Int, isbn: String, _ systems: String)
            -> LoopbackHTTPServer.Response
        {
            .text(
                #"callback({"session":"\#(session)","continue":\#(continues),"books":{"\#(isbn)":{\#(systems)}}});"#
            )
        }
        switch (request.queryValue("isbn"), request.queryValue("session")) {
        case ("9784101092058"?, _):
            return answer(
                session: "A1", continues: 1, isbn: "9784101092058",
                #""Akita_Pref":\#(pref),"Akita_Akita":\#(running)"#)
        case (_, "A1"?):
            return answer(
                session: "A1", continues: 0, isbn: "9784101092058",
                #""Akita_Pref":\#(pref),"Akita_Akita":\#(city)"#)
        default:
            return answer(
                session: "B1", continues: 1, isbn: "9780201616224",
                #""Akita_Pref":\#(running),"Akita_Akita":\#(running)"#)
        }
    }

    @Test func bChecksABookFillingRowsInStopsOnEscAndKeepsTheAnswers() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(Fixtures.akitaNewer), for: "/library")
        // The poll that finishes the first book waits for the test to have seen the screen halfway,
        // so a slow test thread can't miss it.
        let halfwaySeen = DispatchSemaphore(value: 0)
        defer { halfwaySeen.signal() }
        server.setHandler(for: "/check") { request in
            if request.queryValue("session") == "A1" { _ = halfwaySeen.wait(timeout: .now() + 30) }
            return Self.check(request)
        }
        let terminal = try PseudoTerminal(
            product: "library-finder", arguments: ["--api-base", server.baseURL.absoluteString],
            environment: [
                "CALIL_APPKEY": Self.key, "XDG_CACHE_HOME": try temporary.newFolder().path, "TZ": "UTC",
            ],
            size: TerminalSize(columns: 100, rows: 24))
        try await terminal.screen(showing: "› 県立図書館")
        try await terminal.screen(showing: "b book")

        // A bad ISBN is refused while the prompt stays open, with the command line's message.
        try terminal.send("b")
        try await terminal.screen(showing: "Enter checks · Esc cancels")
        try terminal.send("978-4-10-109205-9")
        try terminal.send(PseudoTerminal.Keys.enter)
        let refused = try await terminal.screen(showing: "is not an ISBN")
        #expect(refused.text.replacingOccurrences(of: "\n", with: " ").contains("its check digit is 9"))
        #expect(refused.contains("ISBN: 978-4-10-109205-9"))
        #expect(server.requests(for: "/check").isEmpty)

        // Fixed, it is asked about: the progress line, then the rows fill in.
        try terminal.send(PseudoTerminal.Keys.backspace + "8")
        try terminal.send(PseudoTerminal.Keys.enter)
        let halfway = try await terminal.screen(showing: "1 of 2 library systems answered · Esc stops")
        #expect(halfway.lines.contains { $0.hasPrefix("› 県立図書館") && $0.contains("available") })
        #expect(halfway.lines.contains { $0.contains("明徳館") && $0.contains("asking…") })
        halfwaySeen.signal()
        let done = try await terminal.screen(
            showing: "ISBN 9784101092058: held by 2 of 2 libraries listed, available to borrow at 1.")
        #expect(done.contains("Book     9784101092058 貸出可 (available)"))
        #expect(done.contains("Reserve  https://lib.example.jp/r?appkey=…&isbn=9784101092058"))
        let asked = server.requests(for: "/check")
        #expect(asked.count == 2)
        #expect(asked.first?.queryValue("systemid") == "Akita_Pref,Akita_Akita")
        #expect(asked.last?.queryValue("session") == "A1")

        // Moving around shows each library's answer without asking again.
        try terminal.send(PseudoTerminal.Keys.down)
        try await terminal.screen(showing: "Book     9784101092058 貸出中 (on loan)")
        try await terminal.screen(showing: "Reserve  https://city.example.jp/r")

        // Another book, stopped with Esc while it polls: no request after that.
        try terminal.send("b")
        try await terminal.screen(showing: "Enter checks · Esc cancels")
        try terminal.send("020161622X" + PseudoTerminal.Keys.enter)
        try await terminal.screen(
            showing: "ISBN 9780201616224: 0 of 2 library systems answered · Esc stops")
        try terminal.send(PseudoTerminal.Keys.escape)
        try await terminal.screen(
            showing: "ISBN 9780201616224: stopped; 0 of 2 library systems answered.")
        // That no poll comes after Esc is BookAskTests' (on a virtual clock).
        let afterStop = server.requests(for: "/check").count
        #expect(afterStop == 3 || afterStop == 4)

        // The first book again: shown from memory.
        try terminal.send("b")
        try await terminal.screen(showing: "Enter checks · Esc cancels")
        try terminal.send("4-10-109205-2" + PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "ISBN 9784101092058: held by 2 of 2 libraries listed")
        #expect(server.requests(for: "/check").count == afterStop)

        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
        #expect(KeyPieces(key: Self.key).found(in: terminal.outputText).isEmpty)
        #expect(server.requests(for: "/check").allSatisfy { $0.queryValue("appkey") == Self.key })
    }
}
