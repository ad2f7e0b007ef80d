import Foundation
import ReSwift
import ReSwiftQuery
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite struct LibraryFinderReducerTests {
    private let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)
    private let libraries = [
        Fixtures.library(id: "1", short: "明徳館"),
        Fixtures.library(id: "2", short: "土崎図書館"),
        Fixtures.library(id: "3", short: "能代市立図書館", city: "能代市"),
    ]

    private func reduce(_ actions: [Action], from state: LibraryFinderState = LibraryFinderState())
        -> LibraryFinderState
    {
        actions.reduce(state) { applying(reduceLibraryFinder, $1, to: $0) }
    }

    private func loaded(_ libraries: [Library]) -> Action {
        ListActions.loaded(libraries, at: fetchedAt)
    }

    @Test func startsIdleWithTheArticlesQuery() {
        let state = reduce([ReSwiftInit()])
        #expect(state.status == .idle)
        #expect(state.query.prefecture == "秋田県")
        #expect(state.libraries.isEmpty)
    }

    @Test func loadingThenLoadedShowsTheList() {
        let loading = reduce([ListActions.started])
        #expect(loading.status == .loading)
        #expect(loading.isLoading)
        let state = reduce([loaded(libraries)], from: loading)
        #expect(state.status == .loaded)
        #expect(state.libraries == libraries)
        #expect(state.source == .network(fetchedAt: fetchedAt))
        #expect(state.selectedLibrary?.id == "1")
    }

    @Test func failedKeepsTheLastListVisible() {
        let state = reduce([
            ListActions.started, loaded(libraries), ListActions.started,
            ListActions.failed(QueryError(message: "HTTP 503")),
        ])
        #expect(state.status == .failed(message: "HTTP 503"))
        #expect(state.libraries == libraries)
        #expect(!state.isLoading)
    }

    @Test func ignoresAnAnswerWhenNothingIsLoading() {
        let state = reduce([loaded(libraries), ListActions.failed(QueryError(message: "stale"))])
        #expect(state.status == .idle)
        #expect(state.libraries.isEmpty)
    }

    @Test func aReachableServicesErrorIsShownEvenWithAnEarlierList() {
        let forbidden = CalilError(.httpStatus(code: 403, serviceMessage: "invalid appkey"))
        let state = reduce([
            ListActions.started, loaded(libraries), ListActions.started, ListActions.failed(forbidden),
        ])
        #expect(state.status == .failed(message: forbidden.description))
        #expect(state.source == .network(fetchedAt: fetchedAt))
    }

    @Test func anUnreachableServiceShowsTheEarlierListMarkedWithItsFetchTime() {
        let down = CalilError(.timedOut(host: "api.calil.jp", seconds: 15))
        let state = reduce([
            ListActions.started, loaded(libraries), ListActions.started, ListActions.failed(down),
        ])
        #expect(state.status == .loaded)
        #expect(state.libraries == libraries)
        #expect(state.source == .cache(fetchedAt: fetchedAt, reason: down.description))
        let failed = CalilError(.httpStatus(code: 502, serviceMessage: nil))
        let after502 = reduce([ListActions.started, ListActions.failed(failed)], from: state)
        #expect(
            after502.source == .cache(fetchedAt: fetchedAt, reason: failed.description, serviceFailed: true))
    }

    @Test func anUnreachableServiceWithNoEarlierListFails() {
        let down = CalilError(.timedOut(host: "api.calil.jp", seconds: 15))
        let state = reduce([ListActions.started, ListActions.failed(down)])
        #expect(state.status == .failed(message: down.description))
        #expect(state.source == nil)
    }

    @Test func retryAfterAFailureLoadsAgain() {
        let state = reduce([
            ListActions.started, ListActions.failed(QueryError(message: "timeout")), ListActions.started,
            loaded(libraries),
        ])
        #expect(state.status == .loaded)
        #expect(state.libraries.count == 3)
    }

    @Test func reloadKeepsTheSelectedLibraryWhenItIsStillThere() {
        var state = reduce([ListActions.started, loaded(libraries)])
        state = reduce([LibraryListAction.moveSelection(by: 2)], from: state)
        #expect(state.selectedLibrary?.id == "3")
        state = reduce(
            [ListActions.started, loaded(Array(libraries.reversed()))],
            from: state)
        #expect(state.selectedIndex == 0)
        #expect(state.selectedLibrary?.id == "3")
    }

    @Test func movesTheSelectionWithinTheList() {
        var state = reduce([ListActions.started, loaded(libraries)])
        state = reduce([LibraryListAction.moveSelection(by: -1)], from: state)
        #expect(state.selectedIndex == 0)
        state = reduce([LibraryListAction.moveSelection(by: 10)], from: state)
        #expect(state.selectedIndex == 2)
        state = reduce([LibraryListAction.selectFirst], from: state)
        #expect(state.selectedIndex == 0)
        state = reduce([LibraryListAction.selectLast], from: state)
        #expect(state.selectedIndex == 2)
    }

    @Test func filtersByTextAndClearsOnCancel() {
        var state = reduce([
            ListActions.started, loaded(libraries), LibraryListAction.beginFilter,
            LibraryListAction.editFilter("能代"),
        ])
        #expect(state.isEditingFilter)
        #expect(state.visibleLibraries.map(\.id) == ["3"])
        #expect(state.selectedLibrary?.id == "3")
        state = reduce([LibraryListAction.commitFilter], from: state)
        #expect(!state.isEditingFilter)
        #expect(state.filterText == "能代")
        state = reduce([LibraryListAction.beginFilter, LibraryListAction.cancelFilter], from: state)
        #expect(state.filterText.isEmpty)
        #expect(state.visibleLibraries.count == 3)
    }

    @Test func filterMatchesCaseAndWidthInsensitively() {
        let library = Library(
            id: "9", systemID: "Univ_Akita", systemName: "Akita University", libraryKey: "main",
            shortName: "ＡＩＵ Library", formalName: "Akita International University Library",
            category: .university, prefecture: "秋田県", city: "秋田市", address: "")
        #expect(library.matches("aiu"))
        #expect(library.matches("university library"))
        #expect(!library.matches("能代"))
    }
}
