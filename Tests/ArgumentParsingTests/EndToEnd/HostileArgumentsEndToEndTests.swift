import Foundation
import TestSupport
import Testing

/// The parser's errors quote what was typed; every executable prints them through the one output
/// path, so escape sequences in an argument reach the terminal as visible placeholders.
@Suite(.timeLimit(.minutes(5))) struct HostileArgumentsEndToEndTests {
    static let programs = ["library-finder", "memory-game", "todo", "reswift-inspect", "reswift-bench"]

    /// A title change, a bell, a C1 CSI that clears the screen, and DEL.
    static let hostile = "\u{1B}]0;pwned\u{7}\u{9B}2J\u{7F}"
    static let shown = "␛]0;pwned␇<U+009B>2J␡"

    /// The characters a terminal would obey, besides line feeds and tabs.
    static func rawControls(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
        }
        .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    @Test(arguments: programs)
    func anUnknownOptionIsQuotedWithPlaceholders(program: String) throws {
        let run = try runProduct(program, arguments: ["--x" + Self.hostile])
        #expect(run.status == 2, "\(program): \(run.standardError)")
        #expect(Self.rawControls(in: run.standardError).isEmpty, "\(program): \(run.standardError)")
        #expect(run.standardError.contains("\"--x\(Self.shown)\""), "\(program): \(run.standardError)")
    }

    /// A value the option refuses, quoted in the message.
    @Test(arguments: [
        ("library-finder", ["--limit", hostile]), ("memory-game", ["--seed", hostile]),
        ("todo", ["remove", hostile]), ("reswift-inspect", ["tail", "app", "--format", hostile]),
        ("reswift-bench", ["--samples", hostile]),
    ])
    func aRefusedValueIsQuotedWithPlaceholders(program: String, arguments: [String]) throws {
        let run = try runProduct(program, arguments: arguments)
        #expect(run.status == 2, "\(program) \(arguments): \(run.standardError)")
        #expect(Self.rawControls(in: run.standardError).isEmpty, "\(program): \(run.standardError)")
        #expect(run.standardError.contains(Self.shown), "\(program): \(run.standardError)")
    }
}
