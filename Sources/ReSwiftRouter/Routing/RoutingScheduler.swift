import Dispatch

/// Where a ``Router`` calls its ``Routable``s.
///
/// The router never blocks a thread while it waits for a step's completion handler: it performs
/// each step through its scheduler, and the next one once the handler was called.
///
/// ```swift
/// // UIKit: call Routables on the main queue, as ReSwift-Router did.
/// let router = Router(store: store, rootRoutable: root, scheduler: .main) { $0.select(\.navigationState) }
///
/// // A terminal app: hop to the UI loop.
/// let router = Router(store: store, rootRoutable: root, scheduler: RoutingScheduler { work in
///     eventLoop.post(work)
/// }) { $0.select(\.navigationState) }
/// ```
public struct RoutingScheduler: Sendable {
    let schedule: (@Sendable (_ work: @escaping @Sendable () -> Void) -> Void)?

    /// Creates a scheduler that hands each step to a function, such as an event loop's `post`.
    ///
    /// - Parameter schedule: Runs `work` once, on the thread or queue the Routables belong to. It
    ///   may run it at once or later, but must not drop it.
    public init(_ schedule: @escaping @Sendable (_ work: @escaping @Sendable () -> Void) -> Void) {
        self.schedule = schedule
    }

    private init() {
        self.schedule = nil
    }

    /// Calls Routables at once, on the thread that dispatched the route change (the store notifies
    /// the router there) or that called the previous step's completion handler. The default.
    ///
    /// The next step then runs inside that completion handler call, so don't call a completion
    /// handler while holding a lock your Routables take.
    public static let immediate = RoutingScheduler()

    /// Calls Routables asynchronously on a dispatch queue.
    ///
    /// - Parameter queue: The queue the Routables belong to.
    /// - Returns: The scheduler.
    public static func queue(_ queue: DispatchQueue) -> RoutingScheduler {
        RoutingScheduler { work in queue.async(execute: work) }
    }

    /// Calls Routables asynchronously on the main queue, as ReSwift-Router did. Use it for UIKit and
    /// AppKit; the main queue must be serviced (an app's run loop, or `dispatchMain()`).
    public static var main: RoutingScheduler {
        .queue(.main)
    }

    func run(_ work: @escaping @Sendable () -> Void) {
        if let schedule {
            schedule(work)
        } else {
            work()
        }
    }
}
