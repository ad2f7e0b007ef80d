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
        /// - Parameters:
        ///   - folder: Where it is built and runs.
        ///   - environment: Variables added to the test process's.
        ///   - timeout: Seconds after which the program is killed and the call throws.
        /// - Returns: How it ended and what it printed.
        /// - Throws: ``TestSupportError`` with the compiler's output when it doesn't build.
        func run(
            in folder: TemporaryDirectory, environment: [String: String] = [:], timeout: TimeInterval = 60
        ) throws -> ProductRun {
            let executable = try build(in: folder)
            var variables = ProcessInfo.processInfo.environment
            variables["TMPDIR"] = folder.path
            variables.merge(environment) { _, new in new }
            return try runProgram(
                executable, name: "\(document.relativePath), program \(index)", environment: variables,
                workingDirectory: folder.url, timeout: timeout)
        }

        /// Builds the program in `folder`.
        ///
        /// - Returns: The executable.
        /// - Throws: ``TestSupportError`` with the compiler's output when it doesn't build.
        func build(in folder: TemporaryDirectory) throws -> URL {
            let main = folder.file("main.swift")
            let source = try source()
            try Data(source.utf8).write(to: main)
            let executable = folder.file("snippets")
            let modules = try SwiftSnippetCompiler.modulesDirectory()
            let cache = try TemporaryDirectory(prefix: "reswift-module-cache")
            let dependencies = Self.dependencies(of: source, besides: modules)
            let build = try runProgram(
                try SwiftSnippetCompiler.swiftc(),
                arguments: ["-swift-version", "6", "-I", modules.path, "-module-cache-path", cache.path]
                    + dependencies.objects.map(\.path)
                    + dependencies.moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
                    + [main.path, "-o", executable.path],
                timeout: 300)
            guard build.status == 0 else {
                throw TestSupportError(
                    "\(document.relativePath), program \(index), didn't build:\n"
                        + build.standardError + build.standardOutput)
            }
            return executable
        }

        /// The object files of the modules `source` imports and of the modules they import, as
        /// the build made them (`<Module>.build`, beside the Modules folder; see `builtObjects`),
        /// and the module maps of the C modules among them. What a module imports is read from
        /// the dependency files (`.d`) its compilation wrote.
        static func dependencies(
            of source: String, besides modules: URL
        ) -> (objects: [URL], moduleMaps: [URL]) {
            let build = modules.deletingLastPathComponent()
            let files = FileManager.default
            var pending = source.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                return words.count >= 2 && words[0] == "import" ? String(words[1]) : nil
            }
            var found: Set<String> = []
            var objects: [URL] = []
            var moduleMaps: [URL] = []
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
                    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                        let parts = word.split(separator: "/")
                        if word.hasSuffix(".swiftmodule") && word.contains("/Modules/") {
                            let name = String(parts.last!.dropLast(".swiftmodule".count))
                            if !found.contains(name) { pending.append(name) }
                        } else if parts.last == "module.modulemap", parts.count >= 2,
                            parts[parts.count - 2].hasSuffix(".build")
                        {
                            // A C module of the package (CCurlShim): its objects, and its map
                            // for the compiler.
                            let name = String(parts[parts.count - 2].dropLast(".build".count))
                            let map = URL(fileURLWithPath: String(word))
                            if !found.contains(name) { pending.append(name) }
                            if !moduleMaps.contains(map) { moduleMaps.append(map) }
                        }
                    }
                }
            }
            return (objects, moduleMaps)
        }
    }
#endif
