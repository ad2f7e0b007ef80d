/// One place where two values differ: the path to it, and the value before and after, rendered.
///
/// Values are rendered readably: strings are quoted, structs read like their initializer
/// (`Todo(title: "a", isDone: false)`), enum cases start with a dot (`.playing(score: 3)`).
///
/// - A changed value has both ``before`` and ``after``.
/// - An element added to an array, dictionary or set has no ``before``.
/// - An element removed from an array, dictionary or set has no ``after``.
public struct StateDifference: Equatable, Sendable {
    /// Where the values differ, from the root of the compared values: property names joined by
    /// dots, array indexes and dictionary keys in brackets, e.g. `game.cards[3].isFaceUp` or
    /// `scores["ann"]`. The root itself is the empty string.
    public var path: String

    /// The value before, rendered; `nil` when the value was added.
    public var before: String?

    /// The value after, rendered; `nil` when the value was removed.
    public var after: String?

    /// Creates a difference.
    ///
    /// - Parameters:
    ///   - path: Where the values differ; the empty string for the root.
    ///   - before: The value before, rendered; `nil` when the value was added.
    ///   - after: The value after, rendered; `nil` when the value was removed.
    public init(path: String, before: String?, after: String?) {
        self.path = path
        self.before = before
        self.after = after
    }

    /// What happened at ``path``.
    public enum Kind: Equatable, Sendable {
        /// The value changed from ``StateDifference/before`` to ``StateDifference/after``.
        case changed
        /// A collection gained the element ``StateDifference/after``.
        case added
        /// A collection lost the element ``StateDifference/before``.
        case removed
    }

    /// Whether the value changed, was added or was removed.
    public var kind: Kind {
        switch (before, after) {
        case (nil, .some): return .added
        case (.some, nil): return .removed
        default: return .changed
        }
    }
}

extension StateDifference: CustomStringConvertible {
    /// The difference as one line, as ``StateDiff/render(_:colored:)`` prints it, without colour.
    public var description: String {
        StateDiff.render([self])
    }
}
