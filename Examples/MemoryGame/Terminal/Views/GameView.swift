import Foundation
import MemoryGameModel
import TerminalUI

/// Renders the game screen: the spinner while cards load, the failure and its choices, or the
/// table of cards with a detail line, a status line and the key hints.
public enum GameView {
    /// Columns inside a card's border.
    static let cardInnerWidth = 12
    /// Columns between two cards.
    static let cardGap = 2
    /// Lines a card takes: border, title, artist, border.
    static let cardHeight = 4
    /// Columns left of the table.
    static let margin = 1

    /// The smallest terminal the table fits in.
    public static let minimumSize = TerminalSize(
        columns: margin + GameRules.columns * (cardInnerWidth + 2) + (GameRules.columns - 1) * cardGap + 1,
        rows: 2 + (2 * GameRules.pairCount / GameRules.columns) * cardHeight + 4
    )

    /// The game screen's lines.
    ///
    /// - Parameters:
    ///   - state: The game slice.
    ///   - size: The terminal's size.
    ///   - spinner: The loading spinner (the screen advances it on the event loop's ticks).
    /// - Returns: The screen's lines, top to bottom.
    public static func lines(_ state: GameState, size: TerminalSize, spinner: Spinner = .dots) -> [Line] {
        let heading = Line(" Memory Tunes · \(state.category.name)", style: Theme.title)
        let lines: [Line]
        switch state.phase {
        case .idle:
            lines = [Line(" Memory Tunes", style: Theme.title), Line(), Line(" Getting the cards ready…")]
        case .loading(let category):
            lines = [
                heading, Line(),
                Line([
                    Span(" \(spinner.frame) ", style: Theme.highlight),
                    Span("Loading \(category.name) albums…"),
                ]),
                Line(),
                Line(" Esc back · q quit", style: Theme.hint),
            ]
        case .failed(let category, let message):
            lines = [
                heading, Line(),
                Line(" Couldn't load \(category.name) albums.", style: Theme.error),
                Line(" " + message),
                Line(),
                Line(" r try again · o play the offline catalog · Esc back · q quit", style: Theme.hint),
            ]
        case .playing, .won:
            guard fits(state, size: size) else {
                return TooSmallScreen.lines(needed: minimumSize, actual: size)
            }
            lines = [heading, Line()] + table(state) + [Line()] + footer(state, width: size.columns)
        }
        return lines.map { $0.truncated(toWidth: size.columns) }
    }

    /// Whether `size` shows the game, rather than "Terminal too small" (only the table needs room).
    ///
    /// - Parameters:
    ///   - state: The game slice.
    ///   - size: The terminal's size.
    /// - Returns: `false` when the screen says the terminal is too small.
    public static func fits(_ state: GameState, size: TerminalSize) -> Bool {
        switch state.phase {
        case .playing, .won: return size.fits(minimumSize)
        case .idle, .loading, .failed: return true
        }
    }

    /// "with no misses", "with 1 miss", "with 3 misses" (the score is the number of misses).
    static func misses(_ count: Int) -> String {
        switch count {
        case 0: return "with no misses"
        case 1: return "with 1 miss"
        default: return "with \(count) misses"
        }
    }

    private static func table(_ state: GameState) -> [Line] {
        var lines: [Line] = []
        let rows = (state.cards.count + GameRules.columns - 1) / GameRules.columns
        for row in 0..<rows {
            var rowLines = Array(repeating: Line(String(repeating: " ", count: margin)), count: cardHeight)
            for column in 0..<GameRules.columns {
                let index = row * GameRules.columns + column
                guard state.cards.indices.contains(index) else { break }
                let card = cardLines(
                    state.cards[index], isCursor: index == state.cursor, isMismatch: isMismatch(index, state))
                for line in 0..<cardHeight {
                    if column > 0 { rowLines[line].append(String(repeating: " ", count: cardGap)) }
                    rowLines[line].append(card[line])
                }
            }
            lines += rowLines
        }
        return lines
    }

    private static func isMismatch(_ index: Int, _ state: GameState) -> Bool {
        guard let mismatch = state.mismatch else { return false }
        return mismatch.first == index || mismatch.second == index
    }

