import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDiff
@_spi(Testing) import ReSwiftThunk

/// A store for tests that checks every state change and every action that thunks and middleware
/// dispatch.
///
/// `TestStore` runs your reducer and middleware in a real `Store`. Send actions and
/// describe how you expect the state to change; assert, with `receive`, the actions your thunks
/// dispatch; any difference fails the test with a readable diff of the two states:
///
/// ```swift
/// @Test func loadingBooks() async throws {
///     let store = TestStore(initialState: AppState(), reducer: appReducer)
///
///     store.send(SetQuery("swift")) { $0.query = "swift" }
///     try await store.send(loadBooks)            // awaits the async thunk
///     await store.receive(SearchStarted()) { $0.isLoading = true }
///     await store.receive(SearchFinished.self) {
///         $0.isLoading = false
///         $0.books = ["Swift in Depth"]
///     }
/// }
/// ```
///
/// By default a test store is exhaustive (``Exhaustivity/on``): each closure describes the whole
/// change (starting from the state as last asserted), every action a thunk or middleware
/// dispatches must be received in order before you send the next one, and when the test store
/// is released (or ``finish(timeout:fileID:file:line:column:)`` is called) unreceived actions
/// and async thunks still running fail the test. ``Exhaustivity/off`` relaxes all that.
///
/// Failures are reported to Swift Testing or XCTest, whichever runs the test, at the line of the
/// call that failed.
public final class TestStore<State>: @unchecked Sendable {
    // @unchecked Sendable: `settings` and `log` lock every access; `store` is Sendable; the
    // other properties are immutable.

    private struct Settings {
        var exhaustivity: Exhaustivity
        var timeout: TimeInterval
        /// The state as of the last assertion, which exhaustive closures start from.
        var expectedState: State
        /// Whether the end-of-test checks ran.
        var isFinished = false
    }

    /// The store the test store drives. Dispatching to it directly is like an effect
    /// dispatching: the actions must be received.
    public let store: Store<State>

    /// The clock of the store's effects: `TestStore` installs it in the thunk middleware and
    /// in every listener middleware of its store, replacing their clocks, so that debounced
    /// and throttled thunks, listeners' delays and `EffectEnvironment.sleep(for:)`
    /// wait on it. Time stands still until ``advance(by:fileID:file:line:column:)`` moves it.
    public let clock: TestClock

    private let log = TestStoreLog<State>()
    private let settings: Locked<Settings>
    private let creationSite: CallSite
    private let effects = Locked<[ThunkEffects]>([])

    /// Creates a test store.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer under test.
    ///   - middleware: The store's middleware; by default the thunk middleware.
    ///   - exhaustivity: How strictly to check; exhaustive by default.
    ///   - timeout: How long `receive` and `finish` wait by default, in seconds.
    ///   - clock: The clock of the store's effects (see ``clock``).
    ///   - fileID: The caller's file, where failures are reported; leave the default.
    ///   - filePath: The caller's file path, where failures are reported; leave the default.
    ///   - line: The caller's line, where failures are reported; leave the default.
    ///   - column: The caller's column, where failures are reported; leave the default.
    public init(
        initialState: State,
        reducer: @escaping Reducer<State>,
        middleware: [Middleware<State>] = [createThunkMiddleware()],
        exhaustivity: Exhaustivity = .on,
        timeout: TimeInterval = 1,
        clock: TestClock = TestClock(),
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let log = self.log
        self.clock = clock
        self.creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        self.settings = Locked(
            Settings(exhaustivity: exhaustivity, timeout: timeout, expectedState: initialState))
        let recording: Middleware<State> = { _, getState in
            return { next in
                return { action in
                    let sent = action as? SentAction
                    log.enter(isSent: sent != nil, state: sent != nil ? getState() : nil)
                    defer { log.leave() }
                    let inner = sent?.action ?? action
                    if let thunk = inner as? any AsyncThunkTrackable {
                        next(thunk.tracked(by: log))
                    } else {
                        next(inner)
                    }
                }
            }
        }
        self.store = Store(
            reducer: { action, state in
                let newState = reducer(action, state)
                if !(action is EffectClockInstallation) {
                    log.reduced(action, to: newState, source: dispatchSource())
                }
                return newState
            },
            state: initialState,
            middleware: [recording] + middleware
        )
        let effects = self.effects
        store.dispatch(
            EffectClockInstallation(clock: clock) { installed in effects.withLock { $0.append(installed) } })
    }

