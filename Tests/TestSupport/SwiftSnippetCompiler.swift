#if os(Linux) || os(macOS)
    import Foundation

    /// Type-checks Swift source against the package's modules of the running build, with the
    /// toolchain's `swiftc`: for tests that prove code written by users compiles (or fails to, with
    /// the right message), as top-level code in a `main.swift` or inside a function.
    ///
    /// ```swift
    /// let result = try SwiftSnippetCompiler.typeCheck(mainSwift: "import ReSwift\nlet store = …")
    /// #expect(result.succeeded, "\(result.output)")
    /// ```
    public enum SwiftSnippetCompiler {
        /// What `swiftc -typecheck` said.
        public struct Result: Sendable {
            /// Its exit status: 0 when the code type-checks.
            public var status: Int32
            /// Everything it printed.
            public var output: String

            /// Whether the code type-checked.
            public var succeeded: Bool { status == 0 }

            /// The lines that report an error or a warning.
            public var diagnostics: [String] {
                output.split(separator: "\n").map(String.init).filter {
                    $0.contains("error:") || $0.contains("warning:")
                }
            }
        }

        /// The directory holding the `.swiftmodule`s of the build that is running the tests (for
        /// example `.build/debug/Modules`).
        ///
        /// - Throws: ``TestSupportError`` when there is none next to the tests.
        public static func modulesDirectory() throws -> URL {
            // hazard-check: ok because without /proc the next start, the test binary's own path, is used
            var starts: [URL] = [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()]
            if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first)) }
            for start in starts {
                var directory = start.deletingLastPathComponent()
                for _ in 0..<5 {
                    let candidate = directory.appendingPathComponent("Modules")
                    if FileManager.default.fileExists(
                        atPath: candidate.appendingPathComponent("ReSwift.swiftmodule").path)
                    {
                        return candidate
                    }
                    directory.deleteLastPathComponent()
                }
            }
            throw TestSupportError(
                "The package's built modules (Modules/ReSwift.swiftmodule) weren't found next to the tests")
        }

        /// The module maps of the package's C targets (`<Target>.build/module.modulemap` beside the
        /// Modules folder), which a module built on one (HTTPTransport on CCurlShim) needs to load.
        static func cModuleMaps(besides modules: URL) -> [URL] {
            let build = modules.deletingLastPathComponent()
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
            return folders.filter { $0.hasSuffix(".build") }.sorted().map {
                build.appendingPathComponent($0).appendingPathComponent("module.modulemap")
            }.filter { FileManager.default.fileExists(atPath: $0.path) }
        }

        /// The toolchain's `swiftc`, from `PATH`.
        ///
        /// - Throws: ``TestSupportError`` when it isn't on `PATH`.
        public static func swiftc() throws -> URL {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
            for directory in path.split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            throw TestSupportError("swiftc isn't on PATH")
        }

        /// Type-checks `source` as the `main.swift` of a program (so its top-level code runs as the
        /// program), importing the package's built modules.
        ///
        /// - Parameters:
        ///   - source: The file's text.
        ///   - swiftVersion: The language mode, `"6"` by default.
        /// - Returns: What the compiler said.
        /// - Throws: ``TestSupportError`` when the modules or `swiftc` can't be found or it can't run.
        public static func typeCheck(mainSwift source: String, swiftVersion: String = "6") throws -> Result {
            try typeCheck(file: "main.swift", source: source, arguments: ["-swift-version", swiftVersion])
        }

        /// Type-checks `source` as the `main.swift` of a program, as
        /// ``typeCheck(mainSwift:swiftVersion:)`` does, on a thread of its own: an `async` test
        /// waits for the compiler without holding one of the few threads Swift concurrency
        /// runs every test's tasks on.
        ///
        /// - Parameters:
        ///   - source: The file's text.
        ///   - swiftVersion: The language mode, `"6"` by default.
        /// - Returns: What the compiler said.
        /// - Throws: ``TestSupportError`` when the modules or `swiftc` can't be found or it can't run.
        public static func typeCheckOffThePool(mainSwift source: String, swiftVersion: String = "6")
            async throws
            -> Result
        {
            try await onAThreadOfItsOwn { try typeCheck(mainSwift: source, swiftVersion: swiftVersion) }
        }

        /// Type-checks `file` holding `source` with the extra `arguments`.
        ///
        /// - Parameters:
        ///   - file: The file's name; `main.swift` makes its top-level code the program's.
        ///   - source: The file's text.
        ///   - arguments: More `swiftc` arguments.
        /// - Returns: What the compiler said.
        /// - Throws: ``TestSupportError`` when the modules or `swiftc` can't be found or it can't run.
        public static func typeCheck(file: String, source: String, arguments: [String]) throws -> Result {
            let folder = try TemporaryDirectory(prefix: "reswift-snippet")
            let path = folder.file(file)
            try Data(source.utf8).write(to: path)
            return try typeCheck(paths: [path], arguments: arguments)
        }

        /// Type-checks the files at `paths` with the extra `arguments`.
        ///
        /// - Parameters:
        ///   - paths: The source files.
        ///   - arguments: More `swiftc` arguments.
        /// - Returns: What the compiler said.
        /// - Throws: ``TestSupportError`` when the modules or `swiftc` can't be found or it can't run.
        public static func typeCheck(paths: [URL], arguments: [String]) throws -> Result {
            let cache = try TemporaryDirectory(prefix: "reswift-module-cache")
            let modules = try modulesDirectory()
            let run = try runProgram(
                try swiftc(),
                arguments: ["-typecheck", "-I", modules.path, "-module-cache-path", cache.path]
                    + cModuleMaps(besides: modules).flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
                    + arguments + paths.map(\.path),
                timeout: 300)
            return Result(status: run.status, output: run.standardError + run.standardOutput)
        }
    }
#endif
