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
    public static let minimumSize = (
        columns: margin + GameRules.columns * (cardInnerWidth + 2) + (GameRules.columns - 1) * cardGap + 1,
        rows: 2 + (2 * GameRules.pairCount / GameRules.columns) * cardHeight + 4
    )

    /// Frames of the loading spinner.
    public static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The game screen's lines.
    ///
    /// - Parameters:
    ///   - state: The game slice.
    ///   - width: The terminal's width in columns.
    ///   - height: The terminal's height in rows.
    ///   - spinnerFrame: Which spinner frame to show while loading (the screen advances it on a timer).
    /// - Returns: The screen's lines, top to bottom.
    public static func render(_ state: GameState, width: Int, height: Int, spinnerFrame: Int = 0)
        -> [StyledLine]
    {
        let heading = StyledLine(" Memory Tunes · \(state.category.name)", .title)
        switch state.phase {
        case .idle:
            return [heading, .blank, StyledLine(" Press Enter to deal a game.", .dim)]
        case .loading(let category):
            let frame = spinnerFrames[
                ((spinnerFrame % spinnerFrames.count) + spinnerFrames.count) % spinnerFrames.count]
            return [
                heading, .blank,
                StyledLine([
                    StyledSpan(" \(frame) ", .highlight), StyledSpan("Loading \(category.name) albums…"),
                ]),
                .blank,
                StyledLine(hint(" Esc back · q quit", width: width), .dim),
            ]
        case .failed(let category, let message):
            return [
                heading, .blank,
                StyledLine(
                    TextFitting.truncate(" Couldn't load \(category.name) albums.", width: width), .error),
                StyledLine(TextFitting.truncate(" " + message, width: width)),
                .blank,
                StyledLine(
                    hint(" r try again · o play the offline catalog · Esc back · q quit", width: width), .dim),
            ]
        case .playing, .won:
            guard width >= minimumSize.columns, height >= minimumSize.rows else {
                return tooSmall(width: width, height: height)
            }
            return [heading, .blank] + table(state) + [.blank] + footer(state, width: width)
        }
    }

    /// The message shown instead of the table when the terminal is too small.
    static func tooSmall(width: Int, height: Int) -> [StyledLine] {
        let needed = "\(minimumSize.columns)×\(minimumSize.rows)"
        return [
            StyledLine(TextFitting.truncate(" The terminal is \(width)×\(height);", width: width), .error),
            StyledLine(TextFitting.truncate(" the game needs \(needed).", width: width), .error),
            StyledLine(TextFitting.truncate(" Make the window bigger.", width: width)),
        ]
    }

    private static func table(_ state: GameState) -> [StyledLine] {
        var lines: [StyledLine] = []
        let rows = (state.cards.count + GameRules.columns - 1) / GameRules.columns
        for row in 0..<rows {
            var rowLines = Array(
                repeating: [StyledSpan(String(repeating: " ", count: margin))], count: cardHeight)
            for column in 0..<GameRules.columns {
                let index = row * GameRules.columns + column
                guard state.cards.indices.contains(index) else { break }
                let card = cardLines(
                    state.cards[index], isCursor: index == state.cursor, isMismatch: isMismatch(index, state))
                for line in 0..<cardHeight {
                    if column > 0 {
                        rowLines[line].append(StyledSpan(String(repeating: " ", count: cardGap)))
                    }
                    rowLines[line] += card[line]
                }
            }
            lines += rowLines.map(StyledLine.init)
        }
        return lines
    }

    private static func isMismatch(_ index: Int, _ state: GameState) -> Bool {
        guard let mismatch = state.mismatch else { return false }
        return mismatch.first == index || mismatch.second == index
    }

    /// A card's four lines: border, title, artist, border. The cursor's card has a double border;
    /// a found pair says so on its lower border, a mismatch says "miss".
    private static func cardLines(_ card: Card, isCursor: Bool, isMismatch: Bool) -> [[StyledSpan]] {
        let (horizontal, vertical) = isCursor ? ("═", "║") : ("─", "│")
        let (topLeft, topRight, bottomLeft, bottomRight) =
            isCursor ? ("╔", "╗", "╚", "╝") : ("┌", "┐", "└", "┘")
        let borderStyle: TextStyle = isCursor ? .highlight : .plain
        let bottomLabel = card.isMatched ? " found " : isMismatch ? " miss " : ""
        let labelStyle: TextStyle = card.isMatched ? .success : isMismatch ? .error : borderStyle
        let fill = cardInnerWidth - bottomLabel.count
        let top = [
            StyledSpan(topLeft + String(repeating: horizontal, count: cardInnerWidth) + topRight, borderStyle)
        ]
        var bottom = [StyledSpan(bottomLeft + String(repeating: horizontal, count: fill / 2), borderStyle)]
        if !bottomLabel.isEmpty { bottom.append(StyledSpan(bottomLabel, labelStyle)) }
        bottom.append(
            StyledSpan(String(repeating: horizontal, count: fill - fill / 2) + bottomRight, borderStyle))
        let face: [StyledSpan]
        let back: [StyledSpan]
        if card.isFaceUp {
            face = [StyledSpan(TextFitting.fit(card.album.title, width: cardInnerWidth), .pair(card.pair))]
            back = [StyledSpan(TextFitting.fit(card.album.artist, width: cardInnerWidth), .pair(card.pair))]
        } else {
            let pattern = String(repeating: "░", count: cardInnerWidth)
            face = [StyledSpan(pattern, .cardBack)]
            back = [StyledSpan(pattern, .cardBack)]
        }
        let left = StyledSpan(vertical, borderStyle)
        let right = StyledSpan(vertical, borderStyle)
        return [top, [left] + face + [right], [left] + back + [right], bottom]
    }

    private static func footer(_ state: GameState, width: Int) -> [StyledLine] {
        let message: StyledLine
        let hints: String
        if case .won(let score) = state.phase {
            message = StyledLine(" Great! You won with score: \(score)", .success)
            hints = " Enter new game · Esc menu · q quit"
        } else {
            message = StyledLine(TextFitting.truncate(detail(state), width: width))
            hints = " arrows/hjkl move · Enter/Space flip · Esc menu · q quit"
        }
        return [
            message, StyledLine(TextFitting.truncate(status(state), width: width), .dim),
            StyledLine(hint(hints, width: width), .dim),
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

    /// The status line: category, pairs found, misses, and where the cards came from.
    static func status(_ state: GameState) -> String {
        var parts = [
            " \(state.category.name)", "pairs \(state.pairsFound)/\(state.pairCount)",
            "misses \(state.misses)",
        ]
        switch state.origin {
        case .live: parts.append("albums from iTunes")
        case .offline: parts.append("offline catalog")
        case .offlineFallback(let reason): parts.append("offline catalog: \(reason) r: try iTunes again")
        }
        return parts.joined(separator: " · ")
    }

    private static func hint(_ text: String, width: Int) -> String {
        TextFitting.truncate(text, width: width)
    }
}
