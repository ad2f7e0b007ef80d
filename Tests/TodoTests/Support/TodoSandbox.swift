import Foundation
import TestSupport

/// A temporary folder with a todo file path in it, and a way to run the built `todo` on that file.
/// Each test makes its own, so tests running in parallel never share a file.
struct TodoSandbox {
    /// Removes the folder when the last copy of the sandbox goes away.
    private let temporary: TemporaryDirectory
    /// The temporary folder; nothing else uses it.
    let directory: URL
    /// The todo file the runs use (through `TODO_FILE`); it may not exist yet.
    let file: URL

    init() throws {
        temporary = try TemporaryDirectory(prefix: "todo-tests")
        directory = temporary.url
        file = temporary.file("todo.json")
    }

    /// Runs `todo` with `arguments` on this sandbox's file, with no terminal.
    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> ProductRun {
        try run(arguments, environment: environment)
    }

    /// Runs `todo` with `arguments` on this sandbox's file, with no terminal.
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ProductRun {
        var environment = environment
        if environment["TODO_FILE"] == nil { environment["TODO_FILE"] = file.path }
        environment["XDG_DATA_HOME"] =
            environment["XDG_DATA_HOME"] ?? directory.appendingPathComponent("xdg").path
        return try runProduct(
            "todo", arguments: arguments, environment: environment, workingDirectory: directory)
    }

    /// Runs `todo` with `arguments` on this sandbox's file as user and group 65534 (nobody),
    /// through `setpriv`, so file permissions apply as they do to a normal user.
    func runAsNobody(_ arguments: String...) throws -> ProductRun {
        try runAsNobody(arguments)
    }

    /// Runs `todo` with `arguments` on this sandbox's file as user and group 65534 (nobody); check
    /// ``otherUserUnavailable`` first.
    func runAsNobody(_ arguments: [String], timeout: TimeInterval = 30) throws -> ProductRun {
        try runRestricted(asOtherUser(try builtProductURL("todo").path, arguments), timeout: timeout)
    }

    /// Runs `todo` with `arguments` on this sandbox's file as a user the files' permissions apply
    /// to (``userBoundByPermissions``): nobody when the tests run as root, else this user. Check
    /// that ``userBoundByPermissions`` isn't `nil` first.
    func runBoundByPermissions(_ arguments: [String], timeout: TimeInterval = 30) throws -> ProductRun {
        try runRestricted(
            asUserBoundByPermissions(try builtProductURL("todo").path, arguments), timeout: timeout)
    }

    /// Runs `command` with a small environment naming this sandbox's file, from `/`.
    private func runRestricted(
        _ command: (executable: String, arguments: [String]), timeout: TimeInterval
    ) throws -> ProductRun {
        try runProgram(
            URL(fileURLWithPath: command.executable), name: "todo", arguments: command.arguments,
            environment: [
                "TODO_FILE": file.path, "XDG_DATA_HOME": directory.appendingPathComponent("xdg").path,
                "HOME": directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            ],
            workingDirectory: URL(fileURLWithPath: "/"), timeout: timeout)
    }

    /// The lines `todo list` prints.
    func list() throws -> [String] {
        try run("list").standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).filter { !$0.isEmpty }
    }

    /// The file's bytes, or `nil` when there is no file.
    func contents() -> Data? {
        FileManager.default.contents(atPath: file.path)
    }

    /// The names of the files in the folder.
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Mounts a `size`-byte tmpfs on a new folder `name` inside the sandbox, so a test can fill a
    /// disk; `nil` with the reason when mounting isn't permitted here (not root, no `mount`).
    /// Unmount with ``unmount(_:)``.
    func mountSmallDisk(named name: String, size: Int) throws -> (url: URL?, whyNot: String?) {
        let mountPoint = directory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: false)
        guard geteuid() == 0 else { return (nil, "not running as root, so can't mount a tmpfs") }
        let mounted = try Self.runTool(
            "/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint.path])
        guard mounted.status == 0 else {
            return (nil, "mount -t tmpfs isn't permitted here: \(mounted.output)")
        }
        return (mountPoint, nil)
    }

    /// Unmounts what ``mountSmallDisk(named:size:)`` mounted.
    func unmount(_ mountPoint: URL) {
        _ = try? Self.runTool("/bin/umount", ["-l", mountPoint.path])
    }

    /// Writes zeros to a new file at `url` until the disk is full.
    func fillDisk(with url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw TestSupportError("can't create \(url.path): errno \(errno)") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0, count: 1024)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        guard errno == ENOSPC else {
            throw TestSupportError("filling \(url.path) stopped with errno \(errno)")
        }
    }

    /// Runs a system tool, waiting at most 20 seconds.
    private static func runTool(_ path: String, _ arguments: [String]) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + 20) == .timedOut {
            process.terminate()
            throw TestSupportError("\(path) \(arguments) did not finish within 20 s")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Removes the folder now (it also goes when the sandbox does).
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
