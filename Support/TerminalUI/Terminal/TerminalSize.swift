#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns (cells per line).
    public var columns: Int
    /// The number of rows (lines).
    public var rows: Int

    /// Creates a size of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// "80×24".
    public var description: String { "\(columns)×\(rows)" }

    /// Whether this size is at least `minimum` in both directions.
    public func fits(_ minimum: TerminalSize) -> Bool {
        columns >= minimum.columns && rows >= minimum.rows
    }

    /// The size of the terminal on `fd`, read with `ioctl(TIOCGWINSZ)`.
    ///
    /// - Parameter fd: A descriptor open on the terminal; standard output by default.
    /// - Returns: The size, or `nil` when `fd` is not a terminal or reports zero cells.
    public static func current(of fd: Int32 = STDOUT_FILENO) -> TerminalSize? {
        var size = winsize()
        let result = withUnsafeMutablePointer(to: &size) { ioctl(fd, UInt(TIOCGWINSZ), $0) }
        guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
