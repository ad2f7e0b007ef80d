import Foundation
import ReSwift
import ReSwiftQuery
import TerminalUI
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite struct LibraryFinderScreenTests {
    private let size = TerminalSize(columns: 80, rows: 24)
    private let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)

    private var libraries: [Library] {
        var prefectural = Fixtures.library(id: "1", short: "県立図書館", category: .regional)
        prefectural.formalName = "秋田県立図書館"
        prefectural.postcode = "010-0952"
        prefectural.phone = "018-866-8400"
        prefectural.website = "https://www.apl.pref.akita.jp/"
        prefectural.distanceKm = 0.42
        prefectural.isPrimary = true
        return [prefectural, Fixtures.library(id: "2", short: "能代市立図書館", city: "能代市")]
    }

    private func state(_ actions: [Action]) -> LibraryFinderState {
        actions.reduce(LibraryFinderState()) { applying(reduceLibraryFinder, $1, to: $0) }
    }

    private var loadedState: LibraryFinderState {
        state([ListActions.started, ListActions.loaded(libraries, at: fetchedAt)])
    }

    /// The loaded list, then a reload that failed with `message` (the list stays).
    private func failed(_ message: String) -> LibraryFinderState {
        state([
            ListActions.started, ListActions.loaded(libraries, at: fetchedAt), ListActions.started,
            ListActions.failed(QueryError(message: message)),
        ])
    }

    private func text(_ state: LibraryFinderState, size: TerminalSize? = nil) -> [String] {
        LibraryFinderScreen.lines(for: state, size: size ?? self.size, spinnerFrame: "⠋").map(\.plainText)
    }

    @Test func fillsTheScreenExactly() {
        let lines = LibraryFinderScreen.lines(for: loadedState, size: size, spinnerFrame: "⠋")
        #expect(lines.count == size.rows)
        #expect(lines.allSatisfy { $0.width <= size.columns })
    }

    @Test func showsASpinnerWhileTheFirstListLoads() {
        let lines = text(state([ListActions.started]))
        #expect(lines[1].contains("⠋ Loading…"))
        #expect(lines[size.rows - 3].hasPrefix("⠋ Loading libraries…"))
    }

    @Test func listsNameCityAndCategoryInWords() {
        let lines = text(loadedState)
        #expect(lines[0].hasPrefix("Libraries · 秋田県"))
        #expect(lines[0].hasSuffix("2 libraries"))
        #expect(lines[1].hasPrefix("› 県立図書館"))
        #expect(lines[1].contains("秋田市"))
        #expect(lines[1].contains("Regional library"))
        #expect(lines[1].contains("420 m"))
        #expect(lines[2].hasPrefix("  能代市立図書館"))
        #expect(lines[2].contains("能代市"))
        #expect(lines[2].contains("Local library"))
        // Columns line up although the names differ in width.
        let cityColumn1 = lines[1][..<lines[1].range(of: "秋田市")!.lowerBound].displayWidth
        let cityColumn2 = lines[2][..<lines[2].range(of: "能代市  ")!.lowerBound].displayWidth
        #expect(cityColumn1 == cityColumn2)
    }

    @Test func alignsDistancesInTheirOwnColumn() {
        var near = libraries
        near[1].distanceKm = 12.04
        let state = state([ListActions.started, ListActions.loaded(near, at: fetchedAt)])
        let lines = text(state)
        let first = lines[1][..<lines[1].range(of: "420 m")!.lowerBound].displayWidth
        let second = lines[2][..<lines[2].range(of: "12.0 km")!.lowerBound].displayWidth
        #expect(first == second)
    }

    @Test func showsTheSelectedLibrarysDetails() {
        let lines = text(loadedState)
        let details = lines.joined(separator: "\n")
        #expect(details.contains("秋田県立図書館"))
        #expect(details.contains("Address  〒010-0952 秋田県秋田市1-1"))
        #expect(details.contains("Phone    018-866-8400"))
        #expect(details.contains("Web      https://www.apl.pref.akita.jp/"))
        #expect(details.contains("System   秋田県秋田市 (Akita_Akita)"))
        #expect(details.contains("Category Regional library · main library of its system"))
        #expect(details.contains("Distance 420 m"))
        let moved = text(
            applying(reduceLibraryFinder, LibraryListAction.moveSelection(by: 1), to: loadedState))
        #expect(moved.joined(separator: "\n").contains("秋田市立能代市立図書館"))
        #expect(moved.joined(separator: "\n").contains("Phone    —"))
    }

    @Test func keepsTheListVisibleUnderAnErrorThatSaysToRetry() {
        let failed = state([
            ListActions.started, ListActions.loaded(libraries, at: fetchedAt), ListActions.started,
            ListActions.failed(QueryError(message: "HTTP 503.")),
        ])
        let lines = text(failed)
        #expect(lines[1].contains("県立図書館"))
        #expect(lines[size.rows - 3] == "✗ HTTP 503. Press r to retry.")
    }

    @Test func marksACachedListWithItsFetchTime() {
        let cached = state([
            ListActions.started, ListActions.loaded(libraries, at: fetchedAt), ListActions.started,
            ListActions.failed(QueryError(message: "Timed out.", isTransient: true)),
        ])
        let line = text(cached, size: TerminalSize(columns: 160, rows: 24))[21]
        #expect(
            line.hasPrefix("⚠ Offline: showing the list fetched \(FetchTime.text(fetchedAt)). Timed out."))
    }

    @Test func aLongErrorIsShownWholeWithItsAdviceAndTheRetryHint() {
        let message = CalilError(.timedOut(host: "api.calil.jp", seconds: 15)).description
        let failed = failed(message)
        let lines = text(failed)
        #expect(lines.count == size.rows)
        #expect(lines[1].contains("県立図書館"), "the list is still shown")
        let shown = lines.joined(separator: " ")
        #expect(
            shown.contains("or allow more time with --timeout."),
            "the advice was cut:\n\(lines.joined(separator: "\n"))")
        #expect(lines[size.rows - 2].hasSuffix("Press r to retry."))
        #expect(lines.allSatisfy { $0.displayWidth <= size.columns })
    }

    @Test func anErrorTooLongForTheScreenIsCutButKeepsTheRetryHint() {
        let failed = failed(String(repeating: "The service said something long. ", count: 20))
        let small = TerminalSize(columns: 40, rows: 14)
        let lines = text(failed, size: small)
        #expect(lines.count == small.rows)
        #expect(lines[small.rows - 2].hasSuffix("… Press r to retry."))
        #expect(lines.allSatisfy { $0.displayWidth <= small.columns })
    }

    @Test func pageUpAndDownMoveByTheVisibleHeightOfTheList() {
        let many = state([
            ListActions.started,
            ListActions.loaded(
                (0..<40).map { Fixtures.library(id: "\($0)", short: "図書館\($0)") }, at: fetchedAt),
        ])
        for size in [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 80, rows: 40)] {
            let lines = text(many, size: size)
            let listRows = lines.filter { $0.hasPrefix("› 図書館") || $0.hasPrefix("  図書館") }.count
            let height = LibraryFinderScreen.listHeight(for: many, size: size)
            #expect(height == listRows)
            #expect(
                LibraryFinderKeys.command(for: .pageDown, in: many, pageSize: height)
                    == .list(.moveSelection(by: listRows)))
            #expect(
                LibraryFinderKeys.command(for: .pageUp, in: many, pageSize: height)
                    == .list(.moveSelection(by: -listRows)))
        }
    }

    @Test func aCachedListAfterAServerErrorSaysTheServiceFailedNotOffline() {
        let reason = CalilError(.httpStatus(code: 500, serviceMessage: nil)).description
        let cached = state([
            ListActions.started, ListActions.loaded(libraries, at: fetchedAt), ListActions.started,
            ListActions.failed(
                QueryError(message: reason, isTransient: true, code: LibraryList.serviceFailed)),
        ])
        let shown = text(cached).joined(separator: " ")
        #expect(shown.contains("⚠ The service failed: showing the list fetched"))
        #expect(!shown.contains("Offline"))
    }

    @Test func wrapsALongErrorOntoTwoLinesKeepingTheRetryHint() {
        let message = String(repeating: "The service said something long. ", count: 3)
        let state = state([ListActions.started, ListActions.failed(QueryError(message: message))])
        let lines = LibraryFinderScreen.messageLines(state, width: 80, spinnerFrame: "⠋").map(\.plainText)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.displayWidth <= 80 })
        #expect(lines[0].hasPrefix("✗ The service said"))
        #expect(lines[1].hasSuffix("Press r to retry."))
        #expect(LibraryFinderScreen.wrap("秋田県立図書館は秋田市にあります", width: 10, maxLines: 2) == ["秋田県立図", "書館は秋…"])
    }

    @Test func dimsReloadWhileLoading() {
        let loading = LibraryFinderScreen.keysLine(state([ListActions.started]), width: 80)
        #expect(loading.spans.contains { $0.text == "r reload" && $0.style.dim })
        let idle = LibraryFinderScreen.keysLine(loadedState, width: 80)
        #expect(idle.plainText.contains("r reload"))
        #expect(!idle.spans.contains { $0.text.contains("r reload") && $0.style.dim })
    }

    @Test func showsTheFilterBeingTypedAndWhatItMatches() {
        let filtering = [LibraryListAction.beginFilter, .editFilter("能代")].reduce(loadedState) {
            applying(reduceLibraryFinder, $1, to: $0)
        }
        let lines = text(filtering)
        #expect(lines[0].hasSuffix("1 of 2 libraries"))
        #expect(lines[1].hasPrefix("› 能代市立図書館"))
        #expect(lines[size.rows - 1].hasPrefix("Filter: 能代"))
        let nothing = text(applying(reduceLibraryFinder, LibraryListAction.editFilter("札幌"), to: filtering))
        #expect(nothing[1].contains("No library matches “札幌”."))
    }

    @Test func asksForABiggerTerminalWhenTooSmall() {
        let lines = text(loadedState, size: TerminalSize(columns: 30, rows: 10))
        #expect(lines.contains { $0.contains("Terminal too small") })
    }
}

