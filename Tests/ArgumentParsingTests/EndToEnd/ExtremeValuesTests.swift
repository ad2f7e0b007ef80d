import Foundation
import TestSupport
import Testing

/// Every option and variable of every executable, run as the built binary with extreme values:
/// each is a usage error (exit 2) naming the range, never a signal, never a hang.
///
/// Serialized: some 340 runs at once would hold hundreds of pipe descriptors in the test process,
/// pushing other tests' descriptors past FD_SETSIZE (TerminalUI's select() test needs them below).
@Suite(.serialized, .timeLimit(.minutes(5))) struct ExtremeValuesTests {
    /// Values that are out of range or not numbers for every numeric option here.
    static let numbers = [
        "0", "-1", "18446744073709551616", "9223372036854775807", "1e16", "1e400", "-1e400", "nan", "inf",
        "-inf", "", " ", "１２", "٣", "1\u{7}", "\u{1B}[2J", "0x10", "1_0",
    ]
    /// Values a text option must refuse: nothing, blanks, control characters.
    static let texts = ["", " ", "\u{1B}]0;PWNED\u{7}", "a\u{8}b"]

    /// One option (or variable) of one program.
    struct Case: Sendable, CustomTestStringConvertible {
        var program: String
        /// The name shown in the test's label.
        var name: String
        /// The command line for a value.
        var arguments: @Sendable (String) -> [String] = { _ in [] }
        /// The environment for a value.
        var environment: @Sendable (String) -> [String: String] = { _ in [:] }
        /// The values to try.
        var values: [String]
        /// Values that are in range: they must not be usage errors (nor crash).
        var inRange: Set<String> = []
        /// Whether the message must name a range (`from … to …`).
        var namesRange = false

        var testDescription: String { "\(program) \(name)" }
    }

    static func option(
        _ program: String, _ name: String, before: [String] = [], values: [String] = numbers,
        inRange: Set<String> = [], namesRange: Bool = true
    ) -> Case {
        Case(
            program: program, name: name, arguments: { before + [name, $0] }, values: values,
            inRange: inRange,
            namesRange: namesRange)
    }

    static func variable(
        _ program: String, _ name: String, values: [String] = numbers, inRange: Set<String> = [],
        namesRange: Bool = true
    ) -> Case {
        Case(
            program: program, name: name, environment: { [name: $0] }, values: values, inRange: inRange,
            namesRange: namesRange)
    }

    static func todo(_ command: String, after: [String] = []) -> Case {
        Case(
            program: "todo", name: "\(command) N", arguments: { [command, $0] + after }, values: numbers,
            namesRange: true)
    }

    static let cases: [Case] = [
        option("library-finder", "--timeout"),
        option("library-finder", "--limit"),
        option("library-finder", "--near", namesRange: false),
        option("library-finder", "--category", namesRange: false),
        option("library-finder", "--format", namesRange: false),
        option("library-finder", "--api-base", namesRange: false),
        option("library-finder", "--pref", values: texts, namesRange: false),
        option("library-finder", "--city", values: texts, namesRange: false),
        option("library-finder", "--system-id", values: texts, namesRange: false),
        option("memory-game", "--seed", inRange: ["0", "9223372036854775807"]),
        option("memory-game", "--category", namesRange: false),
        option("memory-game", "--api-base", namesRange: false),
        variable("memory-game", "MEMORY_GAME_MISMATCH_DELAY_MS", inRange: ["0"]),
        // An empty variable counts as unset.
        variable("memory-game", "MEMORY_GAME_API_BASE", inRange: [""], namesRange: false),
        todo("done"), todo("undone"), todo("remove"), todo("edit", after: ["title"]),
        option("todo", "--file", before: ["list"], values: [""], namesRange: false),
        option("reswift-bench", "--samples"),
        option("reswift-bench", "--only", namesRange: false),
    ]

    @Test(arguments: cases)
    func extremeValuesAreUsageErrorsNamingTheRangeNeverSignals(testCase: Case) throws {
        let temporary = try TemporaryDirectory(prefix: "extreme-values")
        let folder = temporary.url
        for value in testCase.values {
            var environment = testCase.environment(value)
            // Nothing reaches the network or the user's files: an app key for a port that refuses,
            // and every data and cache folder inside the test's folder.
            environment["CALIL_APPKEY"] = environment["CALIL_APPKEY"] ?? "test-key"
            environment["XDG_DATA_HOME"] = folder.path
            environment["XDG_CACHE_HOME"] = folder.path
            environment["TODO_FILE"] = folder.appendingPathComponent("todo.json").path
            let run = try runProduct(
                testCase.program, arguments: testCase.arguments(value), environment: environment,
                workingDirectory: folder)
            let label = "\(testCase.program) \(testCase.name) \(String(reflecting: value))"
            #expect(run.status < 128, "\(label) ended with signal \(run.status - 128)")
            if testCase.inRange.contains(value) {
                #expect(run.status != 2, "\(label) is in range but was refused: \(run.standardError)")
                continue
            }
            #expect(run.status == 2, "\(label) exited \(run.status): \(run.standardError)")
            #expect(run.standardError.hasPrefix("\(testCase.program): "), "\(label): \(run.standardError)")
            #expect(run.standardError.hasSuffix("Run \"\(testCase.program) --help\" to see the options.\n"))
            #expect(!run.standardError.contains("\u{1B}"), "\(label) printed a raw escape")
            if testCase.namesRange, !value.hasPrefix("-") || value.dropFirst().first?.isNumber == true {
                #expect(run.standardError.contains(" from "), "\(label): \(run.standardError)")
            }
        }
    }
}
