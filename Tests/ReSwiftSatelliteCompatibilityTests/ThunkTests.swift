// Written the way ReSwift-Thunk's own test file is: one XCTestCase with its five tests (an action
// passes through the middleware, a thunk runs instead of passing on, a store with the middleware
// runs thunks, ExpectThunk runs and waits), its fakes, its calls and its imports, including
// `@testable import ReSwiftThunk` and, as a SwiftPM user of ReSwift-Thunk writes it,
// `import ReSwiftThunkTesting` for ExpectThunk. Only the package it is compiled against differs.

import ReSwift
import ReSwiftThunkTesting
import XCTest

@testable import ReSwiftThunk

private struct FakeState: StateType {}
private struct FakeAction: Action {}
private struct AnotherFakeAction: Action, Equatable {}

private func fakeReducer(action: Action, state: FakeState?) -> FakeState {
    return state ?? FakeState()
}

class Tests: XCTestCase {

    func testAction() {
        let middleware: Middleware<FakeState> = createThunkMiddleware()
        let dispatch: DispatchFunction = { _ in }
        let getState: () -> FakeState? = { nil }
        var passedOn = false
        let next: DispatchFunction = { _ in passedOn = true }
        middleware(dispatch, getState)(next)(FakeAction())
        XCTAssert(passedOn)
    }

    func testThunk() {
        let middleware: Middleware<FakeState> = createThunkMiddleware()
        let dispatch: DispatchFunction = { _ in }
        let getState: () -> FakeState? = { nil }
        var passedOn = false
        let next: DispatchFunction = { _ in passedOn = true }
        var ran = false
        let thunk = Thunk<FakeState> { _, _ in
            ran = true
        }
        middleware(dispatch, getState)(next)(thunk)
        XCTAssertFalse(passedOn)
        XCTAssert(ran)
    }

    func testMiddlewareInsertion() {
        let store = Store(
            reducer: fakeReducer,
            state: nil,
            middleware: [createThunkMiddleware()]
        )
        var ran = false
        let thunk = Thunk<FakeState> { _, _ in
            ran = true
        }
        store.dispatch(thunk)
        XCTAssertTrue(ran)
    }

    func testExpectThunkRuns() {
        let thunk = Thunk<FakeState> { dispatch, getState in
            dispatch(FakeAction())
            XCTAssertNotNil(getState())
            dispatch(FakeAction())
        }
        let expectation = ExpectThunk(thunk)
            .dispatches {
                XCTAssert($0 is FakeAction)
            }
            .getsState(FakeState())
            .dispatches {
                XCTAssert($0 is FakeAction)
            }
            .run()
        XCTAssertEqual(expectation.dispatched.count, 2)
    }

    func testExpectThunkWaits() {
        let thunk = Thunk<FakeState> { dispatch, getState in
            dispatch(FakeAction())
            XCTAssertNotNil(getState())
            DispatchQueue.global().asyncAfter(deadline: DispatchTime.now() + 0.2) {
                dispatch(AnotherFakeAction())
                XCTAssertNotNil(getState())
            }
            dispatch(FakeAction())
        }
        let expectation = ExpectThunk(thunk)
            .dispatches {
                XCTAssert($0 is FakeAction)
            }
            .getsState(FakeState())
            .dispatches {
                XCTAssert($0 is FakeAction)
            }
            .dispatches(AnotherFakeAction())
            .getsState(FakeState())
            .wait(timeout: 10)
        XCTAssertEqual(expectation.dispatched.count, 3)
    }
}