@Suite struct LibraryFinderKeysTests {
    private var loaded: LibraryFinderState {
        [ListActions.started, ListActions.loaded([], at: Date())].reduce(LibraryFinderState()) {
            applying(reduceLibraryFinder, $1, to: $0)
        }
    }

    @Test func movesFiltersReloadsAndQuits() {
        #expect(
            LibraryFinderKeys.command(for: .down, in: loaded, pageSize: 5) == .list(.moveSelection(by: 1)))
        #expect(LibraryFinderKeys.command(for: .up, in: loaded, pageSize: 5) == .list(.moveSelection(by: -1)))
        #expect(
            LibraryFinderKeys.command(for: .pageDown, in: loaded, pageSize: 5) == .list(.moveSelection(by: 5))
        )
        #expect(LibraryFinderKeys.command(for: .home, in: loaded, pageSize: 5) == .list(.selectFirst))
        #expect(LibraryFinderKeys.command(for: .end, in: loaded, pageSize: 5) == .list(.selectLast))
        #expect(
            LibraryFinderKeys.command(for: .character("/"), in: loaded, pageSize: 5) == .list(.beginFilter))
        #expect(LibraryFinderKeys.command(for: .character("r"), in: loaded, pageSize: 5) == .reload)
        #expect(LibraryFinderKeys.command(for: .character("q"), in: loaded, pageSize: 5) == .quit)
        #expect(LibraryFinderKeys.command(for: .ctrl("c"), in: loaded, pageSize: 5) == .quit)
        #expect(LibraryFinderKeys.command(for: .character("x"), in: loaded, pageSize: 5) == .ignore)
    }

    @Test func reloadIsLeftToTheListQueryWhileLoading() {
        let loading = applying(reduceLibraryFinder, ListActions.started, to: loaded)
        #expect(LibraryFinderKeys.command(for: .character("r"), in: loading, pageSize: 5) == .reload)
        #expect(LibraryFinderKeys.command(for: .character("q"), in: loading, pageSize: 5) == .quit)
    }

    @Test func typingEditsTheFilterUntilEnterOrEsc() {
        var editing = loaded
        editing.isEditingFilter = true
        editing.filterText = "秋"
        #expect(
            LibraryFinderKeys.command(for: .character("田"), in: editing, pageSize: 5)
                == .list(.editFilter("秋田")))
        #expect(
            LibraryFinderKeys.command(for: .character("q"), in: editing, pageSize: 5)
                == .list(.editFilter("秋q")))
        #expect(
            LibraryFinderKeys.command(for: .character("r"), in: editing, pageSize: 5)
                == .list(.editFilter("秋r")))
        #expect(
            LibraryFinderKeys.command(for: .backspace, in: editing, pageSize: 5) == .list(.editFilter("")))
        #expect(LibraryFinderKeys.command(for: .enter, in: editing, pageSize: 5) == .list(.commitFilter))
        #expect(LibraryFinderKeys.command(for: .escape, in: editing, pageSize: 5) == .list(.cancelFilter))
        #expect(
            LibraryFinderKeys.command(for: .down, in: editing, pageSize: 5) == .list(.moveSelection(by: 1)))
    }

    @Test func theFilterTakesTheTextFieldsDeletionKeys() {
        var editing = loaded
        editing.isEditingFilter = true
        editing.filterText = "秋田 市立"
        #expect(
            LibraryFinderKeys.command(for: .ctrl("w"), in: editing, pageSize: 5)
                == .list(.editFilter("秋田 ")))
        #expect(
            LibraryFinderKeys.command(for: .ctrl("u"), in: editing, pageSize: 5) == .list(.editFilter("")))
        editing.filterText = ""
        #expect(LibraryFinderKeys.command(for: .backspace, in: editing, pageSize: 5) == .ignore)
    }

    @Test func escClearsAKeptFilter() {
        var filtered = loaded
        filtered.filterText = "能代"
        #expect(LibraryFinderKeys.command(for: .escape, in: filtered, pageSize: 5) == .list(.cancelFilter))
        #expect(LibraryFinderKeys.command(for: .escape, in: loaded, pageSize: 5) == .ignore)
    }
}

