import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts the PersistenceWriter fixture, `PersistenceWriter arguments…`, with its standard error
/// merged into its output (the fixture's lines and its failures in the order written).
///
/// - Parameter asNobody: Run it as uid/gid 65534 through `setpriv` (check ``otherUserUnavailable`` first).
func launchWriter(_ arguments: [String], asNobody: Bool = false) throws -> LaunchedProcess {
    let writer = try builtProductURL("PersistenceWriter")
    guard asNobody else {
        return try LaunchedProcess(writer, arguments: arguments, mergingStandardError: true)
    }
    let command = asOtherUser(writer.path, arguments)
    return try LaunchedProcess(
        URL(fileURLWithPath: command.executable), name: "PersistenceWriter (as nobody)",
        arguments: command.arguments, mergingStandardError: true)
}

/// Runs the PersistenceWriter fixture to the end, with a deadline.
///
/// - Returns: Its exit status (128 + signal) and output, standard error included.
func runWriter(_ arguments: [String], asNobody: Bool = false) throws -> (status: Int32, output: String) {
    let writer = try launchWriter(arguments, asNobody: asNobody)
    let status = try writer.waitForExit(timeout: 20)
    return (status, writer.standardOutput)
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
