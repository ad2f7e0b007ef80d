import Foundation
@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

@testable import ReSwiftDevTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The whole path from a running app to a passing test: drive the built `todo` under a
/// pseudo-terminal with RESWIFT_INSPECT=1, `reswift-inspect record` it, `gen-test` the session,
/// then compile the generated test against the package's built modules and run it.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TodoGenTestProofTests {
    @Test func aRecordedTodoSessionBecomesATestThatCompilesAndPasses() async throws {
        let folder = try TemporaryDirectory(prefix: "rit-gen", shortPath: true)
        let runtime = folder.path
        let todo = try await startTodo(in: runtime)

        let session = runtime + "/session.jsonl"
        let record = try LaunchedProcess(
            product: "reswift-inspect", arguments: ["record", "todo", "--to", session],
            environment: ["XDG_RUNTIME_DIR": runtime])
        try await eventually("the recorder has the initial state") {
            ((try? String(contentsOfFile: session, encoding: .utf8)) ?? "").contains(#""type":"state""#)
        }
        for title in ["Buy milk", "Walk the dog"] {
            try todo.send("a")
            try await todo.screen(showing: "Add:")
            try todo.send(title)
            try todo.send(PseudoTerminal.Keys.enter)
            try await todo.screen(showing: "[ ] \(title)")
        }
        try todo.send(" ")  // toggles the selected item
        try await todo.screen(showing: "[x] ")
        try todo.send("u")  // and undoes it
        try await eventually("the undo is recorded", seconds: 15) {
            ((try? String(contentsOfFile: session, encoding: .utf8)) ?? "").contains(
                #""action":"UndoTodoChange""#)
        }
        record.kill()
        _ = try record.waitForExit()
        try todo.send("q")
        #expect(try todo.waitForExit() == 0)

        let generated = runtime + "/TodoRecordedSessionTests.swift"
        let gen = try runProduct(
            "reswift-inspect",
            arguments: ["gen-test", session, "--reducer", "todoAppReducer", "--to", generated])
        #expect(gen.status == 0, "\(gen.standardError)")
        let source = try String(contentsOfFile: generated, encoding: .utf8)
        #expect(source.contains("@testable import TodoModel"))
        #expect(source.contains("TodoModel.AddTodo.self"))
        #expect(source.contains("TodoModel.ToggleTodo.self"))
        #expect(source.contains("TodoModel.UndoTodoChange.self"))

        let runner = try await GeneratedTestBuild.build(generated, in: runtime)
        let run = try GeneratedTestBuild.run(runner)
        #expect(run.status == 0, "the generated test failed:\n\(run.output)")
        #expect(run.output.contains("replaysTheRecordedActions()"), "\(run.output)")
        #expect(run.output.contains("passed"), "\(run.output)")
    }
}

/// Compiles a generated test into an executable with Swift Testing's entry point, linked against
/// the objects `swift build` made for the package's modules, and runs it.
enum GeneratedTestBuild {
    /// Builds the runner of the generated test `test` in `folder` and returns its path.
    ///
    /// - Parameter extra: More arguments for swiftc: more sources, objects, `-I` folders (searched
    ///   before the package's modules, so a fixture module named like a test target wins).
    static func build(_ test: String, in folder: String, extra: [String] = []) async throws -> String {
        let bin = try builtProductURL("reswift-inspect").deletingLastPathComponent()
        let swiftc = try #require(tool("swiftc"), "no swiftc on PATH to compile the generated test with")
        let ar = try #require(tool("llvm-ar") ?? tool("ar"), "no ar on PATH to archive the package's objects")
        // Every library object of the package, in one archive: the linker takes only the members
        // the test needs, so the executables' mains and the other tests stay out.
        var objects: [String] = []
        for directory in try FileManager.default.contentsOfDirectory(atPath: bin.path)
        where directory.hasSuffix(".build") && !directory.hasSuffix("Tests.build") {
            for object in builtObjects(inModuleFolder: bin.appendingPathComponent(directory))
            where object.lastPathComponent != "main.swift.o" {
                objects.append(object.path)
            }
        }
        let archive = folder + "/libpackage.a"
        try execute(ar, ["rcs", archive] + objects)
        let main = folder + "/Runner.swift"
        try """
        import Testing

        @main struct GeneratedTestRunner {
            static func main() async { await Testing.__swiftPMEntryPoint() as Never }
        }
        """.write(toFile: main, atomically: true, encoding: .utf8)
        let runner = folder + "/generated-test"
        try execute(
            swiftc,
            extra + [
                "-parse-as-library", "-Onone", "-I", bin.appendingPathComponent("Modules").path, test, main,
                archive, "-lXCTest", "-lTesting", "-lFoundation", "-o", runner,
            ])
        return runner
    }

    /// The program `name` on PATH, or in the toolchain's folder (/opt/swift/usr/bin).
    static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ runner: String) throws -> (status: Int32, output: String) {
        try execute(runner, [], timeout: 120, failOnError: false)
    }

    /// Runs `tool` to its end, at most `timeout` seconds, and returns its status and output.
    @discardableResult
    static func execute(
        _ tool: String, _ arguments: [String], timeout: Double = 300, failOnError: Bool = true
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let collected = Locked(Data())
        let reader = output.fileHandleForReading
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while case let chunk = reader.availableData, !chunk.isEmpty {
                collected.withLock { $0.append(chunk) }
            }
            drained.signal()
        }
        guard ended.wait(timeout: .now() + timeout) == .success else {
            process.terminate()
            throw InspectTestError("\(tool) did not finish within \(timeout) s")
        }
        _ = drained.wait(timeout: .now() + 10)
        let text = String(decoding: collected.withLock { $0 }, as: UTF8.self)
        if failOnError && process.terminationStatus != 0 {
            throw InspectTestError("\(tool) failed (\(process.terminationStatus)):\n\(text)")
        }
        return (process.terminationStatus, text)
    }
}
