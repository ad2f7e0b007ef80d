import Foundation
import LibraryFinderModel
import TerminalUI

/// The interactive screen, drawn from the state alone: a title bar, the list (short name, the
/// shown book's availability, city, category in words, distance), the selected library's details,
/// the book search's progress, a status line (loading, error, cached) and the keys (or the filter
/// or ISBN being typed).
///
/// Every field from the service is drawn through TerminalUI's `Line`, which shows control
/// characters as placeholders (see `TerminalText`); widths here are measured on that shown text.
enum LibraryFinderScreen {
    /// The smallest terminal the screen is drawn in.
    static let minimumSize = TerminalSize(columns: 40, rows: 14)

    /// How many rows the details pane takes.
    static let detailsHeight = 7

    /// How many rows the status message takes at least (it takes more when it needs them).
    static let messageHeight = 2

    /// How many rows the status message may take at most, when the list keeps a row.
    static let maximumMessageHeight = 6

    /// The lines of the screen for a state.
    ///
    /// - Parameters:
    ///   - state: What to show.
    ///   - size: The terminal's size.
    ///   - spinnerFrame: The spinner's current frame, shown while loading.
    static func lines(for state: LibraryFinderState, size: TerminalSize, spinnerFrame: String) -> [Line] {
        guard size.fits(minimumSize) else {
            return TooSmallScreen.lines(needed: minimumSize, actual: size)
        }
        let width = size.columns
        let visible = state.visibleLibraries
        var lines: [Line] = [titleLine(state, visibleCount: visible.count, width: width)]
        let (book, message, listHeight) = layout(state, size: size, spinnerFrame: spinnerFrame)
        lines += listLines(
            state, visible: visible, width: width, height: listHeight, spinnerFrame: spinnerFrame)
        lines.append(Line(String(repeating: "─", count: width), style: .dim))
        lines += detailLines(state.selectedLibrary, state: state, width: width)
        lines += book
        lines += message
        lines.append(keysLine(state, width: width))
        return lines
    }

    /// How many rows of the list are visible for `state` on a terminal of `size` (what Page Up
    /// and Page Down move by); at least 1.
    static func listHeight(for state: LibraryFinderState, size: TerminalSize) -> Int {
        guard size.fits(minimumSize) else { return 1 }
        return layout(state, size: size, spinnerFrame: "").listHeight
    }

    /// The book's lines and the message, each wrapped into the room it may take, and the rows left
    /// for the list (at least one): title, list, rule, details, book, message, keys.
    private static func layout(_ state: LibraryFinderState, size: TerminalSize, spinnerFrame: String) -> (
        book: [Line], message: [Line], listHeight: Int
    ) {
        let fixed = 1 + 1 + detailsHeight + 1
        let bookRoom = max(min(maximumBookHeight, size.rows - fixed - messageHeight - 1), 0)
        let book = bookLines(state, width: size.columns, spinnerFrame: spinnerFrame, maxLines: bookRoom)
        let messageRoom = max(messageHeight, min(maximumMessageHeight, size.rows - fixed - book.count - 1))
        let message = messageLines(
            state, width: size.columns, spinnerFrame: spinnerFrame, maxLines: messageRoom)
        return (book, message, max(size.rows - fixed - book.count - message.count, 1))
    }

    /// `Libraries · 秋田県 · 秋田市` on the left, the count on the right.
    static func titleLine(_ state: LibraryFinderState, visibleCount: Int, width: Int) -> Line {
        var count = "\(state.libraries.count) \(state.libraries.count == 1 ? "library" : "libraries")"
        if visibleCount != state.libraries.count { count = "\(visibleCount) of \(count)" }
        let right = state.source == nil && state.libraries.isEmpty ? "" : count
        return StatusLine.line(left: "Libraries · \(state.query.summary)", right: right, width: width)
    }

