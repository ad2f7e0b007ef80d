#if os(Linux) || os(macOS)
    import Foundation
    import Testing

    /// How a program run by ``runProduct(_:arguments:environment:standardInput:workingDirectory:timeout:)``
    /// ended and what it printed.
    public struct ProductRun: Sendable {
        /// The exit status, or 128 + the signal number when a signal ended it.
        public var status: Int32
        /// Everything written to standard output, decoded as UTF-8.
        public var standardOutput: String
        /// Everything written to standard error, decoded as UTF-8.
        public var standardError: String
    }

    /// Runs an executable product built with the tests, with pipes (not a terminal) for its standard
    /// streams, and waits for it to finish: for command-line mode end-to-end tests.
    ///
    /// ```swift
    /// let run = try runProduct("todo", arguments: ["add", "Buy milk"], environment: ["TODO_FILE": path])
    /// #expect(run.status == 0)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The executable product's name (see ``builtProductURL(_:)``).
    ///   - arguments: Its arguments.
    ///   - environment: Variables added to (or replacing) a small base environment: `PATH`, `HOME`
    ///     and `TMPDIR` from the test process, `TERM=xterm-256color`, `LANG=C.UTF-8`.
    ///   - standardInput: Text for its standard input; `nil` for an empty input.
    ///   - workingDirectory: Its working directory; the test process's by default.
    ///   - timeout: Seconds after which the program is killed and the call throws.
    /// - Returns: Its exit status and output.
    /// - Throws: ``TestSupportError`` when the product isn't built, can't start, or times out.
    public func runProduct(
        _ name: String, arguments: [String] = [], environment: [String: String] = [:],
        standardInput: String? = nil, workingDirectory: URL? = nil, timeout: TimeInterval = 90
    ) throws -> ProductRun {
        try runProgram(
            try builtProductURL(name), name: name, arguments: arguments,
            environment: PseudoTerminal.environment(adding: environment), standardInput: standardInput,
            workingDirectory: workingDirectory, timeout: timeout)
    }

    /// Waits until `process` ends, for at most `timeout` seconds; past the deadline it kills the
    /// process (SIGKILL) and throws.
    ///
    /// - Parameters:
    ///   - process: A started process.
    ///   - what: What the process is, for the error.
    ///   - timeout: The deadline, in seconds.
    /// - Throws: ``TestSupportError`` naming `what` when the deadline passes first.
    public func waitForExit(of process: Process, _ what: String, timeout: TimeInterval = 60) throws {
        do {
            try eventually(what, seconds: timeout) { !process.isRunning }
        } catch {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TestSupportError("\(what) did not end within \(timeout) s; it was killed.")
        }
        process.waitUntilExit()
    }

    /// Runs any program as ``runProduct(_:arguments:environment:standardInput:workingDirectory:timeout:)``
    /// runs a product: with pipes, reading its output while it runs, and killing it past `timeout`.
    ///
    /// - Parameters:
    ///   - executable: The program.
    ///   - name: What to call it in the error; its file name by default.
    ///   - arguments: Its arguments.
    ///   - environment: Its whole environment; the test process's when `nil`.
    ///   - standardInput: Text for its standard input; `nil` for an empty input.
    ///   - workingDirectory: Its working directory; the test process's by default.
    ///   - timeout: Seconds after which the program is killed and the call throws.
    /// - Returns: Its exit status and output.
    /// - Throws: ``TestSupportError`` when the program can't start or times out.
    public func runProgram(
        _ executable: URL, name: String? = nil, arguments: [String] = [],
        environment: [String: String]? = nil,
        standardInput: String? = nil, workingDirectory: URL? = nil, timeout: TimeInterval = 90
    ) throws -> ProductRun {
        let launched = try LaunchedProcess(
            executable, name: name, arguments: arguments, environment: environment,
            standardInput: standardInput, workingDirectory: workingDirectory)
        let status = try launched.waitForExit(timeout: timeout)
        return ProductRun(
            status: status, standardOutput: launched.standardOutput, standardError: launched.standardError)
    }
#endif
