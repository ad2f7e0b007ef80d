#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A handler of ours in front of whatever actions the process had for some signals: the package's
/// one way to take a signal and then let it take its course.
///
/// ``install()`` puts `handler` in place for each signal, remembering the action it replaces (a
/// signal that was ignored stays ignored: under `nohup`, SIGHUP must not end the process).
/// `handler`, a C function of the owner's, does its own async-signal-safe work and then usually
/// calls ``forward(_:)``, which puts the previous action back and raises the signal again, so the
/// process ends, or the app's own handler runs, just as it would have without us.
/// ``uninstall()`` puts the previous actions back, except where someone installed a handler over
/// ours meanwhile: theirs stays, and ours, if they chain to it, forwards.
///
/// Two owners chain in either order (TerminalUI's terminal restoration and ReSwiftPersistence's
/// signal deferral both take SIGINT, SIGTERM and SIGHUP in the same app): each forwards to the
/// one it found, and neither takes the other's handler away.
///
/// The storage is allocated once and never freed, so the handler reaches it without locks,
/// allocation or Swift's lazy initialisation: make one chain per use, in a `static let`, and read
/// it once before the first ``install()``. ``install()`` and ``uninstall()`` are serialised by
/// the owner (under its lock) and called inside ``withSignalsBlocked(_:)``.
///
/// ```swift
/// enum Cleanup {
///     static let chain = SignalChain(signals: [SIGINT, SIGTERM], handler: cleanUpThenForward)
/// }
/// private func cleanUpThenForward(_ signal: Int32) {
///     // … async-signal-safe work …
///     Cleanup.chain.forward(signal)
/// }
/// ```
// @unchecked Sendable: the pointees are written by `install`/`uninstall`, which the owner
// serialises with the chain's signals blocked on the writing thread, and by `forward`, which runs
// in the handler of one of those signals; each entry is one aligned word or a `sigaction` that
// only `sigaction(2)` itself reads.
package struct SignalChain: @unchecked Sendable {
    /// How many signals the chain takes.
    package let count: Int
    /// The signal numbers, in the order given.
    private let signalNumbers: UnsafeMutablePointer<Int32>
    /// The action each signal had before ours.
    private let previousActions: UnsafeMutablePointer<sigaction>
    /// 1 where our handler replaced the previous action.
    private let installedFlags: UnsafeMutablePointer<Int32>
    /// Ours, as installed.
    private let action: sigaction

    /// Makes a chain (not yet installed) for `signals`.
    ///
    /// - Parameters:
    ///   - signals: The signals to take.
    ///   - handler: Runs when one of them arrives while installed; async-signal-safe calls only.
    ///   - restartsInterruptedCalls: Whether a system call the signal interrupts is restarted
    ///     (`SA_RESTART`).
    ///   - blocksChainedSignalsInHandler: Whether the other signals of the chain wait while
    ///     `handler` runs (the signal being handled always does).
    package init(
        signals: [Int32], handler: @convention(c) (Int32) -> Void, restartsInterruptedCalls: Bool = false,
        blocksChainedSignalsInHandler: Bool = false
    ) {
        count = signals.count
        signalNumbers = .allocate(capacity: signals.count)
        signalNumbers.initialize(from: signals, count: signals.count)
        previousActions = .allocate(capacity: signals.count)
        previousActions.initialize(repeating: sigaction(), count: signals.count)
        installedFlags = .allocate(capacity: signals.count)
        installedFlags.initialize(repeating: 0, count: signals.count)
        action = Self.action(
            handler: handler, flags: restartsInterruptedCalls ? SA_RESTART : 0,
            blocking: blocksChainedSignalsInHandler ? signals : [])
    }

    /// The signals, in the order given.
    package var signals: [Int32] {
        (0..<count).map { signalNumbers[$0] }
    }

    /// The position of `signal` in the chain. Async-signal-safe.
    package func index(of signal: Int32) -> Int? {
        var index = 0
        while index < count {
            if signalNumbers[index] == signal { return index }
            index += 1
        }
        return nil
    }

    /// Whether our handler is in place for `signal` (as far as the chain knows: someone may have
    /// installed over it since).
    package func isInstalled(_ signal: Int32) -> Bool {
        guard let index = index(of: signal) else { return false }
        return installedFlags[index] == 1
    }

    /// Puts our handler in front of the current action of each signal where it isn't yet,
    /// remembering that action; a signal that was ignored stays ignored.
    package func install() {
        for index in 0..<count where installedFlags[index] == 0 {
            var ours = action
            guard sigaction(signalNumbers[index], &ours, previousActions + index) == 0 else { continue }
            if Self.handlerAddress(previousActions[index]) == Self.ignoredAddress {
                _ = sigaction(signalNumbers[index], previousActions + index, nil)
            } else {
                installedFlags[index] = 1
            }
        }
    }

    /// Puts back the action each signal had before ours, except where another handler was
    /// installed over ours meanwhile: that one stays (ours, if it chains to it, forwards).
    package func uninstall() {
        let ours = Self.handlerAddress(action)
        for index in 0..<count where installedFlags[index] == 1 {
            installedFlags[index] = 0
            var current = sigaction()
            guard sigaction(signalNumbers[index], nil, &current) == 0, Self.handlerAddress(current) == ours
            else { continue }
            _ = sigaction(signalNumbers[index], previousActions + index, nil)
        }
    }

    /// Puts back the action `signal` had before ours and raises it again: from the handler, the
    /// signal takes the course it would have taken without us once the handler returns.
    /// Async-signal-safe: `sigaction` and `raise` only.
    package func forward(_ signal: Int32) {
        restorePrevious(signal)
        raise(signal)
    }

    /// Puts back the action `signal` had before ours, without raising it. Async-signal-safe.
    package func restorePrevious(_ signal: Int32) {
        guard let index = index(of: signal) else { return }
        _ = sigaction(signal, previousActions + index, nil)
        installedFlags[index] = 0
    }

    /// Runs `body` with the chain's signals blocked on the calling thread, so its handler can't
    /// run on this thread meanwhile; a signal raised inside `body` arrives when it returns.
    package func withSignalsBlocked<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for index in 0..<count { sigaddset(&blocked, signalNumbers[index]) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Unblocks `signals` on the calling thread, so a process started with them blocked (children
    /// of some test runners and daemons are) still receives them.
    package static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The value ``handlerAddress(_:)`` gives for `SIG_IGN`.
    package static let ignoredAddress = 1

    /// The address of an action's handler (0 for `SIG_DFL`, 1 for `SIG_IGN`).
    package static func handlerAddress(_ action: sigaction) -> Int {
        #if canImport(Darwin)
            return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #else
            return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #endif
    }

    /// An action that runs `handler`.
    ///
    /// - Parameters:
    ///   - handler: The C function to run.
    ///   - flags: The `sa_flags` (`SA_RESTART`, for instance).
    ///   - blocking: Signals that wait while `handler` runs, besides the one being handled.
    package static func action(
        handler: @convention(c) (Int32) -> Void, flags: Int32 = 0, blocking: [Int32] = []
    ) -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #else
            action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        for signal in blocking { sigaddset(&action.sa_mask, signal) }
        action.sa_flags = flags
        return action
    }
}
