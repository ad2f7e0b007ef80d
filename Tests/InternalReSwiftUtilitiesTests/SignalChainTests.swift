import InternalReSwiftUtilities
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one signal-chaining engine (TerminalUI's terminal restoration and ReSwiftPersistence's
/// signal deferral both use it), on the signals both take. Each test stands in for the app with a
/// handler of its own (so a raised signal never ends the test process) and puts the original
/// action back when it ends; the serialized suite takes its turn with the other in-process signal
/// tests.
@Suite(.serialized) struct SignalChainTests {
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    @Test(arguments: signals)
    func aRaisedSignalRunsOursThenThePreviousHandler(signal: Int32) {
        withAppHandler(for: signal) {
            Chains.first.install()
            defer { Chains.first.uninstall() }
            #expect(Chains.first.isInstalled(signal))
            #expect(currentHandler(signal) == SignalChain.handlerAddress(Chains.firstAction))

            raise(signal)
            #expect(Calls.first == 1, "ours ran")
            #expect(Calls.app == 1, "then the app's, which was there before ours")
            #expect(!Chains.first.isInstalled(signal), "forwarding put the app's handler back")
            #expect(currentHandler(signal) == SignalChain.handlerAddress(Calls.appAction))

            raise(signal)
            #expect(Calls.first == 1, "ours is out of the way once it forwarded")
            #expect(Calls.app == 2)
        }
    }

    @Test(arguments: signals)
    func uninstallPutsThePreviousHandlerBack(signal: Int32) {
        withAppHandler(for: signal) {
            Chains.first.install()
            Chains.first.uninstall()
            #expect(!Chains.first.isInstalled(signal))
            #expect(currentHandler(signal) == SignalChain.handlerAddress(Calls.appAction))
            raise(signal)
            #expect(Calls.first == 0, "ours is gone")
            #expect(Calls.app == 1)
        }
    }

    @Test(arguments: signals)
    func anIgnoredSignalStaysIgnored(number: Int32) {
        withProcessSignalActions {
            var original = sigaction()
            _ = sigaction(number, nil, &original)
            _ = signal(number, SIG_IGN)
            defer { _ = sigaction(number, &original, nil) }

            Chains.first.install()
            defer { Chains.first.uninstall() }
            #expect(!Chains.first.isInstalled(number), "under nohup, SIGHUP must not end the process")
            #expect(currentHandler(number) == SignalChain.ignoredAddress)
        }
    }

    @Test(arguments: signals)
    func uninstallLeavesAHandlerInstalledOverOursAndOursThenForwards(signal: Int32) {
        withAppHandler(for: signal) {
            Chains.first.install()
            Chains.second.install()  // another owner, after ours
            Chains.first.uninstall()
            #expect(
                currentHandler(signal) == SignalChain.handlerAddress(Chains.secondAction),
                "the later handler stays")

            raise(signal)
            #expect(Calls.second == 1)
            #expect(Calls.first == 1, "the later handler forwarded to ours, which forwarded on")
            #expect(Calls.app == 1)
            #expect(currentHandler(signal) == SignalChain.handlerAddress(Calls.appAction))
            Chains.second.uninstall()
        }
    }

    @Test(arguments: signals)
    func twoChainsUninstalledInEitherOrderLeaveTheSignalToTheApp(signal: Int32) {
        for firstOut in [true, false] {
            withAppHandler(for: signal) {
                Chains.first.install()
                Chains.second.install()
                if firstOut {
                    Chains.first.uninstall()
                    Chains.second.uninstall()
                } else {
                    Chains.second.uninstall()
                    Chains.first.uninstall()
                }
                raise(signal)
                #expect(Calls.app == 1, "the app's handler runs once (first out: \(firstOut))")
                #expect(Calls.second == 0, "the second owner's handler is gone (first out: \(firstOut))")
            }
        }
    }

    @Test func blockedSignalsArriveWhenTheBlockEnds() {
        withAppHandler(for: SIGHUP) {
            Chains.first.withSignalsBlocked {
                raise(SIGHUP)
                #expect(Calls.app == 0, "held while blocked")
            }
            #expect(Calls.app == 1, "delivered once unblocked")
        }
    }

    @Test func theChainKnowsItsSignals() {
        #expect(Chains.first.signals == Self.signals)
        #expect(Chains.first.index(of: SIGTERM) == 1)
        #expect(Chains.first.index(of: SIGUSR1) == nil)
    }

    /// Runs `body` with a counting handler standing for the app's installed for `signal`, the
    /// signal unblocked on this thread (the test runner's threads may block it, and then a raised
    /// signal would wait), and the counts at zero; puts the original action and mask back
    /// afterwards.
    private func withAppHandler(for signal: Int32, _ body: () -> Void) {
        withProcessSignalActions {
            var app = Calls.appAction
            var original = sigaction()
            _ = sigaction(signal, &app, &original)
            defer { _ = sigaction(signal, &original, nil) }
            var unblocked = sigset_t()
            var originalMask = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, signal)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, &originalMask)
            defer { pthread_sigmask(SIG_SETMASK, &originalMask, nil) }
            Calls.reset()
            body()
        }
    }

    private func currentHandler(_ signal: Int32) -> Int {
        var current = sigaction()
        _ = sigaction(signal, nil, &current)
        return SignalChain.handlerAddress(current)
    }
}

/// The chains under test: two owners of the same signals.
private enum Chains {
    static let first = SignalChain(signals: SignalChainTests.signals, handler: firstHandler)
    static let second = SignalChain(signals: SignalChainTests.signals, handler: secondHandler)
    static let firstAction = SignalChain.action(handler: firstHandler)
    static let secondAction = SignalChain.action(handler: secondHandler)
}

/// How often each handler ran.
private enum Calls {
    // nonisolated(unsafe): written by the handlers, which run synchronously inside `raise` (or
    // when a block ends) on the test's own thread, and read by the serialized suite's tests.
    nonisolated(unsafe) static var first = 0
    nonisolated(unsafe) static var second = 0
    nonisolated(unsafe) static var app = 0

    static let appAction = SignalChain.action(handler: appHandler)

    static func reset() {
        (first, second, app) = (0, 0, 0)
    }
}

private func firstHandler(_ signal: Int32) {
    Calls.first += 1
    Chains.first.forward(signal)
}

private func secondHandler(_ signal: Int32) {
    Calls.second += 1
    Chains.second.forward(signal)
}

private func appHandler(_ signal: Int32) {
    Calls.app += 1
}
