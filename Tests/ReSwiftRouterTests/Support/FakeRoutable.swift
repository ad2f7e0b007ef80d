import Dispatch
import Foundation
import ReSwiftRouter

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
final class RoutingLog: @unchecked Sendable {  // all mutable state is guarded by `lock`
    private let lock = NSLock()
    private var storedEvents: [String] = []
    private var storedThreads: [String] = []
    private var pendingCompletions: [RoutingCompletionHandler] = []

    var events: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storedEvents
    }

    var pendingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return pendingCompletions.count
    }

    func record(_ event: String) {
        lock.lock()
        storedEvents.append(event)
        lock.unlock()
    }

    func keep(_ completion: @escaping RoutingCompletionHandler) {
        lock.lock()
        pendingCompletions.append(completion)
        lock.unlock()
    }

    /// Calls the oldest kept completion handler, from a global queue.
    func completePending() {
        lock.lock()
        let completion = pendingCompletions.isEmpty ? nil : pendingCompletions.removeFirst()
        lock.unlock()
        guard let completion else { return }
        DispatchQueue.global().async { completion() }
    }

    /// Waits (without blocking a thread) until `condition` holds for the events, for at least 20 s.
    /// - Returns: Whether it held.
    func wait(until condition: @escaping ([String]) -> Bool) async -> Bool {
        for _ in 0..<20_000 {
            if condition(events) { return true }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return condition(events)
    }

    /// Waits until a completion handler is kept, for at least 20 s.
    func waitForPendingCompletion() async -> Bool {
        for _ in 0..<20_000 {
            if pendingCount > 0 { return true }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return false
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
final class IssueCollector: @unchecked Sendable {  // `storedIssues` is guarded by `lock`
    private let lock = NSLock()
    private var storedIssues: [RoutingIssue] = []

    var issues: [RoutingIssue] {
        lock.lock()
        defer { lock.unlock() }
        return storedIssues
    }

    func collect(_ issue: RoutingIssue) {
        lock.lock()
        storedIssues.append(issue)
        lock.unlock()
    }

    func wait(forCount count: Int) async -> Bool {
        for _ in 0..<20_000 {
            if issues.count >= count { return true }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return false
    }
}
