/// What a piece of screen text means; the app turns each into colours (or none, with `NO_COLOR`).
public enum TextStyle: Equatable, Hashable, Sendable {
    /// Ordinary text.
    case plain
    /// A screen's heading.
    case title
    /// Hints and secondary text.
    case dim
    /// The highlighted row or the card under the cursor.
    case highlight
    /// A face-up card of pair `n`; each pair has its own colour.
    case pair(Int)
    /// A face-down card's back.
    case cardBack
    /// Good news (a found pair, a win).
    case success
    /// Something went wrong.
    case error
}

/// A run of text in one style.
public struct StyledSpan: Equatable, Sendable {
    /// The text.
    public var text: String
    /// Its style.
    public var style: TextStyle

    /// Creates a span.
    public init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One screen line, made of styled spans.
public struct StyledLine: Equatable, Sendable {
    /// The spans, left to right.
    public var spans: [StyledSpan]

    /// Creates a line from spans.
    public init(_ spans: [StyledSpan]) {
        self.spans = spans
    }

    /// Creates a line of one span.
    public init(_ text: String, _ style: TextStyle = .plain) {
        self.spans = [StyledSpan(text, style)]
    }

    /// An empty line.
    public static let blank = StyledLine([])

    /// The line's text without styles, as a test or a snapshot reads it.
    public var text: String { spans.map(\.text).joined() }
}

extension Array where Element == StyledLine {
    /// The lines' text without styles, one line per row, trailing spaces trimmed.
    public var plainText: String {
        map { line in
            var text = line.text
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }
}
