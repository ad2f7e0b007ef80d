#if os(Linux) || os(macOS)
    import Foundation
    import TestSupport
    import Testing

    /// Every ```swift block of README.md and of each DocC catalog's articles compiles as written:
    /// a document's blocks, in order, as the `main.swift` of a program (top-level code), and again
    /// with its statements inside an `async throws` function (its declarations at file scope).
    /// A block that is no Swift program says so just above it, with a reason:
    /// `<!-- snippet: not compiled: <reason> -->`. What a block uses but the reader needn't see (a
    /// service, an action declared in an earlier chapter) can stand just above it in a comment the
    /// rendered page hides, compiled before the block:
    ///
    ///     <!-- snippet: given
    ///     struct SearchFinished: Action { var titles: [String] }
    ///     -->
    ///
    /// A page of separate examples (README's one per module) starts each with
    /// `<!-- snippet: program -->`, or with `<!-- snippet: program` and given code up to `-->`: the
    /// blocks from there to the next such comment are a program of their own.
    ///
    /// A page whose programs share code writes it once and names it: given code as
    /// `<!-- snippet: given NAME` … `-->`, a block the page shows with `<!-- snippet: name NAME -->`
    /// just above it. A later program takes it with `<!-- snippet: program given: NAME, … -->`
    /// (or `<!-- snippet: given: NAME -->` inside one): all of named given code, the declarations
    /// of a named block. `PAGE.md#NAME` names code of another page of the same catalog.
    @Suite(.timeLimit(.minutes(10))) struct DocumentationSnippetTests {
        @Test(arguments: SnippetDocument.all, SnippetMode.allCases)
        func theDocumentsSnippetsCompileAsWritten(document: SnippetDocument, mode: SnippetMode) async throws {
            var failures: [String] = []
            for program in document.programs {
                let blocks = program.filter { $0.notCompiledReason == nil }
                guard blocks.contains(where: { !$0.isGiven }) else { continue }
                let result = try await SnippetCompilerGate.shared.typeCheck(mode.program(blocks), mode: mode)
                failures += mode.failures(result)
            }
            #expect(
                failures.isEmpty,
                """
                \(document.relativePath) (\(mode)): its snippets don't compile as written:
                \(failures.joined(separator: "\n"))
                """)
        }

        @Test func everyMarkedBlockSaysWhyAndFewAreMarked() throws {
            let blocks = SnippetDocument.all.flatMap(\.blocks).filter { !$0.isGiven }
            let marked = blocks.filter { $0.notCompiledReason != nil }
            for block in marked where block.notCompiledReason?.isEmpty ?? false {
                Issue.record("\(block.file):\(block.firstLine): a not-compiled marker without a reason")
            }
            print(
                "Documentation snippets: \(blocks.count - marked.count) compiled, \(marked.count) marked not compiled"
            )
            #expect(
                blocks.count > 50, "the documents' snippets weren't found under \(SnippetDocument.root.path)")
            #expect(
                marked.count * 10 <= blocks.count, "more than a tenth of the snippets are marked not compiled"
            )
        }
    }

    extension DocumentationSnippetTests {
        /// DocC reads a line that starts with `@` as a directive even inside an HTML comment, and
        /// its conversion fails on an unknown one (`@MainActor`): given code indents such lines.
        @Test func noGivenLineStartsWithAnAttributeWhereDocCWouldReadADirective() {
            for document in SnippetDocument.all {
                for block in document.blocks where block.isGiven && !block.file.hasSuffix(".swift") {
                    for (offset, line) in block.lines.enumerated() where line.hasPrefix("@") {
                        Issue.record("\(block.file):\(block.firstLine + offset): indent \(line)")
                    }
                }
            }
        }
    }

    /// A markdown file holding ```swift blocks.
    struct SnippetDocument: Sendable, CustomTestStringConvertible {
        /// The package's directory: two folders up from this file's.
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()

        /// README.md and every markdown file in a `.docc` catalog of the package's folders.
        static let all: [SnippetDocument] = {
            var paths = ["README.md"]
            for folder in ["Sources", "Support", "Examples", "Tools"] {
                let base = root.appendingPathComponent(folder)
                guard let walk = FileManager.default.enumerator(atPath: base.path) else { continue }
                while let path = walk.nextObject() as? String {
                    if path.hasSuffix(".md") && path.contains(".docc/") { paths.append("\(folder)/\(path)") }
                }
            }
            return paths.sorted().compactMap { SnippetDocument(relativePath: $0) }.filter {
                !$0.blocks.isEmpty
            }
        }()

        var relativePath: String
        var blocks: [SnippetBlock]
        var testDescription: String { relativePath }

        /// The blocks split where a `<!-- snippet: program` comment starts a new program.
        var programs: [[SnippetBlock]] {
            var programs: [[SnippetBlock]] = [[]]
            for block in blocks {
                if block.startsProgram && !programs[programs.count - 1].isEmpty { programs.append([]) }
                programs[programs.count - 1].append(block)
            }
            return programs
        }

        init?(relativePath: String) {
            let url = Self.root.appendingPathComponent(relativePath)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            self.relativePath = relativePath
            self.blocks = SnippetBlock.blocks(in: text, file: url.path)
        }
    }

    /// One ```swift block: its lines and where they start in the markdown.
    struct SnippetBlock: Sendable {
        var file: String
        /// The markdown line (from 1) of the block's first line of code.
        var firstLine: Int
        var lines: [String]
        /// The reason of a `<!-- snippet: not compiled: … -->` line just above; "" when it gives none.
        var notCompiledReason: String?
        /// Whether this is the code of a `<!-- snippet: given` comment, not a block the page shows.
        var isGiven = false
        /// Whether this is the code of a `<!-- snippet: program` comment, which starts a program.
        var startsProgram = false

        static let marker = "<!-- snippet: not compiled:"
        static let givenMarker = "<!-- snippet: given"
        static let programMarker = "<!-- snippet: program"
        static let nameMarker = "<!-- snippet: name "

        static func blocks(in text: String, file: String) -> [SnippetBlock] {
            let lines = text.components(separatedBy: "\n")
            var blocks: [SnippetBlock] = []
            /// The code of each name, and the name of the next ```swift block.
            var named: [String: [SnippetBlock]] = [:]
            var nameOfNextBlock: String?
            var index = 0
            while index < lines.count {
                let fence = lines[index].trimmingCharacters(in: .whitespaces)
                if fence.hasPrefix(nameMarker), fence.hasSuffix("-->") {
                    nameOfNextBlock = fence.dropFirst(nameMarker.count).dropLast(3)
                        .trimmingCharacters(in: .whitespaces)
                    index += 1
                    continue
                }
                if fence.hasPrefix(programMarker + " ") || fence.hasPrefix(givenMarker + ":"),
                    fence.hasSuffix("-->")
                {
                    blocks += givenCode(
                        named: fence, startsProgram: fence.hasPrefix(programMarker), in: named, file: file)
                    index += 1
                    continue
                }
                let givenName =
                    fence.hasPrefix(givenMarker + " ") && !fence.hasSuffix("-->")
                    ? String(fence.dropFirst(givenMarker.count + 1)).trimmingCharacters(in: .whitespaces)
                    : nil
                if fence == givenMarker || fence == programMarker || givenName != nil {
                    var end = index + 1
                    while end < lines.count && lines[end].trimmingCharacters(in: .whitespaces) != "-->" {
                        end += 1
                    }
                    let block = SnippetBlock(
                        file: file, firstLine: index + 2,
                        lines: Array(lines[(index + 1)..<min(end, lines.count)]),
                        isGiven: true, startsProgram: fence == programMarker)
                    blocks.append(block)
                    if let givenName { named[givenName] = [block] }
                    index = end + 1
                    continue
                }
                guard fence.hasPrefix("```") else {
                    index += 1
                    continue
                }
                let indent = lines[index].prefix { $0 == " " }.count
                var end = index + 1
                while end < lines.count && !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    end += 1
                }
                if fence == "```swift" {
                    var reason: String?
                    var above = index - 1
                    while above >= 0 && lines[above].trimmingCharacters(in: .whitespaces).isEmpty {
                        above -= 1
                    }
                    if above >= 0 {
                        let line = lines[above].trimmingCharacters(in: .whitespaces)
                        if line.hasPrefix("<!-- snippet: not") {
                            reason = ""
                            if line.hasPrefix(marker) && line.hasSuffix("-->") {
                                reason = String(line.dropFirst(marker.count).dropLast(3))
                                    .trimmingCharacters(in: .whitespaces)
                            }
                        }
                    }
                    let code = lines[(index + 1)..<min(end, lines.count)].map {
                        String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count)))
                    }
                    let block = SnippetBlock(
                        file: file, firstLine: index + 2, lines: code, notCompiledReason: reason)
                    blocks.append(block)
                    if let name = nameOfNextBlock {
                        // Another program takes its declarations, not its statements.
                        named[name] = block.runs.filter(\.isDeclaration).map {
                            SnippetBlock(file: file, firstLine: $0.firstLine, lines: $0.lines, isGiven: true)
                        }
                    }
                }
                if fence.hasPrefix("```") { nameOfNextBlock = nil }
                index = end + 1
            }
            return blocks
        }

        /// The given code of a one-line comment: none (`<!-- snippet: program -->`), or the code of
        /// the names after `given:`, of this page (`named`) or, as `PAGE.md#NAME`, of another page
        /// beside `file` (or one folder up). A name that names nothing is an `#error` in the program.
        static func givenCode(
            named comment: String, startsProgram: Bool, in named: [String: [SnippetBlock]], file: String
        ) -> [SnippetBlock] {
            var blocks = [
                SnippetBlock(file: "", firstLine: 1, lines: [], isGiven: true, startsProgram: startsProgram)
            ]
            guard let range = comment.range(of: "given:") else { return blocks }
            let names = comment[range.upperBound...].dropLast(3).split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            for name in names {
                var code = named[name]
                if code == nil, let hash = name.firstIndex(of: "#") {
                    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
                    for base in [folder, folder.deletingLastPathComponent()] {
                        let page = base.appendingPathComponent(String(name[..<hash]))
                        guard let text = try? String(contentsOf: page, encoding: .utf8) else { continue }
                        code = SnippetBlock.named(
                            String(name[name.index(after: hash)...]), in: text, file: page.path)
                        break
                    }
                }
                blocks +=
                    code ?? [
                        SnippetBlock(
                            file: file, firstLine: 1, lines: ["#error(\"no snippet named \(name)\")"],
                            isGiven: true)
                    ]
            }
            return blocks
        }

        /// The code named `name` in a page's text.
        static func named(_ name: String, in text: String, file: String) -> [SnippetBlock]? {
            let lines = text.components(separatedBy: "\n")
            guard
                let start = lines.firstIndex(where: {
                    $0.trimmingCharacters(in: .whitespaces) == givenMarker + " " + name
                        || $0.trimmingCharacters(in: .whitespaces) == nameMarker + name + " -->"
                })
            else { return nil }
            // The page's blocks from that comment on: the first is the named code.
            let tail = Array(repeating: "", count: start) + lines[start...]
            let blocks = SnippetBlock.blocks(in: tail.joined(separator: "\n"), file: file)
            guard let first = blocks.first(where: { !$0.lines.isEmpty }) else { return nil }
            if first.isGiven { return [first] }
            return first.runs.filter(\.isDeclaration).map {
                SnippetBlock(file: file, firstLine: $0.firstLine, lines: $0.lines, isGiven: true)
            }
        }

        /// The block split into runs of lines that are declarations (an import, a type, an
        /// extension, a function or a type alias at column 0, with the attributes and comments
        /// before it) or statements, each with the markdown line it starts at.
        var runs: [(isDeclaration: Bool, firstLine: Int, lines: [String])] {
            var runs: [(isDeclaration: Bool, firstLine: Int, lines: [String])] = []
            var pending: [String] = []  // attributes and comments waiting for what they belong to
            var pendingLine = firstLine
            for (offset, line) in lines.enumerated() {
                let continues =
                    line.first.map { $0 == " " || $0 == "}" || $0 == ")" || $0 == "]" || $0 == "." } ?? true
                if continues && !runs.isEmpty && pending.isEmpty {
                    runs[runs.count - 1].lines.append(line)
                    continue
                }
                let onlyAttributes = line.hasPrefix("@") && !Self.isDeclaration(line)
                if onlyAttributes || line.hasPrefix("//") || (line.isEmpty && !pending.isEmpty) {
                    if pending.isEmpty { pendingLine = firstLine + offset }
                    pending.append(line)
                    continue
                }
                let start = pending.isEmpty ? firstLine + offset : pendingLine
                let declaration = Self.isDeclaration(line) || (line.isEmpty && pending.isEmpty)
                runs.append((declaration, start, pending + [line]))
                pending = []
            }
            if !pending.isEmpty { runs.append((true, pendingLine, pending)) }
            return runs
        }

        static func isDeclaration(_ line: String) -> Bool {
            var words = line.split(separator: " ").map(String.init)
            // Attributes first: `@MainActor`, `@Test("a name")`, `@available(macOS 13, *)`.
            while let first = words.first, first.hasPrefix("@") {
                var depth = 0
                repeat {
                    let word = words.removeFirst()
                    depth += word.filter { $0 == "(" }.count - word.filter { $0 == ")" }.count
                } while depth > 0 && !words.isEmpty
            }
            let modifiers: Set = [
                "public", "package", "internal", "fileprivate", "private", "final", "nonisolated", "indirect",
            ]
            while let first = words.first, modifiers.contains(first) { words.removeFirst() }
            let keywords: Set = [
                "import", "struct", "enum", "class", "actor", "protocol", "extension", "func", "typealias",
            ]
            return words.first.map { keywords.contains($0) } ?? false
        }
    }

    /// How a document's snippets are put into a program.
    enum SnippetMode: String, Sendable, CaseIterable, CustomStringConvertible {
        /// As a `main.swift`: its blocks, in order, are the program's top-level code.
        case topLevel = "top level"
        /// Declarations at file scope, statements inside `@MainActor func snippets() async throws`
        /// (top-level code runs on the main actor too).
        case inAFunction = "in a function"

        var description: String { rawValue }

        func program(_ blocks: [SnippetBlock]) -> String {
            let blocks = blocks.filter { !$0.lines.isEmpty }
            switch self {
            case .topLevel:
                return blocks.map { block in
                    "#sourceLocation(file: \"\(block.file)\", line: \(block.firstLine))\n"
                        + block.lines.joined(separator: "\n")
                }.joined(separator: "\n") + "\n#sourceLocation()\n"
            case .inAFunction:
                var declarations: [String] = []
                var statements: [String] = []
                for block in blocks {
                    // Given code is context, not the snippet: all of it at file scope (globals).
                    let runs = block.isGiven ? [(true, block.firstLine, block.lines)] : block.runs
                    for run in runs {
                        let text =
                            "#sourceLocation(file: \"\(block.file)\", line: \(run.firstLine))\n"
                            + run.lines.joined(separator: "\n") + "\n#sourceLocation()"
                        if run.isDeclaration { declarations.append(text) } else { statements.append(text) }
                    }
                }
                return declarations.joined(separator: "\n")
                    + "\n\n@MainActor func snippets() async throws {\n"
                    + statements.joined(separator: "\n") + "\n}\n"
            }
        }

        /// The arguments `swiftc` gets: warnings are errors; in a function the file is a library's.
        var arguments: [String] {
            switch self {
            case .topLevel: return ["-swift-version", "6", "-warnings-as-errors"]
            case .inAFunction: return ["-swift-version", "6", "-parse-as-library"]
            }
        }

        /// What is wrong with the result. In a function every warning is a failure but one: a
        /// snippet's value that its later text doesn't use (a global at top level isn't warned
        /// about; a local is, and the snippet shows it for the reader to use).
        func failures(_ result: SwiftSnippetCompiler.Result) -> [String] {
            let diagnostics = result.diagnostics.filter { line in
                self == .topLevel || !(line.contains("warning:") && line.contains("never used"))
            }
            if diagnostics.isEmpty && !result.succeeded { return [result.output] }
            return diagnostics
        }
    }

    /// Lets two compilers run at once (the machine has two cores), each on a thread of its own so
    /// a test waiting for one holds none of Swift concurrency's threads.
    actor SnippetCompilerGate {
        static let shared = SnippetCompilerGate()
        private var running = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func typeCheck(_ source: String, mode: SnippetMode) async throws -> SwiftSnippetCompiler.Result {
            if running >= 2 {
                await withCheckedContinuation { waiting.append($0) }
            } else {
                running += 1
            }
            defer {
                if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
            }
            let file = mode == .topLevel ? "main.swift" : "snippets.swift"
            return try await onAThreadOfItsOwn {
                try SwiftSnippetCompiler.typeCheck(file: file, source: source, arguments: mode.arguments)
            }
        }
    }
#endif