    /// A card's four lines: border, title, artist, border. The cursor's card has a double border;
    /// a found pair says so on its lower border, a mismatch says "miss".
    private static func cardLines(_ card: Card, isCursor: Bool, isMismatch: Bool) -> [Line] {
        let horizontal = isCursor ? "═" : "─"
        let vertical = isCursor ? "║" : "│"
        let corners = isCursor ? ("╔", "╗", "╚", "╝") : ("┌", "┐", "└", "┘")
        let border = isCursor ? Theme.highlight : Style.plain
        let label = card.isMatched ? " found " : isMismatch ? " miss " : ""
        let labelStyle = card.isMatched ? Theme.success : isMismatch ? Theme.error : border
        let fill = cardInnerWidth - label.count

        let top = Line(
            corners.0 + String(repeating: horizontal, count: cardInnerWidth) + corners.1, style: border)
        var bottom = Line(corners.2 + String(repeating: horizontal, count: fill / 2), style: border)
        if !label.isEmpty { bottom.append(label, style: labelStyle) }
        bottom.append(String(repeating: horizontal, count: fill - fill / 2) + corners.3, style: border)

        let faces: [Line]
        if card.isFaceUp {
            let style = Theme.pair(card.pair)
            faces = [card.album.title, card.album.artist].map {
                Line($0, style: style).fitted(toWidth: cardInnerWidth)
            }
        } else {
            let pattern = Line(String(repeating: "░", count: cardInnerWidth), style: Theme.cardBack)
            faces = [pattern, pattern]
        }
        let side = Line(vertical, style: border)
        return [top] + faces.map { side + $0 + side } + [bottom]
    }

    private static func footer(_ state: GameState, width: Int) -> [Line] {
        let message: Line
        let hints: String
        if case .won(let score) = state.phase {
            message = Line(" Great! You won \(misses(score)).", style: Theme.success)
            hints = " Enter new game · Esc menu · q quit"
        } else if state.confirmingNewBoard {
            message = Line(
                " Deal a new board from iTunes? This board's progress is lost.", style: Theme.error)
            hints = " y new board · n keep playing · q quit"
        } else {
            message = Line(detail(state))
            hints = " arrows/hjkl move · Enter/Space flip · Esc menu · q quit"
        }
        return [
            message, Line(status(state, width: width), style: Theme.hint), Line(hints, style: Theme.hint),
        ]
    }

    /// The detail line: the full names on the card under the cursor.
    static func detail(_ state: GameState) -> String {
        guard state.cards.indices.contains(state.cursor) else { return "" }
        let card = state.cards[state.cursor]
        let position = " Card \(state.cursor + 1) of \(state.cards.count): "
        guard card.isFaceUp else { return position + "face down" }
        return position + "\(card.album.artist) — \(card.album.title)" + (card.isMatched ? " (found)" : "")
    }

    /// The status line: category, pairs found, misses, and where the cards came from; after a
    /// retry that fell back to the offline catalog again, which retry that was.
    ///
    /// Fitted to `width` without losing the way out (`r retries`): when the line is too wide the
    /// category goes (the heading names it), then the reason is shortened with "…".
    static func status(_ state: GameState, width: Int = .max) -> String {
        let counts = "pairs \(state.pairsFound)/\(state.pairCount) · misses \(state.misses)"
        let full = " \(state.category.name) · \(counts)"
        let origin: (open: String, reason: String, close: String)
        switch state.origin {
        case .live: origin = ("albums from iTunes", "", "")
        case .offline: origin = ("offline catalog", "", "")
        case .offlineFallback(let reason):
            let retry = state.fallbacksInARow > 1 ? "retry \(state.fallbacksInARow - 1): " : ""
            origin = ("offline (\(retry)", reason, "; r retries)")
        case .cached(let fetched, let reason):
            origin = ("offline; albums from \(clockTime(fetched)) (", reason, "; r retries)")
        }
        let tail = origin.open + origin.reason + origin.close
        for head in [full, " \(counts)"] where (head + " · " + tail).displayWidth <= width {
            return head + " · " + tail
        }
        let head = " \(counts) · " + origin.open
        let room = width - head.displayWidth - origin.close.displayWidth
        return head + shortened(origin.reason, toWidth: room) + origin.close
    }

    /// `date` as the local hour and minute, `14:02`.
    private static func clockTime(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `text` cut to `width` columns, ending with "…" when it was cut.
    private static func shortened(_ text: String, toWidth width: Int) -> String {
        guard text.displayWidth > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            guard used + characterWidth <= width - 1 else { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }
}
