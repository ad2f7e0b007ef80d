import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import ReSwiftThunkTesting
import Testing

// A file may import ReSwift-Thunk's module name beside ReSwiftTesting: both name one ExpectThunk.

private struct Counted: Action, Equatable {
    let value: Int
}

@Suite struct ThunkTestingModuleTests {
    @Test func bothModulesNameTheSameExpectThunk() {
        #expect(ReSwiftThunkTesting.ExpectThunk<Int>.self == ReSwiftTesting.ExpectThunk<Int>.self)
    }

    @Test func theReExportedExpectThunkReportsAnUnmetExpectation() {
        let thunk = Thunk<Int> { dispatch, getState in
            dispatch(Counted(value: (getState() ?? 0) + 1))
        }
        ExpectThunk(thunk).getsState(1).dispatches(Counted(value: 2)).run()
        withKnownIssue {
            ExpectThunk(thunk).getsState(1).dispatches(Counted(value: 3)).run()
        }
    }
}
