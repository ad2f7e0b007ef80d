#if os(Linux) || os(macOS)
    import ArgumentParsing
    import Foundation
    import Testing

    /// The version the programs print is a release: CHANGELOG.md has its `## [x.y.z] - date`
    /// heading, README's dependency line asks for it, and the number is written in one place.
    @Suite struct ReleaseVersionTests {
        static func text(_ path: String) throws -> String {
            try String(contentsOf: SnippetDocument.root.appendingPathComponent(path), encoding: .utf8)
        }

        @Test func theChangelogsLatestReleaseIsTheVersionTheProgramsPrint() throws {
            let headings = try Self.text("CHANGELOG.md").components(separatedBy: "\n").filter {
                $0.hasPrefix("## [")
            }
            #expect(headings.first == "## [Unreleased]")
            let release = try #require(headings.dropFirst().first, "CHANGELOG.md has no release")
            let pattern = try NSRegularExpression(pattern: #"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$"#)
            let match = try #require(
                pattern.firstMatch(in: release, range: NSRange(release.startIndex..., in: release)),
                "\(release) isn't a Keep-a-Changelog release heading (## [x.y.z] - YYYY-MM-DD)")
            let version = Range(match.range(at: 1), in: release).map { String(release[$0]) }
            #expect(version == PackageVersion.current)
        }

        @Test func theReadmesDependencyLineAsksForTheRelease() throws {
            let readme = try Self.text("README.md")
            #expect(readme.contains(#"from: "\#(PackageVersion.current)")"#))
        }

        /// No source but PackageVersion.swift spells the version out.
        @Test func theVersionIsWrittenInOnePlace() throws {
            var spelled: [String] = []
            for folder in ["Sources", "Support", "Examples", "Tools", "Benchmarks"] {
                let base = SnippetDocument.root.appendingPathComponent(folder)
                guard let walk = FileManager.default.enumerator(atPath: base.path) else { continue }
                while let path = walk.nextObject() as? String {
                    guard path.hasSuffix(".swift") else { continue }
                    let text = try Self.text("\(folder)/\(path)")
                    if text.contains("\"\(PackageVersion.current)\"") { spelled.append("\(folder)/\(path)") }
                }
            }
            #expect(spelled == ["Support/ArgumentParsing/Declarations/PackageVersion.swift"])
        }
    }
#endif
