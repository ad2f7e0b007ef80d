/// An activity indicator: frames shown in turn, one per tick.
///
/// ```swift
/// var spinner = Spinner.dots
/// spinner.advance()                       // on each .tick
/// Line(spinner.frame + " Loading Rock albums…")
/// ```
public struct Spinner: Hashable, Sendable {
    /// The frames, shown in order.
    public var frames: [String]
    /// How many ticks have passed.
    public var tick: Int

    /// Creates a spinner with `frames` (must not be empty).
    public init(frames: [String], tick: Int = 0) {
        precondition(!frames.isEmpty, "A Spinner needs at least one frame.")
        self.frames = frames
        self.tick = tick
    }

    /// Braille dots, for terminals with Unicode fonts.
    public static let dots = Spinner(frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])
    /// `| / - \`, for any terminal.
    public static let line = Spinner(frames: ["|", "/", "-", "\\"])

    /// The frame to show now.
    public var frame: String { frame(at: tick) }

    /// The frame shown after `tick` ticks.
    public func frame(at tick: Int) -> String {
        frames[((tick % frames.count) + frames.count) % frames.count]
    }

    /// Moves to the next frame.
    public mutating func advance() {
        tick &+= 1
    }
}
