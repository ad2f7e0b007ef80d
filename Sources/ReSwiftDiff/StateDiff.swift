/// Finds and prints the differences between two values of any type, by reflection.
///
/// ```swift
/// let differences = StateDiff.differences(oldState, newState)
/// print(StateDiff.render(differences))
/// //   game.misses: 2 → 3
/// // + game.matched[4]: Card(symbol: "🐙", isFaceUp: true)
/// ```
///
/// Values are walked with `Mirror`, so no protocol conformance is needed:
/// - structs, classes (including inherited properties) and tuples are compared property by property;
/// - enums are compared by case, then by their associated values;
/// - optionals are compared through their wrapped value (`nil → 3` is a change);
/// - arrays and other collections are compared by index; extra elements are added or removed;
/// - dictionaries are compared by key, reported in key order;
/// - sets report the elements one has and the other hasn't;
/// - anything else (numbers, strings, dates, URLs, types with a custom description and no
///   visible structure) is a leaf, compared by its rendered text.
///
/// Reference cycles are detected and not followed. Two references to the same object have no
/// differences.
public enum StateDiff {
    /// Returns the differences between two values, found by reflection.
    ///
    /// Differences are ordered as the values are laid out: properties in declaration order, array
    /// elements by index, dictionary entries and set elements by key (numerically for numbers).
    ///
    /// - Parameters:
    ///   - before: The earlier value.
    ///   - after: The later value.
    /// - Returns: One ``StateDifference`` per place where the values differ; empty when they are
    ///   structurally equal.
    /// - Complexity: O(*n*) in the size of both values.
    public static func differences<Value>(_ before: Value, _ after: Value) -> [StateDifference] {
        var differ = Differ()
        differ.compare(before, after, at: "")
        return differ.differences
    }

    /// Renders differences as human-readable lines, one per difference, joined by newlines.
    ///
    /// ```text
    ///   game.misses: 2 → 3
    /// - todos[2]: Todo(title: "a")
    /// + todos[3]: Todo(title: "b")
    /// ```
    ///
    /// A changed value is indented by two spaces, a removed one starts with `- `, an added one
    /// with `+ `. The root of the values is printed as `(root)`.
    ///
    /// - Parameters:
    ///   - differences: The differences, as ``differences(_:_:)`` returns them.
    ///   - colored: Whether to add ANSI colours: removed values red, added values green.
    /// - Returns: The lines, without a trailing newline; the empty string when there are no
    ///   differences.
    public static func render(_ differences: [StateDifference], colored: Bool = false) -> String {
        differences.map { renderLine($0, colored: colored) }.joined(separator: "\n")
    }

    /// Renders one value the way differences show it, e.g. `Todo(title: "a", isDone: false)`.
    ///
    /// - Parameter value: Any value.
    /// - Returns: A one-line, readable rendering: strings quoted, structs with their properties,
    ///   enum cases with a leading dot.
    public static func describe<Value>(_ value: Value) -> String {
        var renderer = ValueRenderer()
        return renderer.render(value)
    }

    static func renderLine(_ difference: StateDifference, colored: Bool) -> String {
        let path = difference.path.isEmpty ? "(root)" : difference.path
        switch (difference.before, difference.after) {
        case (let before?, let after?):
            return
                "  \(path): \(ANSI.paint(before, .red, if: colored)) → \(ANSI.paint(after, .green, if: colored))"
        case (nil, let after?):
            return ANSI.paint("+ \(path): \(after)", .green, if: colored)
        case (let before?, nil):
            return ANSI.paint("- \(path): \(before)", .red, if: colored)
        case (nil, nil):
            return "  \(path): (no value)"
        }
    }
}
