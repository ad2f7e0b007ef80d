import Testing

@testable import ReSwiftDiff

@Suite struct RenderTests {
    let differences = [
        StateDifference(path: "game.misses", before: "2", after: "3"),
        StateDifference(path: "todos[2]", before: "Todo(title: \"a\")", after: nil),
        StateDifference(path: "todos[3]", before: nil, after: "Todo(title: \"b\")"),
    ]

    @Test func rendersOneLinePerDifference() {
        #expect(
            StateDiff.render(differences) == """
                  game.misses: 2 → 3
                - todos[2]: Todo(title: "a")
                + todos[3]: Todo(title: "b")
                """
        )
    }

    @Test func coloredRenderingWrapsValuesInANSIColors() {
        let red = "\u{1B}[31m"
        let green = "\u{1B}[32m"
        let reset = "\u{1B}[0m"
        #expect(
            StateDiff.render(differences, colored: true) == """
                  game.misses: \(red)2\(reset) → \(green)3\(reset)
                \(red)- todos[2]: Todo(title: "a")\(reset)
                \(green)+ todos[3]: Todo(title: "b")\(reset)
                """
        )
    }

    @Test func rootIsNamed() {
        #expect(StateDiff.render(StateDiff.differences("a", "b")) == "  (root): \"a\" → \"b\"")
    }

    @Test func noDifferencesRenderAsEmpty() {
        #expect(StateDiff.render([]) == "")
        #expect(StateDiff.render([], colored: true) == "")
    }

    @Test func differenceDescribesItselfAsItsLine() {
        #expect(differences[0].description == "  game.misses: 2 → 3")
    }
}
