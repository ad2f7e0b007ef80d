/// A run of text in one style.
///
/// A span's text is always safe to send to a terminal: control characters in what it is given
/// (escape sequences, line feeds, tabs, C1 controls, bidirectional overrides) are stored as
/// visible placeholders (see ``TerminalText``), so a view can pass text from outside the program
/// straight in, and widths are measured on what will be shown.
public struct Span: Hashable, Sendable {
    /// The text, with control characters already replaced by placeholders.
    public var text: String {
        get { storage }
        set { storage = TerminalText.sanitized(newValue) }
    }
    /// How the text looks.
    public var style: Style
    /// The sanitized text.
    private var storage: String

    /// Creates a span of `text` in `style`; control characters in `text` become placeholders.
    public init(_ text: String, style: Style = .plain) {
        self.storage = TerminalText.sanitized(text)
        self.style = style
    }

    /// Appends `text`, sanitizing only what is added.
    mutating func append(_ text: String) {
        storage += TerminalText.sanitized(text)
    }
}

/// One line of styled text on the screen.
///
/// Build lines from spans, measure them in terminal columns (``width``), and fit them to a width
/// with ``truncated(toWidth:ellipsis:)`` and ``padded(toWidth:style:)``. A string literal is a plain line.
/// Text is kept as its ``Span``s keep it: control characters shown as placeholders (see
/// ``TerminalText``), so a line is always safe to draw and its width is what the terminal shows.
///
/// ```swift
/// let line = Line([Span("Rock", style: .bold), Span(" · 3 pairs found")])
/// line.truncated(toWidth: 10).plainText   // "Rock · 3 …"
/// ```
public struct Line: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The spans, in order.
    public var spans: [Span]

    /// Creates a line from spans.
    public init(_ spans: [Span] = []) {
        self.spans = spans
    }

    /// Creates a line of `text` in one style.
    public init(_ text: String, style: Style = .plain) {
        self.spans = text.isEmpty ? [] : [Span(text, style: style)]
    }

    /// Creates a plain line from a string literal (interpolations included).
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// The text without styles, for debugging and test failure messages.
    public var description: String { plainText }

    /// The columns the line takes.
    public var width: Int { spans.reduce(0) { $0 + $1.text.displayWidth } }

    /// Appends text in a style.
    public mutating func append(_ text: String, style: Style = .plain) {
        guard !text.isEmpty else { return }
        if let last = spans.last, last.style == style {
            spans[spans.count - 1].append(text)
        } else {
            spans.append(Span(text, style: style))
        }
    }

    /// Appends another line's spans.
    public mutating func append(_ line: Line) {
        for span in line.spans { append(span.text, style: span.style) }
    }

    /// The two lines one after the other.
    public static func + (lhs: Line, rhs: Line) -> Line {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// The line cut to at most `width` columns, ending in `ellipsis` when something was cut.
    ///
    /// A wide character that would straddle the edge is left out (and the gap filled with a space),
    /// and combining marks stay with their base character.
    /// - Complexity: O(*n*) in the line's length.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> Line {
        guard self.width > width else { return self }
        let ellipsisWidth = ellipsis.displayWidth
        guard width > ellipsisWidth else { return prefix(columns: max(width, 0), fill: true) }
        var result = prefix(columns: width - ellipsisWidth, fill: false)
        let style = result.spans.last?.style ?? spans.first?.style ?? .plain
        result.append(ellipsis, style: style)
        return result
    }

    /// The line with spaces added at the end up to `width` columns (unchanged if already wider).
    public func padded(toWidth width: Int, style: Style = .plain) -> Line {
        let missing = width - self.width
        guard missing > 0 else { return self }
        var result = self
        result.append(String(repeating: " ", count: missing), style: style)
        return result
    }

    /// The line truncated and padded to exactly `width` columns.
    public func fitted(toWidth width: Int) -> Line {
        truncated(toWidth: width).padded(toWidth: width)
    }

    /// The line with spaces before it so that it is centered in `width` columns (truncated if
    /// wider).
    public func centered(inWidth width: Int) -> Line {
        let line = truncated(toWidth: width)
        let left = (width - line.width) / 2
        guard left > 0 else { return line }
        return Line(String(repeating: " ", count: left)) + line
    }

    /// The first characters that fit in `columns`; with `fill`, a space stands in for a wide
    /// character that didn't fit, so the result is exactly `columns` wide.
    func prefix(columns: Int, fill: Bool) -> Line {
        var result = Line()
        var used = 0
        for span in spans {
            var text = ""
            for character in span.text {
                let characterWidth = DisplayWidth.of(character)
                if used + characterWidth > columns {
                    result.append(text, style: span.style)
                    if fill && used < columns {
                        result.append(String(repeating: " ", count: columns - used), style: span.style)
                    }
                    return result
                }
                text.append(character)
                used += characterWidth
            }
            result.append(text, style: span.style)
        }
        return result
    }

    /// The characters from column `start` on; a space stands in for a wide character cut in half.
    func suffix(fromColumn start: Int) -> Line {
        var result = Line()
        var used = 0
        for span in spans {
            var text = ""
            for character in span.text {
                let characterWidth = DisplayWidth.of(character)
                if used >= start {
                    text.append(character)
                } else if used + characterWidth > start {
                    text.append(" ")
                }
                used += characterWidth
            }
            result.append(text, style: span.style)
        }
        return result
    }
}

extension Array where Element == Line {
    /// The lines joined into one, with `separator` between them: for laying out cells side by side.
    public func joined(separator: Line = Line()) -> Line {
        var result = Line()
        for (index, line) in enumerated() {
            if index > 0 { result.append(separator) }
            result.append(line)
        }
        return result
    }

    /// The lines' text without styles, one per line, trailing spaces removed: for comparing a
    /// rendered screen in tests.
    public var plainText: String {
        map { line in
            var text = line.plainText
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }
}
