import ReSwift
import ReSwiftDiff

/// Whether two states are equal: by `==` for `Equatable` states, otherwise by having no
/// difference that reflection can see.
func statesEqual<State>(_ lhs: State, _ rhs: State) -> Bool {
    if let lhs = lhs as? any Equatable {
        return lhs.isEqual(to: rhs)
    }
    return StateDiff.differences(lhs, rhs).isEmpty
}

extension Equatable {
    /// Whether `other` is a `Self` equal to this value.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// The failure message for a state that isn't the expected one.
func stateMismatchMessage<State>(after action: String, expected: State, actual: State) -> String {
    let differences = StateDiff.differences(expected, actual)
    let body =
        differences.isEmpty
        ? "  (== says they differ, but reflection finds no difference: check the state's == implementation)"
        : StateDiff.render(differences)
    return """
        State after \(action) is not the expected state.
        Differences (expected → actual):
        \(body)
        """
}

/// How a received action differs from the expected one: both actions, and for two actions of
/// the same type, their differences.
func actionDifference(expected: Action, received: Action) -> String {
    let both = "  expected: \(expected)\n  received: \(received)"
    guard let differences = sameTypeDifferences(expected: expected, received: received) else { return both }
    return both + "\n" + differences
}

/// The differences between two actions of the same type, as lines under a heading; `nil` for
/// actions of different types or without differences reflection can see.
func sameTypeDifferences(expected: Action, received: Action) -> String? {
    guard type(of: expected) == type(of: received) else { return nil }
    let differences = StateDiff.differences(expected, received)
    guard !differences.isEmpty else { return nil }
    return "Differences (expected → received):\n" + StateDiff.render(differences)
}
