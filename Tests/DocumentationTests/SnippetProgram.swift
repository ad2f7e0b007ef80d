#if os(Linux)
    import Foundation
    import TestSupport

    /// A document's program (its blocks, as DocumentationSnippetTests compiles them at top level)
    /// built into an executable linked with the package's modules of the running build, then run:
    /// the guide's own code does what the guide says, with no copy of it in a test.
    ///
    /// A program may be followed by checks: Swift Testing `@Test` functions in
    /// `Tests/DocumentationTests/Checks/<file>` that use what the program declared (a
    /// `@MainActor` test reaches its globals). The program then ends by running every `@Test` it
    /// holds, its own and the checks', and exits 1 when one fails.
    ///
    /// Linux only: on Apple platforms Swift Testing and XCTest are frameworks of the developer
    /// directory, which this link doesn't look for.
    struct SnippetProgram {
        /// The folder of the checks: Swift files the test target doesn't compile.
        static let checksFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Checks")

        var document: SnippetDocument
        /// Which of the document's programs (from 0).
        var index: Int
        /// A file of `checksFolder` appended to the program, if any.
        var checks: String?

        /// The program's source: its blocks at top level, the checks, then the test run.
        func source() throws -> String {
            let programs = document.programs
            guard programs.indices.contains(index) else {
                throw TestSupportError(
                    "\(document.relativePath) has \(programs.count) programs, not one at index \(index)")
            }
            var blocks = programs[index].filter { $0.notCompiledReason == nil }
            if let checks {
                let url = Self.checksFolder.appendingPathComponent(checks)
                let text = try String(contentsOf: url, encoding: .utf8)
                blocks.append(
                    SnippetBlock(file: url.path, firstLine: 1, lines: text.components(separatedBy: "\n")))
                blocks.append(
                    SnippetBlock(
                        file: url.path, firstLine: 1,
                        lines: ["import Testing", "await Testing.__swiftPMEntryPoint() as Never"]))
            }
            return SnippetMode.topLevel.program(blocks)
        }

        /// Builds the program and runs it in `folder` (its `TMPDIR` too), with a deadline.
        ///
        /// - Returns: How it ended and what it printed.
        /// - Throws: ``TestSupportError`` with the compiler's output when it doesn't build.
        func run(in folder: TemporaryDirectory, timeout: TimeInterval = 60) throws -> ProductRun {
            let main = folder.file("main.swift")
            let source = try source()
            try Data(source.utf8).write(to: main)
            let executable = folder.file("snippets")
            let modules = try SwiftSnippetCompiler.modulesDirectory()
            let cache = try TemporaryDirectory(prefix: "reswift-module-cache")
            let build = try runProgram(
                try SwiftSnippetCompiler.swiftc(),
                arguments: ["-swift-version", "6", "-I", modules.path, "-module-cache-path", cache.path]
                    + Self.objects(for: source, besides: modules).map(\.path)
                    + [main.path, "-o", executable.path],
                timeout: 300)
            guard build.status == 0 else {
                throw TestSupportError(
                    "\(document.relativePath), program \(index), didn't build:\n"
                        + build.standardError + build.standardOutput)
            }
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = folder.path
            return try runProgram(
                executable, name: "\(document.relativePath), program \(index)", environment: environment,
                workingDirectory: folder.url, timeout: timeout)
        }

        /// The object files of the modules `source` imports and of the modules they import, as
        /// the build made them (`<Module>.build`, beside the Modules folder; see `builtObjects`). What a module
        /// imports is read from the dependency files (`.d`) its compilation wrote.
        static func objects(for source: String, besides modules: URL) -> [URL] {
            let build = modules.deletingLastPathComponent()
            let files = FileManager.default
            var pending = source.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                return words.count >= 2 && words[0] == "import" ? String(words[1]) : nil
            }
            var found: Set<String> = []
            var objects: [URL] = []
            while let module = pending.popLast() {
                guard !found.contains(module) else { continue }
                found.insert(module)
                let folder = build.appendingPathComponent("\(module).build")
                guard let names = try? files.contentsOfDirectory(atPath: folder.path) else { continue }
                objects += builtObjects(inModuleFolder: folder)
                for name in names.sorted() {
                    let url = folder.appendingPathComponent(name)
                    guard name.hasSuffix(".d"), let text = try? String(contentsOf: url, encoding: .utf8)
                    else {
                        continue
                    }
                    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" })
                    where word.hasSuffix(".swiftmodule") && word.contains("/Modules/") {
                        let name = word.split(separator: "/").last!.dropLast(".swiftmodule".count)
                        if !found.contains(String(name)) { pending.append(String(name)) }
                    }
                }
            }
            return objects
        }
    }
#endif
