/// Draws frames of ``Line``s on a terminal, rewriting only the lines that changed since the
/// previous frame.
///
/// Each frame is a complete description of the screen: line *i* goes on row *i*, lines longer than
/// the width are truncated, and rows without a line are blank. The first frame, the first after
/// ``invalidate()``, and the first after a size change clear the screen and draw everything.
///
/// ```swift
/// let renderer = Renderer(session: session, colorSupport: .detect(environment: environment))
/// renderer.render(view(state, size: session.size), size: session.size)
/// ```
///
/// The text of each line is written as its ``Span``s hold it, with control characters already
/// shown as placeholders (see ``TerminalText``): the only escape sequences a renderer writes are
/// its own (clearing, cursor moves, styles, erasing to the end of a line).
///
/// A renderer is used from one thread (the event loop's).
public final class Renderer {
    private let output: (String) -> Void
    private let colorSupport: ColorSupport
    private var previous: (lines: [Line], size: TerminalSize)?
    /// The terminal's resume count when the last frame was drawn: after a stop and `fg` the
    /// screen was cleared, so the next frame is drawn whole.
    private var drawnAtResume = TerminalRestoration.resumeCount

    /// Creates a renderer that hands each frame's bytes to `output`.
    ///
    /// - Parameters:
    ///   - colorSupport: Which styles to draw.
    ///   - output: Receives the escape sequences and text of each frame, once per frame.
    public init(colorSupport: ColorSupport, output: @escaping (String) -> Void) {
        self.colorSupport = colorSupport
        self.output = output
    }

    /// Creates a renderer that draws on a session's terminal.
    public convenience init(session: TerminalSession, colorSupport: ColorSupport) {
        self.init(colorSupport: colorSupport) { session.write($0) }
    }

    /// Draws `lines` on a screen of `size`, writing only what changed.
    public func render(_ lines: [Line], size: TerminalSize) {
        let resumeCount = TerminalRestoration.resumeCount
        if resumeCount != drawnAtResume {
            drawnAtResume = resumeCount
            previous = nil
        }
        let next = Self.fit(lines, to: size)
        let update = Self.update(from: previous, to: next, size: size, colorSupport: colorSupport)
        previous = (next, size)
        if !update.isEmpty { output(update) }
    }

    /// Makes the next ``render(_:size:)`` redraw the whole screen, for example after something
    /// else wrote to the terminal.
    public func invalidate() {
        previous = nil
    }

    /// The rows of a frame: exactly `size.rows` lines, each at most `size.columns` wide.
    static func fit(_ lines: [Line], to size: TerminalSize) -> [Line] {
        let rows = max(size.rows, 0)
        var result = lines.prefix(rows).map { $0.truncated(toWidth: max(size.columns, 0)) }
        result += Array(repeating: Line(), count: rows - result.count)
        return result
    }

    /// The bytes that turn a screen showing `previous` into one showing `next`.
    static func update(
        from previous: (lines: [Line], size: TerminalSize)?, to next: [Line], size: TerminalSize,
        colorSupport: ColorSupport
    ) -> String {
        var output = ""
        let repaint = previous == nil || previous?.size != size
        if repaint { output += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        for (row, line) in next.enumerated() {
            if repaint {
                if line.spans.isEmpty { continue }
            } else if let previous, row < previous.lines.count, previous.lines[row] == line {
                continue
            }
            output += "\u{1B}[\(row + 1);1H"
            output += styledText(line, colorSupport: colorSupport)
            // Erase the rest unless the line reaches the last column, where EL would erase the
            // last character (the cursor waits there for a wrap).
            if line.width < size.columns { output += "\u{1B}[K" }
        }
        return output
    }

    /// The text of a line with SGR sequences around each styled span.
    static func styledText(_ line: Line, colorSupport: ColorSupport) -> String {
        var output = ""
        for span in line.spans {
            let sequence = span.style.escapeSequence(for: colorSupport)
            if sequence.isEmpty {
                output += span.text
            } else {
                output += sequence + span.text + "\u{1B}[0m"
            }
        }
        return output
    }
}
