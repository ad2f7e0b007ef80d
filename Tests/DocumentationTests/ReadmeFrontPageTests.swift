#if os(Linux) || os(macOS)
    import Foundation
    import Testing

    /// README.md is a front page: short, with the two commands a newcomer needs on its first
    /// screen; the rest lives in the DocC catalogs it links to.
    @Suite struct ReadmeFrontPageTests {
        let lines: [String]

        init() throws {
            let url = SnippetDocument.root.appendingPathComponent("README.md")
            lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        }

        @Test func itIsUnderTwoHundredFiftyLines() {
            #expect(lines.count - 1 < 250, "README.md has \(lines.count - 1) lines")
        }

        @Test func itsFirstScreenShowsTheGameAndTheTests() {
            let firstScreen = lines.prefix(24)
            #expect(firstScreen.contains { $0.hasPrefix("swift run memory-game") })
            #expect(firstScreen.contains { $0.hasPrefix("swift test ") || $0 == "swift test" })
        }

        @Test func everyLinkToAFileOfTheRepositoryLeadsToOne() throws {
            let text = lines.joined(separator: "\n")
            let pattern = try NSRegularExpression(pattern: #"\]\(([^)#:]+)(#[^)]*)?\)"#)
            let range = NSRange(text.startIndex..., in: text)
            let paths = pattern.matches(in: text, range: range).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            }
            #expect(paths.count > 10)
            for path in paths {
                let url = SnippetDocument.root.appendingPathComponent(path)
                #expect(
                    FileManager.default.fileExists(atPath: url.path),
                    "README links to \(path), which isn't there")
            }
        }
    }
#endif
