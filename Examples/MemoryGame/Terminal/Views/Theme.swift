import TerminalUI

/// How the game's screens look: one place for every style, so the views name what text means
/// (a title, the cursor, pair 3) rather than which colour it is. The renderer drops colours with
/// `NO_COLOR` and everything on a dumb terminal; the screens stay readable without them.
public enum Theme {
    /// A screen's heading.
    public static let title = Style(foreground: .cyan, bold: true)
    /// Hints and secondary text.
    public static let hint = Style.dim
    /// The highlighted menu row, and the border of the card under the cursor.
    public static let highlight = Style(foreground: .brightWhite, bold: true, reverse: false)
    /// A face-down card's back.
    public static let cardBack = Style(foreground: .brightBlack)
    /// Good news: a found pair, a win.
    public static let success = Style(foreground: .green, bold: true)
    /// Something went wrong.
    public static let error = Style(foreground: .red, bold: true)

    /// The colours pairs are told apart by, one per pair of a game.
    static let pairStyles: [Style] = [
        Style(foreground: .red), Style(foreground: .green), Style(foreground: .yellow),
        Style(foreground: .blue), Style(foreground: .magenta), Style(foreground: .cyan),
        Style(foreground: .brightRed, bold: true), Style(foreground: .brightBlue, bold: true),
    ]

    /// The style of a face-up card of pair `pair`.
    ///
    /// - Parameter pair: The card's pair.
    /// - Returns: Its colour, distinct for each of a game's pairs.
    public static func pair(_ pair: Int) -> Style {
        pairStyles[((pair % pairStyles.count) + pairStyles.count) % pairStyles.count]
    }
}
