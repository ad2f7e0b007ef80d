#if os(Linux) || os(macOS)
    import Foundation
    import Testing
    @_spi(ReSwiftInternal) import InternalReSwiftUtilities

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A program started with pipes for its standard streams, whose output the test reads while it
    /// runs: the package's one process launcher. Every wait has a deadline and fails with what the
    /// program printed so far.
    ///
    /// ```swift
    /// let tail = try LaunchedProcess(product: "reswift-inspect", arguments: ["tail", "todo"])
    /// let line = try tail.waitForLine(containing: "AddTodo")
    /// tail.kill()
    /// ```
    ///
    /// ``runProgram(_:name:arguments:environment:standardInput:workingDirectory:timeout:)`` and
    /// ``runProduct(_:arguments:environment:standardInput:workingDirectory:timeout:)`` launch one
    /// and wait for it to end. A program still running when the instance goes away is killed.
    public final class LaunchedProcess: @unchecked Sendable {
        /// What the reader threads collected. Guarded by ``state``.
        private struct State {
            var standardOutput = Data()
            var standardError = Data()
            /// How many of the reader threads (one per pipe) have reached the end of their pipe.
            var streamsEnded = 0
        }

        /// What the program is called in errors.
        public let name: String
        /// The arguments it was started with.
        public let arguments: [String]
        // The process and its pipes are set up once in `init` and only read afterwards; the
        // collected output lives in `state`.
        private let process = Process()
        private let state = Locked(State())
        private let streams: Int
        private let pipes: [Pipe]

        /// Starts `executable`.
        ///
        /// - Parameters:
        ///   - executable: The program.
        ///   - name: What to call it in errors; its file name by default.
        ///   - arguments: Its arguments.
        ///   - environment: Its whole environment; the test process's when `nil`.
        ///   - standardInput: Text for its standard input, which is then closed; `nil` for an empty
        ///     input.
        ///   - mergingStandardError: Send standard error into the standard output pipe, so that
        ///     ``standardOutput`` holds both in the order they were written.
        ///   - workingDirectory: Its working directory; the test process's by default.
        /// - Throws: ``TestSupportError`` when it can't start.
        public init(
            _ executable: URL, name: String? = nil, arguments: [String] = [],
            environment: [String: String]? = nil, standardInput: String? = nil,
            mergingStandardError: Bool = false, workingDirectory: URL? = nil
        ) throws {
            self.name = name ?? executable.lastPathComponent
            self.arguments = arguments
            process.executableURL = executable
            process.arguments = arguments
            if let environment { process.environment = environment }
            if let workingDirectory { process.currentDirectoryURL = workingDirectory }
            let input = Pipe()
            let output = Pipe()
            let error = mergingStandardError ? output : Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = error
            pipes = mergingStandardError ? [input, output] : [input, output, error]
            streams = mergingStandardError ? 1 : 2
            do {
                try withUnblockedSignals { try process.run() }
            } catch {
                Self.close(pipes)
                throw TestSupportError("Could not start \(self.name): \(error)")
            }
            let state = self.state
            for (pipe, isError) in [(output, false), (error, true)].prefix(streams) {
                let handle = pipe.fileHandleForReading
                Thread.detachNewThread {
                    while true {
                        let chunk = handle.availableData
                        if chunk.isEmpty { break }
                        state.withLock {
                            if isError {
                                $0.standardError.append(chunk)
                            } else {
                                $0.standardOutput.append(chunk)
                            }
                        }
                    }
                    state.withLock { $0.streamsEnded += 1 }
                }
            }
            if let standardInput {
                try? input.fileHandleForWriting.write(contentsOf: Data(standardInput.utf8))
            }
            try? input.fileHandleForWriting.close()
        }

        /// Starts an executable product built with the tests (see ``builtProductURL(_:)``), in the
        /// base environment ``runProduct(_:arguments:environment:standardInput:workingDirectory:timeout:)``
        /// uses.
        ///
        /// - Parameters:
        ///   - product: The executable product's name.
        ///   - arguments: Its arguments.
        ///   - environment: Variables added to (or replacing) the base environment.
        ///   - mergingStandardError: Send standard error into ``standardOutput``.
        /// - Throws: ``TestSupportError`` when the product isn't built or can't start.
        public convenience init(
            product: String, arguments: [String] = [], environment: [String: String] = [:],
            mergingStandardError: Bool = false
        ) throws {
            try self.init(
                try builtProductURL(product), name: product, arguments: arguments,
                environment: PseudoTerminal.environment(adding: environment),
                mergingStandardError: mergingStandardError)
        }

        deinit {
            if process.isRunning {
                sendSignal(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            // A reader still reading keeps its pipe; the others are closed now.
            try? eventually("its output to end", seconds: 2) { outputEnded }
            if outputEnded { Self.close(pipes) }
        }

        /// Its process id.
        public var pid: Int32 { process.processIdentifier }

        /// Whether it is still running.
        public var isRunning: Bool { process.isRunning }

        /// Everything written to standard output so far (with standard error when merged), decoded
        /// as UTF-8.
        public var standardOutput: String {
            String(decoding: state.withLock { $0.standardOutput }, as: UTF8.self)
        }

        /// Everything written to standard error so far, decoded as UTF-8.
        public var standardError: String {
            String(decoding: state.withLock { $0.standardError }, as: UTF8.self)
        }

        /// The complete lines written to standard output so far.
        public var lines: [String] {
            var lines = standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            lines.removeLast()  // the unfinished line, or "" after the last line break
            return lines
        }

        /// Waits until a line of standard output contains `text`.
        ///
        /// - Returns: The first such line.
        /// - Throws: ``TestSupportError`` with the output so far when the deadline passes or the
        ///   program ends first.
        @discardableResult
        public func waitForLine(containing text: String, timeout: TimeInterval = 60) throws -> String {
            try waitForLine(timeout: timeout, "a line containing \(String(reflecting: text))") {
                $0.contains(text)
            }
        }

        /// Waits until the program printed `line` as a whole line.
        ///
        /// - Throws: ``TestSupportError`` with the output so far when the deadline passes or the
        ///   program ends first.
        public func waitForLine(_ line: String, timeout: TimeInterval = 60) throws {
            _ = try waitForLine(timeout: timeout, "the line \(String(reflecting: line))") { $0 == line }
        }

        private func waitForLine(
            timeout: TimeInterval, _ what: String, where matches: (String) -> Bool
        ) throws -> String {
            var found: String?
            var ended = false
            do {
                try eventually(what, seconds: timeout) {
                    ended = outputEnded
                    found = lines.first(where: matches)
                    return found != nil || ended
                }
            } catch {}
            if let found { return found }
            throw TestSupportError(
                "\(name) printed no \(what) "
                    + (ended ? "before it ended" : "within \(timeout) s")
                    + "; output: \(String(reflecting: standardOutput)), errors: "
                    + String(reflecting: standardError))
        }

        /// Waits for the program to end and for its output to be read; past the deadline it is
        /// killed (SIGKILL) and the call throws.
        ///
        /// - Returns: The exit status, or 128 + the signal number when a signal ended it.
        /// - Throws: ``TestSupportError`` with the output so far when the deadline passes.
        @discardableResult
        public func waitForExit(timeout: TimeInterval = 90) throws -> Int32 {
            do {
                try eventually("\(name) to end", seconds: timeout) { !process.isRunning }
            } catch {
                kill()
                process.waitUntilExit()
                throw TestSupportError(
                    "\(name) \(arguments.joined(separator: " ")) did not finish within \(timeout) s; "
                        + "it was killed. Output: \(String(reflecting: standardOutput)), errors: "
                        + String(reflecting: standardError))
            }
            process.waitUntilExit()
            // A child of the program may hold a pipe open; don't wait for it long.
            try? eventually("its output to end", seconds: 5) { outputEnded }
            return process.terminationReason == .uncaughtSignal
                ? 128 + process.terminationStatus : process.terminationStatus
        }

        /// Sends the program a signal; SIGKILL by default, the one a program can't ignore or
        /// block (a test runner started in the background may pass SIGINT and SIGTERM on so).
        public func kill(_ signal: Int32 = SIGKILL) {
            sendSignal(process.processIdentifier, signal)
        }

        /// Whether every reader reached the end of its pipe.
        private var outputEnded: Bool { state.withLock { $0.streamsEnded == streams } }

        /// Closes every end still open now rather than when Foundation lets go of the pipes: a
        /// parallel run starts hundreds of programs, and descriptors past FD_SETSIZE break
        /// select()-based code.
        private static func close(_ pipes: [Pipe]) {
            for pipe in pipes {
                try? pipe.fileHandleForReading.close()
                try? pipe.fileHandleForWriting.close()
            }
        }
    }

    /// The C library's `kill`, which the launcher's own `kill(_:)` hides inside it.
    @discardableResult
    private func sendSignal(_ pid: Int32, _ signal: Int32) -> Int32 {
        kill(pid, signal)
    }
#endif
