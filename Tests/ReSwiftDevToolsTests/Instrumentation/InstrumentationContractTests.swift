import Foundation
import Testing

@_spi(ReSwiftInternal) @testable import ReSwift
@testable import ReSwiftDevTools

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

private struct AddItem: Action {}

/// Names the calling system thread. (Foundation's `Thread.name` names it only when the `Thread`
/// object already knows its system thread, which races with `start()` on Linux.)
private func nameCurrentThread(_ name: String) {
    #if canImport(Darwin)
        pthread_setname_np(name)
    #else
        let descriptor = open("/proc/thread-self/comm", O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = name.withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
    #endif
}
private final class ListView {}
private final class ScoreView {}

@Suite(.timeLimit(.minutes(3))) struct InstrumentationContractTests {
    @Test func currentOriginIsNilOutsideADispatchAndRestoredAfterNesting() {
        #expect(DispatchOrigin.current == nil)
        let outer = DispatchOrigin(callSite: CallSite(fileID: "App/Outer.swift", line: 1), thread: .current)
        let inner = DispatchOrigin(
            callSite: CallSite(fileID: "App/Inner.swift", line: 2), thread: .current,
            parent: .middleware(AddItem.self))
        DispatchOrigin.withCurrent(outer) {
            #expect(DispatchOrigin.current?.callSite?.description == "App/Outer.swift:1")
            DispatchOrigin.withCurrent(inner) {
                #expect(DispatchOrigin.current?.callSite?.description == "App/Inner.swift:2")
                #expect(DispatchOrigin.current?.parent?.actionTypeName == "AddItem")
            }
            DispatchOrigin.withCurrent(nil) {
                #expect(DispatchOrigin.current == nil)
            }
            #expect(DispatchOrigin.current?.callSite?.description == "App/Outer.swift:1")
        }
        #expect(DispatchOrigin.current == nil)
    }

    @Test func currentOriginBelongsToOneThread() {
        let origin = DispatchOrigin(callSite: CallSite(fileID: "App/A.swift", line: 3), thread: .current)
        let seenElsewhere = Locked<DispatchOrigin??>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchOrigin.withCurrent(origin) {
            Thread.detachNewThread {
                seenElsewhere.withLock { $0 = .some(DispatchOrigin.current) }
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 10) == .success, "the other thread never ran")
        }
        #expect(seenElsewhere.current == .some(nil))
    }

    @Test func threadDescriptionNamesABackgroundThread() {
        let seen = Locked<DispatchThread?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            nameCurrentThread("profiler-test")
            seen.withLock { $0 = DispatchThread.current }
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 10) == .success, "the thread never ran")
        #expect(seen.current == DispatchThread(isMain: false, name: "profiler-test"))
        #expect(seen.current?.description == "profiler-test")
    }

    @Test func subscriberKindsGroupByTypeAndName() {
        #expect(SubscriberKind.object(ListView.self) == .object(ListView.self))
        #expect(SubscriberKind.object(ListView.self) != .object(ScoreView.self))
        #expect(SubscriberKind.closure(selecting: Int.self) != .closure(selecting: String.self))
        #expect(SubscriberKind.named("states") != .closure(selecting: Int.self))
        let keys: Set<SubscriberKind> = [
            .object(ListView.self), .object(ListView.self), .closure(selecting: Int.self),
        ]
        #expect(keys.count == 2)
        #expect(SubscriberKind.object(ListView.self).typeName == "ListView")
        #expect(SubscriberKind.closure(selecting: Int.self).typeName == "closure(Int)")
        #expect(SubscriberKind.named("ObservedSlice").typeName == "ObservedSlice")
    }

    @Test func measurementAddsUpItsParts() {
        let measurement = DispatchMeasurement(
            actionType: AddItem.self,
            origin: DispatchOrigin(thread: DispatchThread(isMain: true)),
            middlewareNanoseconds: 5, reducerNanoseconds: 7,
            subscribers: [
                SubscriberMeasurement(subscriber: .object(ListView.self), nanoseconds: 11),
                SubscriberMeasurement(subscriber: .object(ScoreView.self), nanoseconds: 13),
            ])
        #expect(measurement.actionTypeName == "AddItem")
        #expect(measurement.subscribersNanoseconds == 24)
        #expect(measurement.totalNanoseconds == 36)
        #expect(measurement.origin.thread.description == "main")
        let swallowed = DispatchMeasurement(
            actionType: AddItem.self, origin: DispatchOrigin(thread: DispatchThread(isMain: false)),
            middlewareNanoseconds: 4, reducerNanoseconds: nil, subscribers: [])
        #expect(swallowed.totalNanoseconds == 4)
    }

    @Test func callSiteDefaultsToTheCaller() {
        let site = CallSite()
        #expect(site.description == "ReSwiftDevToolsTests/InstrumentationContractTests.swift:\(#line - 1)")
        #expect(
            site
                == CallSite(
                    fileID: "ReSwiftDevToolsTests/InstrumentationContractTests.swift", line: site.line))
    }

    @Test func parentsCompareByRelationAndType() {
        #expect(DispatchParent.middleware(AddItem.self) == .middleware(AddItem.self))
        #expect(DispatchParent.middleware(AddItem.self) != .subscriber(AddItem.self))
        #expect(DispatchParent.subscriber(AddItem.self) != .subscriber(ReSwiftInit.self))
    }

    @Test func monotonicClockNeverGoesBack() {
        let first = MonotonicClock().now()
        let second = MonotonicClock().now()
        #expect(second >= first)
        #expect(nanoseconds(from: second &+ 1_000_000_000, to: second) == 0)
        #expect(nanoseconds(from: first, to: first &+ 5) == 5)
    }
}

private final class CountingInstrumentation: StoreInstrumentation {
    func storeDidDispatch(_ measurement: DispatchMeasurement) {}
}

/// Serialized: the default is process-wide.
@Suite(.serialized, .timeLimit(.minutes(3))) struct DefaultInstrumentationTests {
    @Test func theDefaultInstrumentationCanBeSetAndCleared() {
        let instrumentation = CountingInstrumentation()
        ReSwiftHooks.defaultInstrumentation = instrumentation
        #expect(ReSwiftHooks.defaultInstrumentation === instrumentation)
        ReSwiftHooks.defaultInstrumentation = nil
        #expect(ReSwiftHooks.defaultInstrumentation == nil)
    }
}
