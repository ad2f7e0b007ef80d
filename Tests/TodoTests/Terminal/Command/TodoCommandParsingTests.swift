import Testing

@testable import TodoModel
@testable import TodoTerminal

@Suite struct TodoCommandParsingTests {
    private func command(_ arguments: String...) throws -> TodoRequest {
        try TodoInvocation.parse(arguments).request
    }

    private func usageError(_ arguments: String...) -> TodoCommandError? {
        do {
            _ = try TodoInvocation.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEachCommand() throws {
        #expect(try command("add", "Buy milk") == .add(title: "Buy milk"))
        #expect(try command("list") == .list)
        #expect(try command("done", "2") == .done(number: 2))
        #expect(try command("undone", "3") == .undone(number: 3))
        #expect(try command("edit", "1", "Buy oat milk") == .edit(number: 1, title: "Buy oat milk"))
        #expect(try command("remove", "4") == .remove(number: 4))
        #expect(try command("clear-done") == .clearDone)
        #expect(try command("undo") == .undo)
        #expect(try command() == .interactive)
    }

    @Test func joinsSeveralWordsIntoOneTitle() throws {
        #expect(try command("add", "Buy", "milk") == .add(title: "Buy milk"))
        #expect(try command("edit", "2", "Walk", " the", "dog ") == .edit(number: 2, title: "Walk the dog"))
    }

    @Test func readsTheFileOptionAnywhere() throws {
        #expect(
            try TodoInvocation.parse(["--file", "/tmp/a.json", "list"])
                == TodoInvocation(request: .list, filePath: "/tmp/a.json"))
        #expect(
            try TodoInvocation.parse(["done", "1", "--file=/tmp/b.json"])
                == TodoInvocation(request: .done(number: 1), filePath: "/tmp/b.json"))
    }

    @Test func doubleDashLetsATitleStartWithADash() throws {
        #expect(try command("add", "--", "-v flag docs") == .add(title: "-v flag docs"))
    }

    @Test func helpAndVersionWinOverTheCommand() throws {
        #expect(try command("--help") == .help)
        #expect(try command("add", "-h") == .help)
        #expect(try command("help") == .help)
        #expect(try command("--version") == .version)
    }

    @Test func rejectsAnUnknownCommand() {
        let error = usageError("frobnicate")
        #expect(error?.exitStatus == 2)
        #expect(error?.message.contains("unknown command \"frobnicate\"") == true)
    }

    @Test func suggestsTheNearestCommandAndOption() {
        #expect(usageError("lst")?.message == "unknown command \"lst\"; did you mean list?")
        #expect(
            usageError("list", "--fil", "x")?.message.hasPrefix(
                "unknown option \"--fil\"; did you mean --file?") == true)
    }

    @Test func hintsAtTheDoubleDashForATitleThatStartsWithADash() {
        #expect(
            usageError("add", "-urgent")?.message
                == "unknown option \"-urgent\"; to use it as text, put -- before it: todo add -- \"-urgent\"")
    }

    @Test func rejectsAnUnknownOption() {
        #expect(usageError("list", "--all")?.message.contains("unknown option \"--all\"") == true)
    }

    @Test func rejectsAMissingNumber() {
        for name in ["done", "undone", "remove", "edit"] {
            let error = usageError(name)
            #expect(error?.exitStatus == 2)
            #expect(error?.message.contains("\"\(name)\" needs the todo's number") == true)
        }
    }

    @Test func rejectsSomethingThatIsNotANumber() {
        for word in ["two", "0", "-3", "1000001", "9223372036854775808", "1e400", "１２", "٣", "", "nan"] {
            #expect(
                usageError("remove", word)?.message
                    == "\"remove\" needs a whole number from 1 to 1000000, not \"\(word)\"; "
                    + "\"todo list\" shows the numbers")
        }
    }

    @Test func rejectsAnEmptyTitle() {
        #expect(usageError("add")?.message.contains("\"add\" needs a title") == true)
        #expect(usageError("add", "  ")?.message.contains("\"add\" needs a title") == true)
        #expect(usageError("edit", "1", "")?.message.contains("\"edit\" needs a title") == true)
    }

    @Test func rejectsExtraArguments() {
        #expect(usageError("done", "1", "2")?.message.contains("unexpected \"2\"") == true)
        #expect(usageError("list", "all")?.message.contains("unexpected \"all\"") == true)
    }

    @Test func rejectsFileWithoutAPath() {
        #expect(usageError("list", "--file")?.message.contains("--file needs a value") == true)
        #expect(usageError("list", "--file=")?.message.contains("--file needs a path") == true)
    }

    @Test func messagesAreOneLine() {
        let errors = [usageError("x"), usageError("done"), usageError("add"), usageError("--file")]
        for error in errors {
            #expect(error != nil)
            #expect(error?.message.contains("\n") == false)
        }
    }
}
