/// Fits text into a number of terminal columns.
enum TextFitting {
    /// `text` cut to `width` columns (ending in "…" when cut) and padded with spaces to exactly
    /// `width` columns.
    static func fit(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        let characters = Array(text)
        if characters.count <= width {
            return text + String(repeating: " ", count: width - characters.count)
        }
        return String(characters.prefix(width - 1)) + "…"
    }

    /// `text` cut to at most `width` columns (ending in "…" when cut), not padded.
    static func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        return text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}
