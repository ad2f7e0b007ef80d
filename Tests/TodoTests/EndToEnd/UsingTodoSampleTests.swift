import Foundation
import TestSupport
import Testing

/// The first sample of the "Using todo" article, run as written: each `swift run todo …` line in
/// order, in a sandbox of its own, and the `#` lines under a command compared with what it printed.
@Suite(.timeLimit(.minutes(3))) struct UsingTodoSampleTests {
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Examples/Todo/Model/TodoModel.docc/Articles/UsingTodo.md")

    /// A command of the sample and the lines shown under it.
    struct Step {
        var arguments: [String]
        var shown: [String] = []
    }

    /// The steps of the article's first ```sh block; the line without arguments (the interactive
    /// list) is left out.
    static func steps() throws -> [Step] {
        let text = try String(contentsOf: article, encoding: .utf8)
        let block =
            text.components(separatedBy: "```sh\n").dropFirst().first?
            .components(separatedBy: "\n```").first ?? ""
        var steps: [Step] = []
        for line in block.split(separator: "\n").map(String.init) {
            if line.hasPrefix("swift run todo") {
                let command = line.components(separatedBy: "#").first ?? ""
                steps.append(Step(arguments: words(String(command.dropFirst("swift run todo".count)))))
            } else if line.hasPrefix("#"), !steps.isEmpty {
                steps[steps.count - 1].shown.append(
                    String(line.dropFirst()).trimmingCharacters(in: .whitespaces))
            }
        }
        return steps.filter { !$0.arguments.isEmpty }
    }

    /// A shell line's words: spaces separate them, double quotes group them.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current: String?
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                current = current ?? ""
            } else if character == " " && !quoted {
                if let word = current { words.append(word) }
                current = nil
            } else {
                current = (current ?? "") + String(character)
            }
        }
        if let word = current { words.append(word) }
        return words
    }

    @Test func theFirstSamplePrintsWhatTheArticleShows() throws {
        let steps = try Self.steps()
        #expect(steps.count >= 5, "the sample wasn't found in \(Self.article.path)")
        #expect(steps.contains { !$0.shown.isEmpty })
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        for step in steps {
            let run = try sandbox.run(step.arguments)
            #expect(run.status == 0, "todo \(step.arguments): \(run.standardError)")
            guard !step.shown.isEmpty else { continue }
            let printed = run.standardOutput.split(separator: "\n").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            #expect(printed == step.shown, "todo \(step.arguments.joined(separator: " "))")
        }
    }
}
