import ReSwift

/// Shows the state before the current one, if there is one.
///
/// Handled by ``timeTravelReducer(_:historyLimit:)``; the app's reducer never sees it.
public struct StepBack: Action, Codable, Equatable, Sendable {
    /// Creates the action.
    public init() {}
}

/// Shows the state after the current one, if the history has one (after stepping back).
///
/// Handled by ``timeTravelReducer(_:historyLimit:)``; the app's reducer never sees it.
public struct StepForward: Action, Codable, Equatable, Sendable {
    /// Creates the action.
    public init() {}
}

/// Shows the state at a position in the history.
///
/// Handled by ``timeTravelReducer(_:historyLimit:)``; the app's reducer never sees it. Positions
/// are indexes into ``TimeTravelState/steps``: 0 is the oldest state kept. A position outside the
/// history is clamped to it, so `JumpToState(index: 0)` shows the oldest state and
/// ``latest`` the newest.
public struct JumpToState: Action, Codable, Equatable, Sendable {
    /// The position in ``TimeTravelState/steps`` to show.
    public var index: Int

    /// Creates the action.
    ///
    /// - Parameter index: The position in ``TimeTravelState/steps`` to show.
    public init(index: Int) {
        self.index = index
    }

    /// Shows the newest state.
    public static var latest: JumpToState {
        JumpToState(index: .max)
    }
}

/// Shows the step with a number in the history (``TimeTravelState/firstStepNumber``): the same
/// state whatever older steps a bounded history dropped since the number was read. The
/// inspector's jumps use it.
///
/// Handled by ``timeTravelReducer(_:historyLimit:)``; the app's reducer never sees it. A number
/// after the newest step shows the newest; the number of a step already dropped changes nothing.
public struct JumpToStep: Action, Codable, Equatable, Sendable {
    /// The number of the step to show.
    public var number: Int

    /// Creates the action.
    ///
    /// - Parameter number: The number of the step to show, as ``TimeTravelState/currentStepNumber``
    ///   gave it.
    public init(number: Int) {
        self.number = number
    }
}
