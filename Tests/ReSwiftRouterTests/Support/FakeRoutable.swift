import Dispatch
import Foundation
@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

@testable import ReSwiftRouter

/// How a ``FakeRoutable`` calls the completion handlers it is given.
enum CompletionStyle: Sendable {
    /// Calls it before returning, on the calling thread.
    case synchronous
    /// Calls it later on a global queue (another thread).
    case asynchronous
    /// Keeps it in the log; the test calls it with ``RoutingLog/completePending()``.
    case manual
    /// Never calls it.
    case never
    /// Calls it twice, before returning.
    case twice
}

/// A thread-safe record of the calls Routables received, shared by a tree of ``FakeRoutable``s.
final class RoutingLog: Sendable {
    private struct Contents {
        var events: [String] = []
        var pendingCompletions: [RoutingCompletionHandler] = []
    }

    private let contents = Locked(Contents())

    var events: [String] { contents.withLock { $0.events } }

    var pendingCount: Int { contents.withLock { $0.pendingCompletions.count } }

    func record(_ event: String) {
        contents.withLock { $0.events.append(event) }
    }

    func keep(_ completion: @escaping RoutingCompletionHandler) {
        contents.withLock { $0.pendingCompletions.append(completion) }
    }

    /// Takes the oldest kept completion handler out of the log.
    private func takePending() -> RoutingCompletionHandler? {
        contents.withLock { $0.pendingCompletions.isEmpty ? nil : $0.pendingCompletions.removeFirst() }
    }

    /// Calls the oldest kept completion handler, from a global queue.
    func completePending() {
        guard let completion = takePending() else { return }
        DispatchQueue.global().async { completion() }
    }

    /// Calls the oldest kept completion handler on this thread, before returning.
    func completePendingHere() {
        takePending()?()
    }

    /// Waits (without blocking a thread) until `condition` holds for the events, for at most 10 s.
    ///
    /// - Throws: `TestSupportError` when it didn't hold in time.
    func wait(
        until condition: ([String]) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await eventually("the routing events to match", sourceLocation: sourceLocation) {
            condition(events)
        }
    }

    /// Waits until a completion handler is kept, for at most 10 s.
    ///
    /// - Throws: `TestSupportError` when none was kept in time.
    func waitForPendingCompletion(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await eventually("a routable to keep its completion handler", sourceLocation: sourceLocation) {
            pendingCount > 0
        }
    }
}

/// A Routable that records each call as `"<name>.push(x)"`, `"<name>.pop(x)"` or
/// `"<name>.change(x→y)"`, and returns a child named after the segment it showed.
struct FakeRoutable: Routable {
    let name: String
    let log: RoutingLog
    let style: CompletionStyle

    init(name: String = "root", log: RoutingLog, style: CompletionStyle) {
        self.name = name
        self.log = log
        self.style = style
    }

    func pushRouteSegment(
        _ routeElementIdentifier: RouteElement, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        log.record("\(name).push(\(routeElementIdentifier))\(animated ? "" : " instantly")")
        finish(completionHandler)
        return FakeRoutable(name: routeElementIdentifier, log: log, style: style)
    }

    func popRouteSegment(
        _ routeElementIdentifier: RouteElement, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) {
        log.record("\(name).pop(\(routeElementIdentifier))\(animated ? "" : " instantly")")
        finish(completionHandler)
    }

    func changeRouteSegment(
        _ from: RouteElement, to: RouteElement, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        log.record("\(name).change(\(from)→\(to))\(animated ? "" : " instantly")")
        finish(completionHandler)
        return FakeRoutable(name: to, log: log, style: style)
    }

    private func finish(_ completionHandler: @escaping RoutingCompletionHandler) {
        switch style {
        case .synchronous:
            completionHandler()
        case .asynchronous:
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(2)) { completionHandler() }
        case .manual:
            log.keep(completionHandler)
        case .never:
            break
        case .twice:
            completionHandler()
            completionHandler()
        }
    }
}

/// A Routable that can only push; its pops and changes use the protocol's default implementations.
struct PushOnlyRoutable: Routable {
    let log: RoutingLog

    func pushRouteSegment(
        _ routeElementIdentifier: RouteElement, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        log.record("pushOnly.push(\(routeElementIdentifier))")
        completionHandler()
        return self
    }
}

/// Collects the issues a router reports.
final class IssueCollector: Sendable {
    private let storedIssues = Locked<[RoutingIssue]>([])

    var issues: [RoutingIssue] { storedIssues.withLock { $0 } }

    func collect(_ issue: RoutingIssue) {
        storedIssues.withLock { $0.append(issue) }
    }
}

/// Step timeouts that a test fires by hand instead of waiting for them, for a ``RouteDriver``.
final class ManualTimers: Sendable {
    private let started = Locked<[DispatchWorkItem]>([])

    /// Keeps each timeout the driver starts.
    var starter: RouteDriver.TimerStarter {
        { [started] _, work in started.withLock { $0.append(work) } }
    }

    /// How many timeouts were started and not fired yet.
    var pendingCount: Int { started.withLock { $0.count } }

    /// Fires the oldest timeout not fired yet, on this thread (a cancelled one does nothing).
    func fireNext() {
        let work = started.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        if let work, !work.isCancelled { work.perform() }
    }
}