/// Library fields and error messages hold whatever the service sent: the screen shows control
/// characters as placeholders and the renderer sends only its own sequences.
@Suite struct LibraryFinderScreenHostileTextTests {
    private let size = TerminalSize(columns: 80, rows: 24)

    private func rendered(_ state: LibraryFinderState) -> String {
        var output = ""
        let renderer = Renderer(colorSupport: .colors) { output += $0 }
        renderer.render(LibraryFinderScreen.lines(for: state, size: size, spinnerFrame: "⠋"), size: size)
        return output
    }

    private func expectOnlyTheRenderersSequences(_ output: String) {
        #expect(!output.contains("\u{7}"))
        #expect(!output.contains("\u{1B}]"))
        #expect(!output.contains("\u{1B}[?"))
        #expect(!output.contains("\u{1B}c"))
        #expect(output.components(separatedBy: "\u{1B}[2J").count == 2)  // the first frame's clear
        #expect(!output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }

    @Test func listAndDetailsShowPlaceholders() {
        var hostile = Fixtures.library(
            id: "1", short: "悪\u{1B}]0;PWNED\u{7}\u{1B}[2J", city: "秋田\u{1B}市", category: .other("\u{1B}c"))
        hostile.formalName = "Formal\u{1B}[?1049h"
        hostile.address = "Street\r\n\u{1B}[31m1"
        hostile.phone = "\u{7F}1"
        let actions: [Action] = [
            ListActions.started,
            ListActions.loaded(
                [hostile, Fixtures.library(id: "2", short: "明徳館")],
                at: Date(timeIntervalSince1970: 1_800_000_000)),
        ]
        let state = actions.reduce(LibraryFinderState()) { applying(reduceLibraryFinder, $1, to: $0) }
        let lines = LibraryFinderScreen.lines(for: state, size: size, spinnerFrame: "⠋")
        #expect(lines.count == size.rows)
        #expect(lines.allSatisfy { $0.width <= size.columns })
        let text = lines.map(\.plainText)
        #expect(text[1].hasPrefix("› 悪␛]0;PWNED␇␛[2J"))
        #expect(text.contains { $0.contains("Formal␛[?1049h") })
        #expect(text.contains { $0.contains("Street␍␊␛[31m1") })
        // The city column lines up with the plain row's, the placeholder counted as shown.
        let hostileCity = text[1].range(of: "秋田␛市").map { text[1][..<$0.lowerBound].displayWidth }
        let plainCity = text[2].range(of: "秋田市").map { text[2][..<$0.lowerBound].displayWidth }
        #expect(hostileCity != nil)
        #expect(hostileCity == plainCity)
        expectOnlyTheRenderersSequences(rendered(state))
    }

    @Test func serverErrorMessageShowsPlaceholders() {
        let actions: [Action] = [
            ListActions.started,
            ListActions.failed(QueryError(message: "HTTP 500: \u{1B}]0;PWNED\u{7}\u{1B}[2J boom")),
        ]
        let state = actions.reduce(LibraryFinderState()) { applying(reduceLibraryFinder, $1, to: $0) }
        let text = LibraryFinderScreen.lines(for: state, size: size, spinnerFrame: "⠋").map(\.plainText)
        #expect(text.contains { $0.contains("✗ HTTP 500: ␛]0;PWNED␇␛[2J boom") })
        expectOnlyTheRenderersSequences(rendered(state))
    }

    @Test func filterTextShowsPlaceholders() {
        var state = LibraryFinderState()
        state.filterText = "\u{1B}]0;x\u{7}"
        #expect(LibraryFinderScreen.keysLine(state, width: 80).plainText.contains("filter: ␛]0;x␇"))
    }
}
