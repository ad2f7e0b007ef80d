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

/// Where an app's inspector socket goes: a relative `XDG_RUNTIME_DIR` (or `TMPDIR`) is ignored,
/// as the XDG spec says and as ReSwiftPersistence does, instead of putting the socket under
/// whatever folder the app was started in.
@Suite struct InspectorDirectoryTests {
    @Test func aRelativeRuntimeOrTemporaryFolderIsIgnored() {
        let perUser = "/tmp/reswift-inspect-\(geteuid())"
        #expect(
            InspectorDirectory.candidates(environment: ["XDG_RUNTIME_DIR": "run/user", "TMPDIR": "tmp"]) == [
                perUser
            ])
        #expect(
            InspectorDirectory.candidates(environment: ["XDG_RUNTIME_DIR": "/run/user/1", "TMPDIR": "/var/t"])
                == [
                    "/run/user/1/reswift-inspect", "/var/t/reswift-inspect-\(geteuid())", perUser,
                ])
    }

    @Test func anEndpointWithARelativeRuntimeFolderListensInTheTemporaryFolder() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let started = Collected<InspectorEndpoint>()
        let middleware: Middleware<TodoState> = makeInspectorMiddleware(
            app: "relative",
            environment: [
                "RESWIFT_INSPECT": "1", "XDG_RUNTIME_DIR": "relative-run", "TMPDIR": sandbox.runtime,
            ]
        ) { started.append($0) }
        let store = Store(reducer: todoReducer, state: nil, middleware: [middleware])
        store.dispatch(AddTodo(title: "a"))
        let endpoint = try #require(started.all.first)
        #expect(
            endpoint.socketPath.hasPrefix(sandbox.runtime + "/reswift-inspect-\(geteuid())/"),
            "\(endpoint.socketPath)")
        #expect(!FileManager.default.fileExists(atPath: "relative-run"))
    }
}
