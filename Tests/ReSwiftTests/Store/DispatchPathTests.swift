import Foundation
import ReSwift
import Testing

private struct Step: Action {}

private final class StackRecorder: StoreSubscriber {
    var depth = 0
    func newState(state: Int) {
        depth = Thread.callStackSymbols.count
    }
}

/// The path from `dispatch` to a subscriber's `newState` stays short enough to read in a
/// debugger: the frames between them are the store's steps.
@Suite struct DispatchPathTests {
    @Test func fewFramesLieBetweenDispatchAndNewState() {
        let store = Store(reducer: { (_: Action, state: inout Int) in state += 1 }, state: 0)
        let recorder = StackRecorder()
        store.subscribe(recorder)
        let here = Thread.callStackSymbols.count
        store.dispatch(Step())
        // The frames from `Store.dispatch(_:)` to `newState(state:)`, both included, in a debug
        // build where nothing is inlined: dispatch, process, the delivery loop and its closure
        // (two frames), the node, the protocol witness and newState. The core took 17,
        // then 10; upstream ReSwift takes about 8.
        let frames = recorder.depth - here
        #expect(frames > 2)
        #expect(frames <= 8, "\(frames) frames from dispatch to newState")
    }
}
