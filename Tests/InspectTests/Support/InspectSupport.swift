import Foundation
import ReSwift
import TestSupport
import Testing

@testable import ReSwiftDevTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct InspectTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A short folder to use as `XDG_RUNTIME_DIR`, and an inspected store in this process.
final class InspectedApp {
    let runtime: String
    let store: Store<ShoppingState>
    let endpoint: InspectorEndpoint

    init(app: String = "shopping") throws {
        runtime = "/tmp/rit-" + UUID().uuidString.prefix(8).lowercased()
        guard mkdir(runtime, 0o700) == 0 else { throw InspectTestError("mkdir \(runtime): \(errno)") }
        let started = Locked<InspectorEndpoint?>(nil)
        let middleware: Middleware<ShoppingState> = makeInspectorMiddleware(
            app: app, environment: ["RESWIFT_INSPECT": "1", "XDG_RUNTIME_DIR": runtime]
        ) { endpoint in started.withLock { $0 = endpoint } }
        store = Store(reducer: shoppingReducer, state: nil, middleware: [middleware])
        guard let endpoint = started.withLock({ $0 }) else { throw InspectTestError("no endpoint") }
        self.endpoint = endpoint
    }

    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime] }

    deinit {
        try? FileManager.default.removeItem(atPath: runtime)
    }
}

/// A tool run in the background whose output lines the test waits for, each wait with a deadline.
final class BackgroundTool {
    let process = Process()
    private let lines = Locked<[String]>([])
    private let errors = Locked<String>("")
    private let finished = DispatchSemaphore(value: 0)

    init(_ product: String, _ arguments: [String], environment: [String: String]) throws {
        process.executableURL = try builtProductURL(product)
        process.arguments = arguments
        var base = ProcessInfo.processInfo.environment
        base.merge(environment) { _, new in new }
        process.environment = base
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        let lines = self.lines
        let errors = self.errors
        let finished = self.finished
        let outputHandle = output.fileHandleForReading
        let errorHandle = error.fileHandleForReading
        try process.run()
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = outputHandle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lines.withLock { $0.append(line) }
                }
            }
            finished.signal()
        }
        Thread.detachNewThread {
            while true {
                let chunk = errorHandle.availableData
                if chunk.isEmpty { break }
                errors.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var output: [String] { lines.withLock { $0 } }
    var standardError: String { errors.withLock { $0 } }

    /// Waits until an output line contains `text`; returns it.
    @discardableResult
    func waitForLine(containing text: String, timeout: Double = 15) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = output.first(where: { $0.contains(text) }) { return line }
            usleep(5000)
        }
        throw InspectTestError(
            "no line containing \(text) within \(timeout)s; output: \(output), errors: \(standardError)")
    }

    /// Waits for the tool to end and returns its exit status.
    func waitForExit(timeout: Double = 15) throws -> Int32 {
        guard finished.wait(timeout: .now() + timeout) == .success else {
            throw InspectTestError("the tool did not end within \(timeout)s")
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Ends the tool abruptly, the harshest way a user can stop it: SIGKILL. (SIGINT and SIGTERM
    /// may reach it ignored or blocked, as a test runner started in the background passes on.)
    func kill() {
        _ = killProcess(process.processIdentifier, SIGKILL)
    }
}

private func killProcess(_ pid: Int32, _ signal: Int32) -> Int32 { kill(pid, signal) }

/// Starts the built `todo`, interactive under a pseudo-terminal, with its list and
/// `XDG_RUNTIME_DIR` in `runtime` (inspectable when `inspectable`), and waits for the empty list.
func startTodo(in runtime: String, inspectable: Bool = true) async throws -> PseudoTerminal {
    var environment = ["XDG_RUNTIME_DIR": runtime, "XDG_DATA_HOME": runtime + "/data"]
    if inspectable { environment["RESWIFT_INSPECT"] = "1" }
    let todo = try PseudoTerminal(
        product: "todo", arguments: ["--file", runtime + "/todo.json"], environment: environment,
        size: .init(columns: 70, rows: 16))
    try await todo.screen(showing: "Nothing to do")
    return todo
}