    /// Creates a test store for an in-place reducer (`MutatingReducer`), the form
    /// `Store(reducer:state:)` takes; the other parameters are the classic form's.
    ///
    /// ```swift
    /// let store = TestStore(initialState: AppState(), reducer: reduceApp)  // (Action, inout AppState)
    /// store.send(AddTodo(title: "Milk")) { $0.todos = [Todo(title: "Milk")] }
    /// ```
    ///
    /// The test store keeps each state it checks, so here each action copies the state once.
    /// Like the classic form, and unlike `Store(reducer:state:)`, it doesn't reduce `ReSwiftInit`
    /// first: the test starts from `initialState` as given.
    public convenience init(
        initialState: State,
        reducer: @escaping MutatingReducer<State>,
        middleware: [Middleware<State>] = [createThunkMiddleware()],
        exhaustivity: Exhaustivity = .on,
        timeout: TimeInterval = 1,
        clock: TestClock = TestClock(),
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let classic: Reducer<State> = { action, state in
            var state = state ?? initialState
            reducer(action, &state)
            return state
        }
        self.init(
            initialState: initialState, reducer: classic, middleware: middleware, exhaustivity: exhaustivity,
            timeout: timeout, clock: clock, fileID: fileID, file: filePath, line: line, column: column)
    }

    deinit {
        if !settings.withLock({ $0.isFinished }) {
            checkEnd(at: creationSite)
        }
        for thunk in log.runningThunks { thunk.cancel?() }
    }

    // MARK: Settings

    /// How strictly this test store checks; you may change it between steps.
    public var exhaustivity: Exhaustivity {
        get { settings.withLock { $0.exhaustivity } }
        set { settings.withLock { $0.exhaustivity = newValue } }
    }

    /// How long `receive` and `finish` wait by default, in seconds.
    public var timeout: TimeInterval {
        get { settings.withLock { $0.timeout } }
        set { settings.withLock { $0.timeout = newValue } }
    }

    /// The store's current state.
    public var state: State {
        store.state
    }

    // MARK: Sending

    /// Sends an action and checks the state it produces.
    ///
    /// ```swift
    /// store.send(Increment()) { $0.count = 1 }
    /// ```
    ///
    /// Actions that thunks or middleware dispatch while handling it are kept for `receive(_:)`.
    /// An async thunk sent this way runs in the background; use ``send(_:fileID:file:line:column:)``
    /// with `try await` to wait for it.
    ///
    /// - Parameters:
    ///   - action: The action to send.
    ///   - updateStateToExpectedResult: Changes the state as last asserted into the state you
    ///     expect after this action; omit it when the state shouldn't change.
    ///   - fileID: The caller's file, where failures are reported; leave the default.
    ///   - filePath: The caller's file path, where failures are reported; leave the default.
    ///   - line: The caller's line, where failures are reported; leave the default.
    ///   - column: The caller's column, where failures are reported; leave the default.
    public func send(
        _ action: Action,
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        _ updateStateToExpectedResult: ((inout State) throws -> Void)? = nil
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        prepareToSend(action, at: site)
        store.dispatch(SentAction(action: action))
        let actual = log.finishSend() ?? store.state!
        assertState(actual, after: "\(action)", updateStateToExpectedResult, at: site)
    }

