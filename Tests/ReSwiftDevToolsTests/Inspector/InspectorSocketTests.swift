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

@Suite(.serialized, .timeLimit(.minutes(1))) struct InspectorSocketTests {
    private func mode(of path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    @Test func createsAFolderOnlyTheUserCanOpenAndASocketOnlyTheUserCanUse() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (_, endpoint) = try makeInspectedStore(sandbox)
        #expect(mode(of: sandbox.directory) == 0o700)
        #expect(mode(of: endpoint.socketPath) == 0o600)
        var status = stat()
        #expect(lstat(endpoint.socketPath, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFSOCK)
    }

    @Test func isOffUnlessRESWIFT_INSPECTIsOne() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        for value in [nil, "0", "yes", ""] {
            var environment = sandbox.environment
            environment["RESWIFT_INSPECT"] = value
            let started = Collected<InspectorEndpoint>()
            let middleware: Middleware<TodoState> = makeInspectorMiddleware(
                app: "off", environment: environment
            ) {
                started.append($0)
            }
            let store = Store(reducer: todoReducer, state: nil, middleware: [middleware])
            store.dispatch(AddTodo(title: "milk"))
            #expect(store.state.todos.count == 1)
            #expect(started.all.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: sandbox.directory))
        }
    }

    @Test(arguments: [0o755, 0o770, 0o701])
    func refusesAFolderOthersCanOpen(mode: Int) throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        #expect(mkdir(sandbox.directory, 0o700) == 0)
        #expect(chmod(sandbox.directory, mode_t(mode)) == 0)
        // The app runs uninspected: the store works, and no socket is made.
        let started = Collected<InspectorEndpoint>()
        let middleware: Middleware<TodoState> = makeInspectorMiddleware(
            app: "demo", environment: sandbox.environment
        ) { started.append($0) }
        let store = Store(reducer: todoReducer, state: nil, middleware: [middleware])
        store.dispatch(AddTodo(title: "milk"))
        #expect(store.state.todos.count == 1)
        #expect(started.all.isEmpty)
        #expect(throws: InspectorError.self) { try InspectorDirectory.prepare(sandbox.directory) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).isEmpty)
    }

    @Test func refusesAFolderThatIsASymbolicLink() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let target = sandbox.runtime + "/elsewhere"
        #expect(mkdir(target, 0o700) == 0)
        #expect(symlink(target, sandbox.directory) == 0)
        do {
            try InspectorDirectory.prepare(sandbox.directory)
            Issue.record("a symbolic link was accepted")
        } catch {
            #expect(error.description.contains("symbolic link"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
    }

    @Test func refusesAFolderOfAnotherUser() throws {
        guard geteuid() == 0 else {
            print("skipped: only root can give a folder to another user (running as uid \(geteuid()))")
            return
        }
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        #expect(mkdir(sandbox.directory, 0o700) == 0)
        #expect(chown(sandbox.directory, 65534, 65534) == 0)
        do {
            try InspectorDirectory.prepare(sandbox.directory)
            Issue.record("another user's folder was accepted")
        } catch {
            #expect(error.description.contains("belongs to user 65534"))
        }
    }

    @Test func removesItsSocketWhenTheStoreGoesAway() async throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        var path = ""
        do {
            let (store, endpoint) = try makeInspectedStore(sandbox)
            path = endpoint.socketPath
            store.dispatch(AddTodo(title: "milk"))
            #expect(FileManager.default.fileExists(atPath: path))
        }
        try await eventually("the socket is removed") { !FileManager.default.fileExists(atPath: path) }
    }

    @Test func removesStaleSocketsOfProcessesThatEnded() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/sh")
        finished.arguments = ["-c", "exit 0"]
        try finished.run()
        try waitForExit(of: finished, "sh -c 'exit 0'", timeout: 10)
        let deadPID = finished.processIdentifier
        try #require(kill(deadPID, 0) == -1 && errno == ESRCH)

        #expect(mkdir(sandbox.directory, 0o700) == 0)
        let stale = sandbox.directory + "/old.\(deadPID).sock"
        let alive = sandbox.directory + "/other.1.sock"  // pid 1 is always alive
        let unrelated = sandbox.directory + "/notes.txt"
        for path in [stale, alive, unrelated] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        }
        let (_, endpoint) = try makeInspectedStore(sandbox)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: alive))
        #expect(FileManager.default.fileExists(atPath: unrelated))
        #expect(FileManager.default.fileExists(atPath: endpoint.socketPath))
    }

    @Test func aSecondStoreInTheSameProcessGetsItsOwnSocket() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (_, first) = try makeInspectedStore(sandbox)
        let (_, second) = try makeInspectedStore(sandbox)
        #expect(first.socketPath != second.socketPath)
        let name = (second.socketPath as NSString).lastPathComponent
        let parsed = try #require(InspectorDirectory.parse(name))
        #expect(parsed.app == "demo")
        #expect(parsed.pid == getpid())
        #expect(parsed.instance > 1)
    }

    @Test func keepsAppNamesToSafeCharacters() {
        #expect(InspectorDirectory.sanitized("todo") == "todo")
        #expect(InspectorDirectory.sanitized("../evil.app") == "___evil_app")
        #expect(InspectorDirectory.sanitized("") == "app")
        #expect(InspectorDirectory.parse("todo.12.sock")?.pid == 12)
        #expect(InspectorDirectory.parse("todo.x.sock") == nil)
        #expect(InspectorDirectory.parse("todo.12.1.sock") == nil)
    }

    @Test func usesAPerUserFolderInTheTemporaryFolderWithoutXDG_RUNTIME_DIR() {
        #expect(
            InspectorDirectory.path(environment: ["TMPDIR": "/var/tmp"])
                == "/var/tmp/reswift-inspect-\(geteuid())")
        #expect(InspectorDirectory.path(environment: [:]) == "/tmp/reswift-inspect-\(geteuid())")
        #expect(
            InspectorDirectory.path(environment: ["XDG_RUNTIME_DIR": "/run/user/7"])
                == "/run/user/7/reswift-inspect")
    }
}
