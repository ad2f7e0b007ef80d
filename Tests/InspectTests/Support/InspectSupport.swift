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

struct InspectTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A short folder to use as `XDG_RUNTIME_DIR`, and an inspected store in this process.
final class InspectedApp {
    /// A short folder, so that the app's socket path fits `sun_path`.
    private let folder: TemporaryDirectory
    let runtime: String
    let store: Store<ShoppingState>
    let endpoint: InspectorEndpoint

    init(app: String = "shopping") throws {
        folder = try TemporaryDirectory(prefix: "rit", shortPath: true)
        runtime = folder.path
        let started = Locked<InspectorEndpoint?>(nil)
        let middleware: Middleware<ShoppingState> = makeInspectorMiddleware(
            app: app, environment: ["RESWIFT_INSPECT": "1", "XDG_RUNTIME_DIR": runtime]
        ) { endpoint in started.withLock { $0 = endpoint } }
        store = Store(reducer: shoppingReducer, state: nil, middleware: [middleware])
        guard let endpoint = started.withLock({ $0 }) else { throw InspectTestError("no endpoint") }
        self.endpoint = endpoint
    }

    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime] }
}

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

/// Records a session of `app` with the built `reswift-inspect record` into `file` while
/// `actions` runs, which must end with `SetNote(note: "done")`, the sign that every action is in.
func recordSession(_ app: InspectedApp, to file: String, actions: (Store<ShoppingState>) -> Void) async throws
{
    let record = try LaunchedProcess(
        product: "reswift-inspect", arguments: ["record", "shopping", "--to", file],
        environment: app.environment)
    try await eventually("the recorder has the initial state") {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.contains(#""type":"state""#)
    }
    actions(app.store)
    try await eventually("every action is recorded") {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.contains(#""note":"done""#)
    }
    record.kill()
    _ = try record.waitForExit()
}
