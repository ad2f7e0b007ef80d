/// The few ANSI escape sequences the renderer uses.
enum ANSI {
    enum Color: String {
        case red = "\u{1B}[31m"
        case green = "\u{1B}[32m"
    }

    static let reset = "\u{1B}[0m"

    static func paint(_ text: String, _ color: Color, if enabled: Bool) -> String {
        enabled ? color.rawValue + text + reset : text
    }
}
