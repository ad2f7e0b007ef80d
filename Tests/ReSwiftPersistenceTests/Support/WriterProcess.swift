import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The PersistenceWriter fixture running as a separate process, optionally as user `nobody`, with
/// its standard output collected line by line. Every wait has a deadline.
final class WriterProcess: @unchecked Sendable {
    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    let process = Process()
    // `collected` and `finished` are read and written only while holding `condition`.
    private let condition = NSCondition()
    private var collected = ""
    private var finished = false

    /// Starts `PersistenceWriter arguments…`.
    ///
    /// - Parameter asNobody: Run it as uid/gid 65534 through `setpriv` (check ``otherUserUnavailable`` first).
    init(_ arguments: [String], asNobody: Bool = false) throws {
        let writer = try builtProductURL("PersistenceWriter")
        if asNobody {
            let command = asOtherUser(writer.path, arguments)
            process.executableURL = URL(fileURLWithPath: command.executable)
            process.arguments = command.arguments
        } else {
            process.executableURL = writer
            process.arguments = arguments
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        Thread.detachNewThread { [self] in
            let handle = output.fileHandleForReading
            while true {
                let data = handle.availableData
                condition.withLock {
                    if data.isEmpty {
                        finished = true
                    } else {
                        collected += String(decoding: data, as: UTF8.self)
                    }
                    condition.broadcast()
                }
                if data.isEmpty { break }
            }
        }
    }

    var pid: Int32 { process.processIdentifier }

    /// Everything printed so far.
    var output: String { condition.withLock { collected } }

    /// Waits until the process printed `line` (a whole line).
    func waitForLine(_ line: String, timeout: TimeInterval = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        try condition.withLock {
            while !collected.split(separator: "\n").contains(Substring(line)) {
                if finished || !condition.wait(until: deadline) {
                    throw Timeout(
                        description: "no line \"\(line)\" within \(timeout) s; output: \(collected)")
                }
            }
        }
    }

    /// Waits for the process to end; kills it and throws when it doesn't in time.
    ///
    /// - Returns: The exit status, or 128 + the signal number when a signal ended it.
    @discardableResult
    func waitForExit(timeout: TimeInterval = 20) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                kill(pid, SIGKILL)
                process.waitUntilExit()
                throw Timeout(description: "the writer didn't exit within \(timeout) s; output: \(output)")
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Runs the fixture to the end.
    ///
    /// - Returns: Its exit status (128 + signal) and output.
    static func run(_ arguments: [String], asNobody: Bool = false) throws -> (status: Int32, output: String) {
        let writer = try WriterProcess(arguments, asNobody: asNobody)
        let status = try writer.waitForExit()
        // The reader thread may still be draining the pipe.
        let deadline = Date().addingTimeInterval(5)
        writer.condition.withLock {
            while !writer.finished && writer.condition.wait(until: deadline) {}
        }
        return (status, writer.output)
    }

    /// Runs a system tool to the end, with a deadline.
    ///
    /// - Returns: Its exit status and output (standard error included).
    static func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning {
            process.terminate()
            throw Timeout(description: "\(path) didn't finish within 20 s")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Sets a file's modification time `seconds` in the past.
func age(_ url: URL, by seconds: TimeInterval) throws {
    try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(-seconds)], ofItemAtPath: url.path)
}

/// A file's permission bits, e.g. `0o600`.
func mode(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// The temporary files of saves of `name` in `directory`.
func temporaryFiles(of name: String, in directory: TemporaryDirectory) throws -> [String] {
    try directory.contents().filter { $0.hasPrefix(".\(name).") && $0.hasSuffix(".tmp") }
}

/// A versioned envelope holding `value`, as a file's text.
func envelope(_ value: String, version: Int = 1) -> String {
    #"{"schemaVersion": \#(version), "value": \#(value)}"#
}