    /// One row per visible library (with the shown book's availability after the name), or what to
    /// show instead.
    static func listLines(
        _ state: LibraryFinderState, visible: [Library], width: Int, height: Int, spinnerFrame: String
    ) -> [Line] {
        let emptyText: String
        switch state.status {
        case .loading where state.libraries.isEmpty: emptyText = "\(spinnerFrame) Loading…"
        case .failed where state.libraries.isEmpty: emptyText = "No libraries loaded."
        case .idle: emptyText = "Loading…"
        default:
            emptyText =
                state.filterText.isEmpty ? "No libraries found." : "No library matches “\(state.filterText)”."
        }
        let nameWidth = min(
            max(visible.map { $0.displayName.terminalSafe.displayWidth }.max() ?? 0, 8), max(width / 2 - 2, 8)
        )
        let cityWidth = min(max(visible.map { $0.city.terminalSafe.displayWidth }.max() ?? 0, 4), 12)
        let categoryWidth = min(
            visible.map { $0.category.displayName.terminalSafe.displayWidth }.max() ?? 0, 20)
        let book = state.books.shownSearch.flatMap { search in search.isbns.first.map { ($0, search) } }
        let items = visible.map { library -> Line in
            var line = Line(library.displayName).fitted(toWidth: nameWidth)
            line.append("  ")
            if let (isbn, search) = book {
                let answer = LibraryAnswer(library, isbn: isbn, in: search)
                line.append(Line(answer.word, style: answer.style).fitted(toWidth: availabilityWidth))
                line.append("  ")
            }
            line.append(Line(library.city).fitted(toWidth: cityWidth))
            line.append("  ")
            if let distance = library.distanceKm {
                line.append(
                    Line(library.category.displayName, style: .color(.cyan)).fitted(toWidth: categoryWidth))
                line.append("  " + DistanceText.text(distance), style: .dim)
            } else {
                line.append(library.category.displayName, style: .color(.cyan))
            }
            return line
        }
        return ListView.lines(
            items: items, selection: visible.isEmpty ? nil : state.selectedIndex, width: width,
            height: height, emptyText: emptyText)
    }

    /// The selected library's details, exactly ``detailsHeight`` lines; with a book shown, its
    /// availability and reservation page come after the address (and the last details give way).
    static func detailLines(_ library: Library?, state: LibraryFinderState, width: Int) -> [Line] {
        var lines: [Line] = []
        if let library {
            lines.append(Line(library.formalName, style: .bold))
            let postcode = library.postcode.map { "〒\($0) " } ?? ""
            lines.append(field("Address", postcode + library.address))
            lines += bookDetailLines(library, state: state)
            lines.append(field("Phone", library.phone ?? "—"))
            lines.append(field("Web", library.website ?? "—"))
            lines.append(field("System", "\(library.systemName) (\(library.systemID))"))
            var kind = library.category.displayName
            if library.isPrimary == true { kind += " · main library of its system" }
            lines.append(field("Category", kind))
            if let distance = library.distanceKm {
                lines.append(field("Distance", DistanceText.text(distance)))
            }
        }
        lines = lines.prefix(detailsHeight).map { $0.truncated(toWidth: width) }
        return lines + Array(repeating: Line(), count: detailsHeight - lines.count)
    }

    static func field(_ name: String, _ value: String) -> Line {
        Line(name.padding(toLength: 9, withPad: " ", startingAt: 0), style: .dim) + Line(value)
    }

