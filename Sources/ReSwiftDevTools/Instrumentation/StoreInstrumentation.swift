@_spi(ReSwiftInternal) import InternalReSwiftUtilities
import ReSwift

/// Receives what each dispatch cost and where it came from: the hook a profiler attaches to a
/// store.
///
/// A store with an instrumentation measures every action it processes and calls
/// ``storeDidDispatch(_:)`` once per action, on the dispatching thread, when the action has gone
/// through the middleware, the reducer and every subscriber:
///
/// ```swift
/// final class SlowDispatchLog: StoreInstrumentation {
///     func storeDidDispatch(_ measurement: DispatchMeasurement) {
///         if measurement.totalNanoseconds > 16_000_000 {
///             print("slow:", measurement.actionTypeName, measurement.origin.callSite?.description ?? "")
///         }
///     }
/// }
/// store.instrumentation = SlowDispatchLog()
/// ```
///
/// ## The store's side of the contract
///
/// - **Installing.** A store holds at most one instrumentation, in its `instrumentation`
///   property (to fan out to several, write one that forwards). The store does not keep a
///   measurement after the call.
/// - **Cost when unused.** With no instrumentation, a dispatch without a call site creates no
///   measurement, reads no clock and touches no thread-local storage: the dispatch path checks
///   one flag (set while an instrumentation, a call site or a traced action is present) and goes
///   on as before.
/// - **Call sites.** The store offers a way to dispatch that records `#fileID` and `#line` (as a
///   `CallSite`) while code that overrides ReSwift 6.1's `open func dispatch(_ action:)` still
///   compiles; a dispatch made that way carries its call site in ``DispatchOrigin/callSite``.
/// - **Parents.** An action dispatched while the store runs another action's middleware on the
///   same thread has ``DispatchParent/middleware(_:)`` as its parent; one deferred from
///   `newState` has ``DispatchParent/subscriber(_:)``.
/// - **Filling it cheaply.** ``DispatchThread/current`` is looked up once per thread;
///   ``SubscriberKind`` holds the metatype a subscription keeps from the moment it is made;
///   times are read from a clock that never jumps. The store's side is one hook (in `ReSwift`)
///   that runs each action, its reducer and its notification through this module's probe;
///   measuring, threads and origins are this module's.
/// - **One call per action, in completion order.** An action a thunk dispatches synchronously
///   finishes, and is reported, before the thunk's own action; an action a subscriber dispatches
///   from `newState` is reported after the action whose notification deferred it. Each report
///   counts only its own action's work (see ``DispatchMeasurement/middlewareNanoseconds``), so
///   adding up reports never counts time twice. The reports of actions dispatched while another
///   was being processed on the thread are held until that outermost action is done, then made
///   together, in that order, before its `dispatch` returns.
/// - **Synchronous, on the dispatching thread,** before `dispatch` returns, and possibly while
///   the store's dispatch lock is held: an implementation must be quick, must not dispatch to
///   the same store, and must be safe to call from any thread (hence `Sendable`).
/// - **Origin.** While an instrumented store processes an action, the action's
///   ``DispatchOrigin`` is ``DispatchOrigin/current`` on that thread, so middleware (a logger, a
///   recorder) can read its call site.
public protocol StoreInstrumentation: AnyObject, Sendable {
    /// Called once for each action the store processed, after its last subscriber returned.
    ///
    /// - Parameter measurement: The action's type, origin and timings.
    func storeDidDispatch(_ measurement: DispatchMeasurement)
}

extension Store {
    /// What measures each dispatch of this store (a profiler), or `nil` for nothing.
    ///
    /// Starts as `ReSwiftHooks.defaultInstrumentation` was when the store was created.
    /// With `nil`, dispatching costs what it did before instrumentation existed. See
    /// ``StoreInstrumentation`` for what the store reports and when.
    public var instrumentation: (any StoreInstrumentation)? {
        get { (probe as? InstrumentationProbe)?.instrumentation }
        set { probe = newValue.map { InstrumentationProbe($0) } }
    }

    /// Measures this store's dispatches with `instrumentation`, reading time from `clock`: for
    /// tests, which advance a clock of their own.
    func instrument(with instrumentation: any StoreInstrumentation, clock: any NanosecondClock) {
        probe = InstrumentationProbe(instrumentation, clock: clock)
    }
}

extension ReSwiftHooks {
    /// The instrumentation every store created from now on starts with; `nil` (the default) for
    /// none.
    ///
    /// Lets an app profile all its stores with one line at launch, wherever in its code they are
    /// created:
    ///
    /// ```swift
    /// let profiler = DispatchProfiler.fromEnvironment()  // nil unless RESWIFT_PROFILE=1
    /// ReSwiftHooks.defaultInstrumentation = profiler
    /// ```
    ///
    /// A store reads it once, when it is created, and keeps what it read in its own
    /// `instrumentation` property; setting it later doesn't change existing stores.
    public static var defaultInstrumentation: (any StoreInstrumentation)? {
        get { defaultInstrumentationStorage.current }
        set {
            defaultInstrumentationStorage.withLock {
                $0 = newValue
                if let newValue {
                    makeDefaultProbe.withLock { $0 = { InstrumentationProbe(newValue) } }
                } else {
                    makeDefaultProbe.withLock { $0 = nil }
                }
            }
        }
    }
}

/// Where `ReSwiftHooks.defaultInstrumentation` lives.
private let defaultInstrumentationStorage = Locked<(any StoreInstrumentation)?>(nil)
