import Testing

@testable import ArgumentParsing

/// The help is generated from the declarations, in one layout.
@Suite struct HelpFormatterTests {
    @Test func printsEverySectionInOrderWithDescriptionsInOneColumn() {
        let help = HelpFormatter.help(for: ArgumentParserTests.todo)
        #expect(
            help == """
                todo — todos

                USAGE:
                  todo [options]

                COMMANDS:
                  add TITLE                 Add
                  list, ls                  List
                  done N                    Done

                OPTIONS:
                  --file PATH               File
                  -h, --help                Show this help and exit
                  --version                 Show the version and exit
                  --                        End of options: what follows is never an option

                EXIT STATUS:
                  0    done
                  1    not carried out: not done
                  2    a mistake on the command line (nothing was done)
                  130  interrupted with Ctrl-C

                """)
    }

    @Test func aLongLeftColumnPutsItsTextOnTheNextLineAndRepeatableIsSaid() {
        let command = CommandDeclaration(
            name: "p", summary: "s",
            options: [
                .value("--a-very-long-option-name", placeholder: "VALUE", repeatable: true, help: "One\nTwo")
            ],
            environment: [EnvironmentDeclaration("X", help: "Ex")],
            sections: [HelpSection("KEYS", "q quits")], failureMeaning: "f")
        let help = HelpFormatter.help(for: command)
        #expect(
            help.contains(
                """
                  --a-very-long-option-name VALUE
                                            One Two (repeatable)
                """))
        #expect(help.contains("ENVIRONMENT:\n  X                         Ex\n"))
        #expect(help.contains("KEYS:\n  q quits\n"))
    }

    @Test func textsFlowIntoEightyColumnsAndAnIndentedLineKeepsItsPlace() {
        let words = (1...30).map { "word\($0)" }.joined(separator: " ")
        let command = CommandDeclaration(
            name: "p", summary: "s", discussion: "\(words)\nmore.\n  an indented example\n\nNext.",
            options: [.flag("--x", help: "東京都 秋田県 \(words)")], failureMeaning: "f")
        let lines = HelpFormatter.help(for: command).split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(HelpFormatter.columns(line) <= HelpFormatter.width, "\(line)") }
        let discussion = lines.drop { !$0.hasPrefix("  p ") }.dropFirst(2).prefix { $0 != "OPTIONS:" }
        #expect(discussion.joined(separator: " ").hasPrefix("\(words) more.   an indented example"))
        #expect(discussion.contains("  an indented example"))
        #expect(discussion.contains("Next."))
        let option = lines.drop { !$0.hasPrefix("  --x") }.prefix {
            $0.hasPrefix("  --x") || $0.hasPrefix("    ")
        }
        #expect(option.count > 1)
        #expect(
            option.first?.hasPrefix("  --x" + String(repeating: " ", count: 23) + "東京都 秋田県 word1") == true)
        #expect(HelpFormatter.columns("東京都 x") == 8)
    }

    @Test func furtherCausesOfExitStatusTwoAreListedUnderIt() {
        let command = CommandDeclaration(
            name: "p", summary: "s", options: [], failureMeaning: "f",
            usageCauses: ["no app key (--appkey or $KEY)", "a query that matches nothing"])
        #expect(
            HelpFormatter.help(for: command).contains(
                """
                  2    a mistake on the command line (nothing was done)
                       or no app key (--appkey or $KEY)
                       or a query that matches nothing
                  130  interrupted with Ctrl-C
                """))
    }

    @Test func longExitStatusMeaningsAreWrappedToEightyColumns() {
        let command = CommandDeclaration(
            name: "p", summary: "s", options: [],
            failureMeaning: "the app could not be found or reached, or a file could not be read or written",
            usageCauses: [
                "a query (--pref, --near) that matches no library, or one that matches far too many"
            ])
        let help = HelpFormatter.help(for: command)
        #expect(
            help.contains(
                """
                  1    not carried out: the app could not be found or reached, or a file could
                       not be read or written
                  2    a mistake on the command line (nothing was done)
                       or a query (--pref, --near) that matches no library, or one that matches
                       far too many
                  130  interrupted with Ctrl-C
                """))
        for line in help.split(separator: "\n") {
            #expect(line.count <= HelpFormatter.width, "\(line)")
        }
    }

    @Test func everyProgramHasOneVersion() {
        #expect(PackageVersion.line(for: "todo") == "todo \(PackageVersion.current)")
    }
}
