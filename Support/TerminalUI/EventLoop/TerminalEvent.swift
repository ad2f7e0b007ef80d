/// Something for an app to react to, delivered by ``EventLoop``.
public enum TerminalEvent: Hashable, Sendable {
    /// A key was pressed.
    case key(Key)
    /// The terminal now has this size; redraw for it.
    case resize(TerminalSize)
    /// The tick interval passed (to advance spinners and animations).
    case tick
}
