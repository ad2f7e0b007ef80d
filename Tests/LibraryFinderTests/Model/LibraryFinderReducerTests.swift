import Foundation
import ReSwift
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite struct LibraryFinderReducerTests {
    private let first = UUID()
    private let second = UUID()
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

    private func loaded(_ libraries: [Library], id: UUID) -> LibrariesLoaded {
        LibrariesLoaded(requestID: id, libraries: libraries, source: .network(fetchedAt: fetchedAt))
    }

    @Test func startsIdleWithTheArticlesQuery() {
        let state = reduce([ReSwiftInit()])
        #expect(state.status == .idle)
        #expect(state.query.prefecture == "秋田県")
        #expect(state.libraries.isEmpty)
    }

    @Test func loadingThenLoadedShowsTheList() {
        let loading = reduce([LibrariesLoading(requestID: first)])
        #expect(loading.status == .loading(requestID: first))
        #expect(loading.isLoading)
        let state = reduce([loaded(libraries, id: first)], from: loading)
        #expect(state.status == .loaded)
        #expect(state.libraries == libraries)
        #expect(state.source == .network(fetchedAt: fetchedAt))
        #expect(state.selectedLibrary?.id == "1")
    }

    @Test func failedKeepsTheLastListVisible() {
        let state = reduce([
            LibrariesLoading(requestID: first), loaded(libraries, id: first),
            LibrariesLoading(requestID: second),
            LibrariesFailed(requestID: second, message: "HTTP 503"),
        ])
        #expect(state.status == .failed(message: "HTTP 503"))
        #expect(state.libraries == libraries)
        #expect(!state.isLoading)
    }

    @Test func ignoresASecondLoadWhileLoading() {
        let state = reduce([LibrariesLoading(requestID: first), LibrariesLoading(requestID: second)])
        #expect(state.status == .loading(requestID: first))
    }

    @Test func ignoresAnswersToOtherRequests() {
        let state = reduce([
            LibrariesLoading(requestID: first), loaded(libraries, id: second),
            LibrariesFailed(requestID: second, message: "stale"),
        ])
        #expect(state.status == .loading(requestID: first))
        #expect(state.libraries.isEmpty)
    }

    @Test func retryAfterAFailureLoadsAgain() {
        let state = reduce([
            LibrariesLoading(requestID: first), LibrariesFailed(requestID: first, message: "timeout"),
            LibrariesLoading(requestID: second), loaded(libraries, id: second),
        ])
        #expect(state.status == .loaded)
        #expect(state.libraries.count == 3)
    }

    @Test func reloadKeepsTheSelectedLibraryWhenItIsStillThere() {
        var state = reduce([LibrariesLoading(requestID: first), loaded(libraries, id: first)])
        state = reduce([LibraryListAction.moveSelection(by: 2)], from: state)
        #expect(state.selectedLibrary?.id == "3")
        state = reduce(
            [LibrariesLoading(requestID: second), loaded(Array(libraries.reversed()), id: second)],
            from: state)
        #expect(state.selectedIndex == 0)
        #expect(state.selectedLibrary?.id == "3")
    }

    @Test func movesTheSelectionWithinTheList() {
        var state = reduce([LibrariesLoading(requestID: first), loaded(libraries, id: first)])
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
            LibrariesLoading(requestID: first), loaded(libraries, id: first), LibraryListAction.beginFilter,
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
