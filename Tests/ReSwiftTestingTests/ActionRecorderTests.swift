import Dispatch
import Foundation
import ReSwift
import ReSwiftTesting
import Testing

@Suite struct ActionRecorderTests {
    private func makeStore() -> Store<LibraryState> {
        Store(reducer: libraryReducer, state: LibraryState())
    }

    @Test func capturingAStoreRecordsActionsInsteadOfReducingThem() {
        let store = makeStore()
        let recorder = ActionRecorder()
        recorder.capture(store)
        store.dispatch(SetQuery(query: "swift"))
        store.dispatch(Increment())
        #expect(recorder.count == 2)
        #expect(recorder.typeNames == ["SetQuery", "Increment"])
        #expect(store.state.query == "")
    }

    @Test func dispatchFunctionIsTheReSwift101Pattern() {
        let store = makeStore()
        let recorder = ActionRecorder()
        store.dispatchFunction = recorder.dispatchFunction
        store.dispatch(Increment())
        #expect(recorder.contains(Increment()))
    }

    @Test func middlewareRecordsAndPassesActionsOn() {
        let recorder = ActionRecorder()
        let store = Store(reducer: libraryReducer, state: LibraryState(), middleware: [recorder.middleware()])
        store.dispatch(Increment())
        #expect(recorder.count == 1)
        #expect(store.state.count == 1)
    }

    @Test func typedLookUps() {
        let recorder = ActionRecorder()
        recorder.record(SetQuery(query: "a"))
        recorder.record(Increment())
        recorder.record(SetQuery(query: "b"))
        #expect(recorder.actions(ofType: SetQuery.self).map(\.query) == ["a", "b"])
        #expect(recorder.first(SetQuery.self)?.query == "a")
        #expect(recorder.last(SetQuery.self)?.query == "b")
        #expect(recorder.count(of: SetQuery.self) == 2)
        #expect(recorder.first(SearchStarted.self) == nil)
        #expect(recorder.contains(SetQuery(query: "b")))
        #expect(!recorder.contains(SetQuery(query: "c")))
        recorder.removeAll()
        #expect(recorder.isEmpty)
    }

    @Test func recordingFromManyThreadsLosesNothing() {
        let recorder = ActionRecorder()
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in
            recorder.record(Increment())
        }
        #expect(recorder.count == 1000)
    }

    @Test(.timeLimit(.minutes(3))) func waitingForActionsDispatchedLater() async {
        let recorder = ActionRecorder()
        Thread.detachNewThread { recorder.record(Increment()) }
        #expect(await recorder.waitForActions(count: 1, timeout: 30))
        #expect(recorder.count == 1)
    }

    /// A wait whose deadline has passed answers at once: no sleep is needed to show that a second
    /// action didn't come.
    @Test func aWaitPastItsDeadlineSaysWhetherTheActionsCame() async {
        let recorder = ActionRecorder()
        recorder.record(Increment())
        #expect(await recorder.waitForActions(count: 2, timeout: 0) == false)
        #expect(await recorder.waitForActions(count: 1, timeout: 0))
    }
}