    /// Sends an async thunk and waits until its body has finished.
    ///
    /// ```swift
    /// let count = try await store.send(loadBooks)
    /// await store.receive(SearchFinished.self) { $0.books = ["Swift in Depth"] }
    /// ```
    ///
    /// - Parameters:
    ///   - thunk: The thunk to run. The store's middleware must include the thunk
    ///     middleware (it does by default).
    ///   - fileID: The caller's file, where failures are reported; leave the default.
    ///   - filePath: The caller's file path, where failures are reported; leave the default.
    ///   - line: The caller's line, where failures are reported; leave the default.
    ///   - column: The caller's column, where failures are reported; leave the default.
    /// - Returns: The value the thunk's body returned.
    /// - Throws: The error the thunk's body threw.
    @discardableResult
    public func send<Value: Sendable>(
        _ thunk: AsyncThunk<State, Value>,
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws -> Value {
        prepareToSend(thunk, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return try await store.dispatch(thunk)
    }

    private func prepareToSend(_ action: Action, at site: CallSite) {
        reportThunkFailures(at: site)
        let unreceived = log.takeReceived()
        guard let last = unreceived.last else { return }
        let exhaustivity = settings.withLock { settings in
            settings.expectedState = last.state
            return settings.exhaustivity
        }
        guard exhaustivity == .on else { return }
        reportFailure(
            """
            Must handle \(unreceived.count) received action(s) before sending \(action):
            \(list(unreceived))
            Assert them with receive(_:), or call skipReceivedActions() if they don't matter here.
            """,
            at: site)
    }

    // MARK: Receiving

    /// Checks that thunks or middleware dispatched an action equal to `expected`, waiting for it
    /// up to the timeout, and checks the state it produced.
    ///
    /// In exhaustive mode it must be the next received action; otherwise earlier ones are skipped.
    /// Three more overloads take the same parameters: one takes the action's type instead of
    /// the action (any action of that type will do), and a synchronous pair blocks the calling
    /// thread while it waits, for synchronous XCTest tests. Don't block that way in Swift
    /// Testing, which runs even synchronous tests on the shared concurrency threads: make the
    /// test `async` and `await` the receive.
    ///
    /// - Parameters:
    ///   - expected: The action expected next.
    ///   - timeout: How long to wait, in seconds; by default ``timeout``.
    ///   - updateStateToExpectedResult: Changes the state as last asserted into the state you
    ///     expect after this action; omit it when the state shouldn't change.
    ///   - fileID: The caller's file, where failures are reported; leave the default.
    ///   - filePath: The caller's file path, where failures are reported; leave the default.
    ///   - line: The caller's line, where failures are reported; leave the default.
    ///   - column: The caller's column, where failures are reported; leave the default.
    public func receive<A: Action & Equatable>(
        _ expected: A, timeout: TimeInterval? = nil, fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ updateStateToExpectedResult: ((inout State) throws -> Void)? = nil
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(.equal(to: expected), timeout, updateStateToExpectedResult, at: site)
    }

    /// Checks that thunks or middleware dispatched an action of type `type`, waiting for it up to
    /// the timeout, and checks the state it produced; the other parameters are those of the
    /// `receive` of an action.
    public func receive<A: Action>(
        _ type: A.Type, timeout: TimeInterval? = nil, fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ updateStateToExpectedResult: ((inout State) throws -> Void)? = nil
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(.ofType(type), timeout, updateStateToExpectedResult, at: site)
    }

    /// The `async` `receive` of an action, blocking the calling thread while it waits: the form
    /// for synchronous XCTest tests. `expected` is the action expected next.
    public func receive<A: Action & Equatable>(
        _ expected: A, timeout: TimeInterval? = nil, fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ updateStateToExpectedResult: ((inout State) throws -> Void)? = nil
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        receiveBlocking(.equal(to: expected), timeout, updateStateToExpectedResult, at: site)
    }

    /// The `async` `receive` of an action type, blocking the calling thread while it waits: the
    /// form for synchronous XCTest tests. `type` is the type of the action expected next.
    public func receive<A: Action>(
        _ type: A.Type, timeout: TimeInterval? = nil, fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ updateStateToExpectedResult: ((inout State) throws -> Void)? = nil
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        receiveBlocking(.ofType(type), timeout, updateStateToExpectedResult, at: site)
    }

    /// What a `receive` call expects.
    private struct Expected {
        var description: String
        /// The expected action itself, when there is one, to compare with what was received.
        var expected: Action?
        var matches: (Action) -> Bool

        /// An action equal to `expected`.
        static func equal<A: Action & Equatable>(to expected: A) -> Expected {
            Expected(description: "\(expected)", expected: expected) { ($0 as? A) == expected }
        }

        /// Any action of type `type`.
        static func ofType<A: Action>(_ type: A.Type) -> Expected {
            Expected(description: "an action of type \(type)", expected: nil) { $0 is A }
        }
    }

    private func receive(
        _ expected: Expected, _ timeout: TimeInterval?, _ update: ((inout State) throws -> Void)?,
        at site: CallSite
    ) async {
        let (deadline, isReceived) = startReceiving(expected, timeout, at: site)
        _ = await log.wait(until: deadline, for: isReceived)
        finishReceive(expected, timeout: timeout, update, at: site)
    }

    private func receiveBlocking(
        _ expected: Expected, _ timeout: TimeInterval?, _ update: ((inout State) throws -> Void)?,
        at site: CallSite
    ) {
        let (deadline, isReceived) = startReceiving(expected, timeout, at: site)
        _ = log.wait(until: deadline, for: isReceived)
        finishReceive(expected, timeout: timeout, update, at: site)
    }

    /// Reports the thunk failures so far, then says until when a `receive` waits, and for what:
    /// in exhaustive mode any received action (the next one must be the expected one), otherwise
    /// the expected one. The check runs with the log's lock held.
    private func startReceiving(
        _ expected: Expected, _ timeout: TimeInterval?, at site: CallSite
    ) -> (deadline: Date, isReceived: () -> Bool) {
        reportThunkFailures(at: site)
        let (exhaustivity, deadline) = waitSettings(timeout)
        let log = self.log
        if exhaustivity == .on { return (deadline, { log.hasReceivedUnlocked }) }
        return (deadline, { log.hasReceivedUnlocked(matching: expected.matches) })
    }

    private func waitSettings(_ timeout: TimeInterval?) -> (Exhaustivity, Date) {
        settings.withLock { ($0.exhaustivity, Date(timeIntervalSinceNow: timeout ?? $0.timeout)) }
    }

    private func finishReceive(
        _ expected: Expected,
        timeout: TimeInterval?,
        _ update: ((inout State) throws -> Void)?,
        at site: CallSite
    ) {
        let exhaustivity = self.exhaustivity
        let seconds = timeout ?? self.timeout
        if exhaustivity == .on {
            guard let next = log.takeReceived(through: { _ in true })?.match else {
                reportFailure(noActionMessage(expected.description, seconds: seconds), at: site)
                return
            }
            guard expected.matches(next.action) else {
                settings.withLock { $0.expectedState = next.state }
                reportFailure(
                    """
                    Expected to receive \(expected.description), but received \(next.description).
                    \(expected.expected.flatMap { sameTypeDifferences(expected: $0, received: next.action) } ?? "")
                    """.trimmingCharacters(in: .newlines),
                    at: site)
                return
            }
            assertState(next.state, after: "\(next.action)", update, at: site)
        } else {
            guard let match = log.takeReceived(through: expected.matches)?.match else {
                reportFailure(noActionMessage(expected.description, seconds: seconds), at: site)
                return
            }
            assertState(match.state, after: "\(match.action)", update, at: site)
        }
    }

    private func noActionMessage(_ expected: String, seconds: TimeInterval) -> String {
        let received = log.receivedActions
        let running = log.runningThunks.map(\.description)
        var message = "Expected to receive \(expected) within \(seconds) s, but "
        message += received.isEmpty ? "nothing was received." : "received only:\n\(list(received))"
        if !running.isEmpty {
            message += "\nAsync thunks still running:\n" + running.map { "  - \($0)" }.joined(separator: "\n")
            message += "\nRaise the timeout (store.timeout or receive(_:timeout:)) if they are slow."
        }
        return message
    }

    /// Drops the received actions not asserted yet, so the next `send` doesn't fail for them.
    public func skipReceivedActions() {
        let skipped = log.takeReceived()
        if let last = skipped.last {
            settings.withLock { $0.expectedState = last.state }
        }
    }

    /// Cancels the async thunks still running, so the end of the test doesn't fail for them.
    public func cancelRunningThunks() {
        for thunk in log.runningThunks { thunk.cancel?() }
    }

    // MARK: Time

    /// Moves the store's ``clock`` forward by `duration`, running everything due on the way:
    /// debounced and throttled thunks, listeners' delays, pollers. When it returns, the actions
    /// they dispatched are reduced and waiting for `receive`.
    ///
    /// ```swift
    /// store.send(search("swift") as Action)          // debounced by 300 ms
    /// await store.advance(by: .milliseconds(300))
    /// await store.receive(SearchFinished.self) { $0.books = ["Swift in Depth"] }
    /// ```
    ///
    /// No real time passes: see `TestClock` for how it runs what is due deterministically.
    /// Fails the test if `duration` is negative or NaN (time doesn't move), or if an effect was
    /// still busy after the clock's `settleTimeout` of real time (it waits for something else
    /// than the clock).
    ///
    /// - Parameters:
    ///   - duration: How far to move, zero or more.
    ///   - fileID: The caller's file, where failures are reported; leave the default.
    ///   - filePath: The caller's file path, where failures are reported; leave the default.
    ///   - line: The caller's line, where failures are reported; leave the default.
    ///   - column: The caller's column, where failures are reported; leave the default.
    public func advance(
        by duration: EffectDuration,
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard duration.isValidInterval else {
            reportFailure(
                "advance(by: \(duration)) needs a duration of zero or more; the clock didn't move.", at: site)
            return
        }
        guard await clock.advance(by: duration) else {
            let running = log.runningThunks.map { "  - \($0.description)" }.joined(separator: "\n")
            reportFailure(
                """
                advance(by: \(duration)) waited \(clock.settleTimeout) s for effects that stayed busy: \
                they wait for something other than the store's clock (a network call, Task.sleep). \
                Make them sleep with EffectEnvironment.sleep(for:) or the listener's delay(_:), or \
                await them with try await store.send(thunk).
                \(running.isEmpty ? "" : "Async thunks still running:\n" + running)
                """.trimmingCharacters(in: .newlines),
                at: site)
            return
        }
    }

    /// Actions that thunks cancelled by id dispatched after their cancellation, which the thunk
    /// middleware dropped (see `ThunkEffects.Statistics.droppedActions`).
    public var droppedActions: Int {
        effects.withLock { $0.reduce(0) { $0 + $1.statistics.droppedActions } }
    }

    // MARK: Finishing

    /// Waits for the async thunks still running, up to the timeout, then fails for anything
    /// left unasserted. The same checks run when the test store is released, without waiting.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for running thunks, in seconds; by default
    ///   ``timeout``.
    ///   - fileID: The caller's file, where failures are reported; leave the default.
    ///   - filePath: The caller's file path, where failures are reported; leave the default.
    ///   - line: The caller's line, where failures are reported; leave the default.
    ///   - column: The caller's column, where failures are reported; leave the default.
    public func finish(
        timeout: TimeInterval? = nil,
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let (_, deadline) = waitSettings(timeout)
        let log = self.log
        _ = await log.wait(until: deadline) { log.thunksFinishedUnlocked }
        checkEnd(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func checkEnd(at site: CallSite) {
        let exhaustivity = settings.withLock { settings in
            settings.isFinished = true
            return settings.exhaustivity
        }
        reportThunkFailures(at: site)
        let running = log.runningThunks
        for thunk in running { thunk.cancel?() }
        guard exhaustivity == .on else { return }
        if !running.isEmpty {
            reportFailure(
                """
                \(running.count) async thunk(s) still running at the end of the test:
                \(running.map { "  - \($0.description)" }.joined(separator: "\n"))
                Await them with `try await store.send(thunk)`, wait with `await store.finish()`, \
                or cancel them with cancelRunningThunks(). They have been cancelled.
                """,
                at: site)
        }
        let unreceived = log.takeReceived()
        if !unreceived.isEmpty {
            reportFailure(
                """
                \(unreceived.count) received action(s) were not asserted:
                \(list(unreceived))
                Assert them with receive(_:), or call skipReceivedActions() if they don't matter.
                """,
                at: site)
        }
    }

    // MARK: Checking states

    /// Fails for each error thrown by an async thunk that nobody awaited, on the test's thread.
    private func reportThunkFailures(at site: CallSite) {
        for failure in log.takeThunkFailures() {
            reportFailure("\(failure)", at: site)
        }
    }

    private func assertState(
        _ actual: State,
        after action: String,
        _ update: ((inout State) throws -> Void)?,
        at site: CallSite
    ) {
        let (exhaustivity, lastAsserted) = settings.withLock { settings in
            defer { settings.expectedState = actual }
            return (settings.exhaustivity, settings.expectedState)
        }
        var expected = exhaustivity == .on ? lastAsserted : actual
        do {
            try update?(&expected)
        } catch {
            reportFailure("The state update closure for \(action) threw \(error).", at: site)
            return
        }
        guard !statesEqual(expected, actual) else { return }
        reportFailure(stateMismatchMessage(after: action, expected: expected, actual: actual), at: site)
    }
}

/// An action being sent by ``TestStore/send(_:fileID:file:line:column:_:)``, so that the test
/// store's middleware can tell it from the actions thunks dispatch.
struct SentAction: Action {
    var action: Action
}

/// A bulleted list of received actions, each with where it was dispatched from when known.
private func list<State>(_ received: [TestStoreLog<State>.Reduction]) -> String {
    received.map { "  - \($0.description)" }.joined(separator: "\n")
}
