import Foundation
import TerminalUI
import TestSupport
import Testing

@testable import ArgumentParsing

/// The executables share one grammar: the same help layout, version, precedence of --help and
/// --version, and error form.
@Suite(.timeLimit(.minutes(5))) struct SharedGrammarTests {
    static let programs = ["library-finder", "memory-game", "todo", "reswift-bench"]

    /// The section headings of a help, in order.
    private func headings(_ help: String) -> [String] {
        help.split(separator: "\n").filter { $0.first?.isUppercase == true && $0.hasSuffix(":") }.map(
            String.init)
    }

    @Test func theThreeAppsHelpsShareOneLayout() throws {
        let standardLines = [
            "  -h, --help                Show this help and exit",
            "  --version                 Show the version and exit",
            "  --                        End of options: what follows is never an option",
            "EXIT STATUS:",
            "  2    a mistake on the command line (nothing was done)",
            "  130  interrupted with Ctrl-C",
        ]
        let order = ["USAGE:", "COMMANDS:", "OPTIONS:", "ENVIRONMENT:"]
        for program in ["library-finder", "memory-game", "todo"] {
            let run = try runProduct(program, arguments: ["--help"])
            #expect(run.status == 0)
            let help = run.standardOutput
            #expect(help.hasPrefix("\(program) — "), "\(program)'s first line")
            #expect(help.contains("\nUSAGE:\n  \(program) "))
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in standardLines {
                #expect(lines.contains(line), "\(program)'s help lacks \(String(reflecting: line))")
            }
            // The standard sections come in one order, and EXIT STATUS last.
            let found = headings(help)
            let standard = found.filter(order.contains)
            #expect(standard == order.filter(standard.contains), "\(program): \(found)")
            #expect(found.first == "USAGE:")
            #expect(found.last == "EXIT STATUS:")
            // Every option line starts with a dash and has its text at the one column (or below).
            let options = lines.drop { $0 != "OPTIONS:" }.dropFirst().prefix { !$0.isEmpty }
            #expect(!options.isEmpty)
            for line in options {
                let isContinuation = line.hasPrefix(String(repeating: " ", count: HelpFormatter.column))
                #expect(isContinuation || line.hasPrefix("  -"), "\(program): \(String(reflecting: line))")
                if !isContinuation, line.count > HelpFormatter.column {
                    let column = line.index(line.startIndex, offsetBy: HelpFormatter.column)
                    #expect(line[line.index(before: column)] == " ", "\(program): \(line)")
                    #expect(line[column] != " ", "\(program): \(line)")
                }
            }
            #expect(!help.contains("\u{1B}"))
        }
    }

    /// Every help, the discussion and the texts each program declares included, fits a terminal of
    /// HelpFormatter.width columns (a Japanese character takes two).
    @Test(arguments: [
        ["memory-game"], ["library-finder"], ["library-finder", "book"], ["todo"], ["reswift-inspect"],
        ["reswift-bench"],
    ])
    func everyHelpFitsEightyColumns(command: [String]) throws {
        let run = try runProduct(command[0], arguments: Array(command.dropFirst()) + ["--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix(command.joined(separator: " ") + " — "))
        for (number, line) in run.standardOutput.split(separator: "\n").enumerated() {
            let width = line.reduce(0) { $0 + DisplayWidth.of($1) }
            #expect(
                width <= HelpFormatter.width,
                "\(command.joined(separator: " ")) --help, line \(number + 1), is \(width) columns: \(line)")
        }
    }

    @Test(arguments: programs)
    func everyProgramPrintsTheOneVersion(program: String) throws {
        let run = try runProduct(program, arguments: ["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "\(program) \(PackageVersion.current)\n")
    }

    @Test(arguments: programs)
    func helpAndVersionWinOverAnUnknownOptionEverywhere(program: String) throws {
        for arguments in [["--help", "--bogus"], ["--bogus", "--help"], ["-h", "--version", "--bogus"]] {
            let run = try runProduct(program, arguments: arguments)
            #expect(run.status == 0, "\(program) \(arguments)")
            #expect(run.standardOutput.hasPrefix("\(program) — "), "\(program) \(arguments)")
            #expect(run.standardError.isEmpty)
        }
        for arguments in [["--version", "--bogus"], ["--bogus", "--version"]] {
            let run = try runProduct(program, arguments: arguments)
            #expect(run.status == 0, "\(program) \(arguments)")
            #expect(run.standardOutput == "\(program) \(PackageVersion.current)\n")
        }
    }

    @Test(arguments: programs)
    func unknownOptionsAreReportedOneWayWithANearMiss(program: String) throws {
        let advice = " To use it as text, give a command first: todo add -- \"--versoin\""
        let run = try runProduct(program, arguments: ["--versoin"])
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError
                == "\(program): unknown option \"--versoin\"; did you mean --version?"
                + (program == "todo" ? advice : "")
                + "\nRun \"\(program) --help\" to see the options.\n")
    }

    @Test(arguments: programs + ["reswift-inspect"])
    func helpAsACommandPrintsTheHelp(program: String) throws {
        let help = try runProduct(program, arguments: ["--help"])
        let run = try runProduct(program, arguments: ["help"])
        #expect(run.status == 0, "\(program) help: \(run.standardError)")
        #expect(run.standardOutput == help.standardOutput, "\(program) help")
    }

    @Test func helpCommandPrintsWhatCommandHelpPrints() throws {
        for (program, command) in [("todo", "add"), ("library-finder", "book"), ("reswift-inspect", "tail")] {
            let asked = try runProduct(program, arguments: ["help", command])
            let flagged = try runProduct(program, arguments: [command, "--help"])
            #expect(asked.status == 0, "\(program) help \(command): \(asked.standardError)")
            #expect(!asked.standardOutput.isEmpty)
            #expect(asked.standardOutput == flagged.standardOutput, "\(program) help \(command)")
        }
        let unknown = try runProduct("todo", arguments: ["help", "lst"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("todo: unknown command \"lst\"; did you mean list?"))
    }

    @Test func aValueThatLooksLikeAnOptionIsRefused() throws {
        let pref = try runProduct(
            "library-finder", arguments: ["--pref", "--city", "秋田市"], environment: ["CALIL_APPKEY": "k"])
        #expect(pref.status == 2)
        #expect(pref.standardError.hasPrefix("library-finder: --pref needs a value"))
        let format = try runProduct(
            "library-finder", arguments: ["--format", "--format", "table"],
            environment: ["CALIL_APPKEY": "k"])
        #expect(format.status == 2)
        #expect(format.standardError.hasPrefix("library-finder: --format needs a value"))
        let category = try runProduct("memory-game", arguments: ["--category", "--offline"])
        #expect(category.status == 2)
        #expect(category.standardError.hasPrefix("memory-game: --category needs a value"))
        let file = try runProduct("todo", arguments: ["--file", "--help"])
        #expect(file.status == 0, "help wins")
    }

    @Test func aTitleThatStartsWithADashGetsTheHint() throws {
        let temporary = try TemporaryDirectory(prefix: "dash")
        let folder = temporary.url
        let environment = ["TODO_FILE": folder.appendingPathComponent("todo.json").path]
        let refused = try runProduct(
            "todo", arguments: ["add", "-urgent"], environment: environment)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("put -- before it: todo add -- \"-urgent\""))
        let added = try runProduct(
            "todo", arguments: ["add", "--", "-urgent"], environment: environment)
        #expect(added.status == 0)
        #expect(added.standardOutput == "Added 1: -urgent\n")
    }
}
