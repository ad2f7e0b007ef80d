/// One of the terminal's sixteen standard colours.
public enum Color: Int, Hashable, Sendable, CaseIterable {
    /// Black.
    case black = 0
    /// Red.
    case red
    /// Green.
    case green
    /// Yellow.
    case yellow
    /// Blue.
    case blue
    /// Magenta.
    case magenta
    /// Cyan.
    case cyan
    /// White.
    case white
    /// Bright black.
    case brightBlack
    /// Bright red.
    case brightRed
    /// Bright green.
    case brightGreen
    /// Bright yellow.
    case brightYellow
    /// Bright blue.
    case brightBlue
    /// Bright magenta.
    case brightMagenta
    /// Bright cyan.
    case brightCyan
    /// Bright white.
    case brightWhite

    /// The SGR parameter that selects this colour as the foreground.
    var foregroundCode: Int { rawValue < 8 ? 30 + rawValue : 90 + rawValue - 8 }
}

/// How a run of text looks: an optional foreground colour and attributes.
///
/// Colours are only drawn when the renderer's ``ColorSupport`` allows them; attributes (bold,
/// dim, reverse) are drawn unless the terminal is dumb.
public struct Style: Hashable, Sendable {
    /// The foreground colour, or `nil` for the terminal's default.
    public var foreground: Color?
    /// Bold (bright) text.
    public var bold: Bool
    /// Dim (faint) text.
    public var dim: Bool
    /// Reverse video: foreground and background swapped, as for a selected row.
    public var reverse: Bool

    /// Creates a style; by default plain text.
    public init(foreground: Color? = nil, bold: Bool = false, dim: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
    }

    /// Plain text.
    public static let plain = Style()
    /// Bold text.
    public static let bold = Style(bold: true)
    /// Dim text.
    public static let dim = Style(dim: true)
    /// Reverse video.
    public static let reverse = Style(reverse: true)

    /// This style with `color` as its foreground.
    public static func color(_ color: Color) -> Style { Style(foreground: color) }

    /// The SGR sequence that switches from plain text to this style under `support`, or "" for
    /// plain text.
    func escapeSequence(for support: ColorSupport) -> String {
        guard support != .none else { return "" }
        var codes: [Int] = []
        if bold { codes.append(1) }
        if dim { codes.append(2) }
        if reverse { codes.append(7) }
        if support == .colors, let foreground { codes.append(foreground.foregroundCode) }
        guard !codes.isEmpty else { return "" }
        return "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m"
    }
}
