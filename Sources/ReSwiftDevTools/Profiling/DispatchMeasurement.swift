import ReSwift

/// What one dispatched action cost: the time its middleware, the reducer and each subscriber
/// took, and where it came from.
///
/// A store with a ``StoreInstrumentation`` fills one per action. Times are nanoseconds on a
/// monotonic clock, measured on the dispatching thread.
public struct DispatchMeasurement: Sendable {
    /// The dynamic type of the action, e.g. `AddTodo.self`. (`Any.Type` rather than
    /// `any Action.Type`, which is not `Sendable` because `Action` isn't.)
    public var actionType: Any.Type

    /// Where the action was dispatched from.
    public var origin: DispatchOrigin

    /// Time in the middleware chain before the action reached the reducer (or, when a
    /// middleware did not pass the action on, until the chain returned).
    ///
    /// Time spent processing other actions that middleware dispatched meanwhile (a thunk's
    /// dispatches) is not included: those actions have their own measurements.
    public var middlewareNanoseconds: UInt64

    /// Time in the store's reducer, or `nil` when the action never reached it (a middleware,
    /// such as the thunk middleware, swallowed it).
    public var reducerNanoseconds: UInt64?

    /// The subscribers the store called with the new state, in the order it called them, each
    /// with the time its `newState` (or closure) took, including time in the subscription's
    /// selection and repeat-skipping (and the store's few nanoseconds of bookkeeping before
    /// the call). Empty when the action never reached the reducer.
    public var subscribers: [SubscriberMeasurement]

    /// Creates a measurement.
    ///
    /// - Parameters:
    ///   - actionType: The dynamic type of the action.
    ///   - origin: Where the action was dispatched from.
    ///   - middlewareNanoseconds: Time in the middleware chain, without nested dispatches.
    ///   - reducerNanoseconds: Time in the reducer, or `nil` when the action didn't reach it.
    ///   - subscribers: Time in each subscriber, in notification order.
    public init(
        actionType: any Action.Type,
        origin: DispatchOrigin,
        middlewareNanoseconds: UInt64,
        reducerNanoseconds: UInt64?,
        subscribers: [SubscriberMeasurement]
    ) {
        self.actionType = actionType
        self.origin = origin
        self.middlewareNanoseconds = middlewareNanoseconds
        self.reducerNanoseconds = reducerNanoseconds
        self.subscribers = subscribers
    }

    /// The action type's name as written in code, e.g. `"AddTodo"` or `"Thunk<AppState>"`.
    public var actionTypeName: String {
        String(describing: actionType)
    }

    /// The time in the subscribers, added up.
    public var subscribersNanoseconds: UInt64 {
        subscribers.reduce(0) { $0 &+ $1.nanoseconds }
    }

    /// Middleware, reducer and subscribers added up: the action's own cost.
    public var totalNanoseconds: UInt64 {
        middlewareNanoseconds &+ (reducerNanoseconds ?? 0) &+ subscribersNanoseconds
    }
}

/// The time one subscriber took to handle one new state.
public struct SubscriberMeasurement: Sendable {
    /// Which subscriber it was, by type.
    public var subscriber: SubscriberKind

    /// Time in the subscriber, its selection and its repeat-skipping.
    public var nanoseconds: UInt64

    /// Creates a subscriber measurement.
    ///
    /// - Parameters:
    ///   - subscriber: Which subscriber it was.
    ///   - nanoseconds: The time it took.
    public init(subscriber: SubscriberKind, nanoseconds: UInt64) {
        self.subscriber = subscriber
        self.nanoseconds = nanoseconds
    }
}
