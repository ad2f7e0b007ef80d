import Foundation

/// What a finished child process left behind.
struct ProcessResult: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs a built product without a terminal (its output goes to pipes) and waits for it to end.
enum ProcessRunner {
    /// The built `library-finder` next to the test bundle.
    static var libraryFinder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("library-finder")
    }

    static func run(_ executable: URL, _ arguments: [String], environment: [String: String]) async throws
        -> ProcessResult
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let stdout = output.fileHandleForReading.readDataToEndOfFile()
                let stderr = error.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(
                    returning: ProcessResult(
                        status: process.terminationStatus,
                        standardOutput: String(decoding: stdout, as: UTF8.self),
                        standardError: String(decoding: stderr, as: UTF8.self)))
            }
        }
    }
}