    /// Loading, the error (with the retry key), the cache mark, or when the list was fetched,
    /// wrapped whole onto at least ``messageHeight`` and at most `maxLines` lines. When even
    /// `maxLines` is too few, the message is cut with `…` but the retry hint stays at its end.
    static func messageLines(
        _ state: LibraryFinderState, width: Int, spinnerFrame: String, maxLines: Int = messageHeight
    ) -> [Line] {
        let text: String
        var ending = ""
        let style: Style
        switch state.status {
        case .idle:
            (text, style) = ("\(spinnerFrame) Loading…", .plain)
        case .loading:
            (text, style) = ("\(spinnerFrame) Loading libraries…", .color(.yellow))
        case .failed(let message):
            (text, ending, style) = ("✗ \(message)", "Press r to retry.", .color(.red))
        case .loaded:
            switch state.source {
            case .cache(let fetchedAt, let reason, let serviceFailed)?:
                let label = serviceFailed ? "The service failed" : "Offline"
                text = "⚠ \(label): showing the list fetched \(FetchTime.text(fetchedAt)). \(reason)"
                ending = "Press r to retry."
                style = .color(.yellow)
            case .network(let fetchedAt)?:
                (text, style) = ("Fetched \(FetchTime.text(fetchedAt)).", .dim)
            case nil:
                (text, style) = ("", .plain)
            }
        }
        let rows = max(maxLines, messageHeight)
        var lines = wrap(text.terminalSafe, ending: ending.terminalSafe, width: width, maxLines: rows).map {
            Line($0, style: style)
        }
        lines += Array(repeating: Line(), count: max(messageHeight - lines.count, 0))
        return lines
    }

    /// `text` and then `ending` wrapped onto at most `maxLines` lines; when they don't fit, `text`
    /// is cut with `…` so that `ending` still ends the last line.
    static func wrap(_ text: String, ending: String, width: Int, maxLines: Int) -> [String] {
        let whole = ending.isEmpty ? text : text + " " + ending
        let all = wrap(whole, width: width, maxLines: Int.max)
        guard all.count > maxLines, !ending.isEmpty, ending.displayWidth + 2 <= width else {
            return wrap(whole, width: width, maxLines: maxLines)
        }
        var lines = wrap(text, width: width, maxLines: maxLines)
        let last = lines.count - 1
        let room = width - ending.displayWidth - 1
        var shortened = lines[last]
        if shortened.last != "…" { shortened += "…" }
        lines[last] = Line(shortened).truncated(toWidth: room).plainText + " " + ending
        return lines
    }

    /// `text` broken into lines of at most `width` columns, at spaces where possible; the last
    /// allowed line ends in `…` when text is left over.
    static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        guard width > 0, maxLines > 0, !text.isEmpty else { return [] }
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty, lines.count < maxLines {
            if lines.count == maxLines - 1 || rest.displayWidth <= width {
                lines.append(Line(String(rest)).truncated(toWidth: width).plainText)
                break
            }
            var end = rest.startIndex
            var used = 0
            while end < rest.endIndex, used + DisplayWidth.of(rest[end]) <= width {
                used += DisplayWidth.of(rest[end])
                end = rest.index(after: end)
            }
            if let space = rest[..<end].lastIndex(of: " "), space > rest.startIndex {
                end = space
            }
            lines.append(String(rest[..<end]))
            rest = rest[end...].drop(while: { $0 == " " })
        }
        return lines
    }

    /// The filter or ISBN being typed, or the keys (reload dimmed while loading, book while it
    /// can't be asked for; Esc stops a running search).
    static func keysLine(_ state: LibraryFinderState, width: Int) -> Line {
        if let prompt = state.books.prompt {
            return bookPromptLine(prompt, width: width)
        }
        if state.isEditingFilter {
            let field = TextField(text: state.filterText)
            let label = Line("Filter: ", style: .bold)
            let hint = Line("  Enter keeps · Esc clears", style: .dim)
            let room = max(width - label.width - hint.width, 1)
            return (label + field.line(width: room, focused: true) + hint).truncated(toWidth: width)
        }
        var line = Line("↑↓ move  / filter  ")
        line.append("b book", style: LibraryFinderKeys.canAskForABook(state) ? .plain : .dim)
        line.append("  ")
        line.append("r reload", style: state.isLoading ? .dim : .plain)
        line.append("  q quit")
        if state.books.running != nil {
            line.append("  Esc stops the search", style: .color(.yellow))
        }
        if !state.filterText.isEmpty {
            line.append("   filter: \(state.filterText) (/ edits, Esc clears)", style: .color(.cyan))
        }
        return line.truncated(toWidth: width)
    }
}
