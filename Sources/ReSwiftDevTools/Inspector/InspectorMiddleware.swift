import Foundation
import ReSwift

/// Creates a middleware that lets `reswift-inspect` attach to the app, when the environment
/// variable `RESWIFT_INSPECT` is `1`.
///
/// Add it where the store is built; it is the only line an app needs:
///
/// ```swift
/// let store = Store(
///     reducer: appReducer,
///     state: nil,
///     middleware: [createInspectorMiddleware(app: "todo")]
/// )
/// ```
///
/// When `RESWIFT_INSPECT` isn't `1` the middleware hands each action straight on: the store's
/// dispatch function is the same as without it. When it is, the store listens on a Unix domain
/// socket named `<pid>.sock` (with the app's name beside it in `<pid>.app`) in a folder only the
/// user can open: `$XDG_RUNTIME_DIR/reswift-inspect`, else `reswift-inspect-<uid>` in `TMPDIR`,
/// else in `/tmp`, the first that leaves room for a socket path (104 bytes on Apple platforms,
/// so an iOS app, whose container is deep, listens in `/tmp`). It accepts up to 16 connections,
/// from the same user only, and streams each action, its duration and the changes it made to the
/// state as JSON Lines. See <doc:InspectingARunningApp> for the protocol and the limits.
///
/// The app never waits on an inspector: a slow or stopped one misses events (and is told how
/// many), a disconnecting one is dropped. If the socket can't be set up, one line on standard
/// error says why and the app runs uninspected.
///
/// - Parameters:
///   - app: The app's name, as `reswift-inspect list` shows it and `reswift-inspect tail` finds it.
///   - environment: Where `RESWIFT_INSPECT`, `XDG_RUNTIME_DIR` and `TMPDIR` are read; the
///     process's by default.
/// - Returns: The middleware.
public func createInspectorMiddleware<State>(
    app: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
) -> Middleware<State> {
    makeInspectorMiddleware(app: app, environment: environment) { _ in }
}

/// Whether `RESWIFT_INSPECT` asks for the inspector endpoint.
func isInspectorEnabled(_ environment: [String: String]) -> Bool {
    environment["RESWIFT_INSPECT"] == "1"
}

/// ``createInspectorMiddleware(app:environment:)``, handing the started endpoint to `started`.
func makeInspectorMiddleware<State>(
    app: String,
    environment: [String: String],
    limits: InspectorEndpoint.Limits = .init(),
    peerUserID: @escaping @Sendable (Int32) -> uid_t? = UnixSocket.peerUserID(of:),
    started: @escaping (InspectorEndpoint) -> Void
) -> Middleware<State> {
    guard isInspectorEnabled(environment) else {
        return { _, _ in { next in next } }
    }
    return { dispatch, getState in
        let endpoint: InspectorEndpoint
        do {
            endpoint = try InspectorEndpoint(
                app: app,
                stateType: String(
                    reflecting: (State.self as? any TimeTravelInspectable.Type)?.inspectedPresentType
                        ?? State.self),
                supportsTimeTravel: State.self is any TimeTravelInspectable.Type, environment: environment,
                limits: limits, peerUserID: peerUserID, currentState: { getState().map { $0 as Any } },
                dispatch: dispatch)
        } catch {
            LibraryOutput.message("reswift-inspect: not inspectable: \(error)\n")
            return { next in next }
        }
        started(endpoint)
        return { next in
            return { action in
                guard endpoint.isStreamingElseCount() else {
                    next(action)
                    return
                }
                let before = getState()
                let callSite = DispatchOrigin.current?.callSite?.description
                let time = Date().timeIntervalSince1970
                let start = DispatchTime.now().uptimeNanoseconds
                next(action)
                let duration = DispatchTime.now().uptimeNanoseconds &- start
                endpoint.capture(
                    action, before: before.map { $0 as Any }, after: getState().map { $0 as Any }, time: time,
                    durationNs: duration, callSite: callSite)
            }
        }
    }
}
