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

@Suite(.serialized, .timeLimit(.minutes(3))) struct InspectorSocketTests {
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
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).isEmpty)
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
        let stale = [sandbox.directory + "/\(deadPID).sock", sandbox.directory + "/\(deadPID).app"]
        let alive = [sandbox.directory + "/1.sock", sandbox.directory + "/1.app"]  // pid 1 is always alive
        let unrelated = [sandbox.directory + "/notes.txt", sandbox.directory + "/\(deadPID).sock.bak"]
        for path in stale + alive + unrelated {
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        }
        let (_, endpoint) = try makeInspectedStore(sandbox)
        for path in stale { #expect(!FileManager.default.fileExists(atPath: path)) }
        for path in alive + unrelated { #expect(FileManager.default.fileExists(atPath: path)) }
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
        #expect(parsed.pid == getpid())
        #expect(parsed.instance > 1)
        #expect(parsed.kind == .socket)
        let listed = try InspectableProcess.all(environment: sandbox.environment)
        #expect(listed.map(\.app) == ["demo", "demo"])
        #expect(Set(listed.map(\.socketPath)) == [first.socketPath, second.socketPath])
    }

    @Test func keepsAppNamesToSafeCharacters() {
        #expect(InspectorDirectory.sanitized("todo") == "todo")
        #expect(InspectorDirectory.sanitized("../evil.app") == "___evil_app")
        #expect(InspectorDirectory.sanitized("") == "app")
        #expect(InspectorDirectory.sanitized(String(repeating: "a", count: 300)).count == 100)
        #expect(InspectorDirectory.parse("12.sock")?.pid == 12)
        #expect(InspectorDirectory.parse("12.3.app")?.instance == 3)
        #expect(InspectorDirectory.parse("12.3.app")?.kind == .metadata)
        for name in ["todo.12.sock", "x.sock", "12.1.sock", "+12.sock", "12.sock.tmp", "12", ".sock"] {
            #expect(InspectorDirectory.parse(name) == nil, "\(name)")
        }
    }

    @Test func usesAPerUserFolderInTheTemporaryFolderWithoutXDG_RUNTIME_DIR() throws {
        #expect(
            try InspectorDirectory.path(environment: ["TMPDIR": "/var/tmp"])
                == "/var/tmp/reswift-inspect-\(geteuid())")
        #expect(try InspectorDirectory.path(environment: [:]) == "/tmp/reswift-inspect-\(geteuid())")
        #expect(
            try InspectorDirectory.path(environment: ["XDG_RUNTIME_DIR": "/run/user/7"])
                == "/run/user/7/reswift-inspect")
        // A folder that leaves no room for a socket's name is passed over, for the next.
        let deep = "/" + String(repeating: "d", count: UnixSocket.maximumPathLength - 30)
        #expect(
            try InspectorDirectory.path(environment: ["XDG_RUNTIME_DIR": deep, "TMPDIR": "/var/tmp"])
                == "/var/tmp/reswift-inspect-\(geteuid())")
        #expect(
            try InspectorDirectory.path(environment: ["TMPDIR": deep]) == "/tmp/reswift-inspect-\(geteuid())")
    }

    /// A folder `length` characters long, under a fresh one in `/tmp`, like an iOS app's container.
    private func deepFolder(length: Int) throws -> (root: String, path: String) {
        let root = "/tmp/ri-" + UUID().uuidString.prefix(8).lowercased()
        var path = root
        while path.count < length {
            path += "/" + String(repeating: "d", count: min(30, max(1, length - path.count - 1)))
        }
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return (root, path)
    }

    @Test func listensWhenTheTemporaryFolderIsTooLongForASocketPath() throws {
        // An iOS app's TMPDIR is about 90 characters; with the per-user folder and a name, more
        // than the 104 bytes a socket address holds on Darwin (108 on Linux).
        let (root, temporary) = try deepFolder(length: UnixSocket.maximumPathLength - 10)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = ["RESWIFT_INSPECT": "1", "TMPDIR": temporary]
        let started = Collected<InspectorEndpoint>()
        let middleware: Middleware<TodoState> = makeInspectorMiddleware(
            app: "deep-tmpdir", environment: environment
        ) { started.append($0) }
        let store = Store(reducer: todoReducer, state: nil, middleware: [middleware])
        let endpoint = try #require(started.all.first, "the endpoint did not start")
        #expect(endpoint.socketPath.utf8.count <= UnixSocket.maximumPathLength)
        let found = try InspectableProcess.all(environment: environment).filter { $0.pid == getpid() }
        #expect(found.map(\.app).contains("deep-tmpdir"))
        let client = try InspectorTestClient(path: endpoint.socketPath)
        #expect(try client.next("hello")["app"] as? String == "deep-tmpdir")
        store.dispatch(AddTodo(title: "milk"))
        #expect(try client.next("action")["action"] as? String == "AddTodo")
    }

    @Test func aLongAppNameInADeepRuntimeFolderStillListensAndIsFoundByName() throws {
        let (root, runtime) = try deepFolder(length: 60)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = ["RESWIFT_INSPECT": "1", "XDG_RUNTIME_DIR": runtime]
        let app = "a-rather-long-application-name-" + String(repeating: "x", count: 30)
        let started = Collected<InspectorEndpoint>()
        let middleware: Middleware<TodoState> = makeInspectorMiddleware(
            app: app, environment: environment
        ) { started.append($0) }
        let store = Store(reducer: todoReducer, state: nil, middleware: [middleware])
        let endpoint = try #require(started.all.first, "the endpoint did not start")
        #expect(endpoint.socketPath.hasPrefix(runtime + "/reswift-inspect/"))
        let found = try InspectableProcess.all(environment: environment)
        #expect(found.map(\.app) == [app])
        #expect(found.first?.socketPath == endpoint.socketPath)
        store.dispatch(AddTodo(title: "milk"))
    }
}
