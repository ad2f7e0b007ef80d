/// An app's state together with the states before it, for stepping back and forth in time.
///
/// Make it the store's state by wrapping the app's reducer with
/// ``timeTravelReducer(_:historyLimit:)``, and read the app's state from ``current``:
///
/// ```swift
/// let store = Store(reducer: timeTravelReducer(appReducer), state: nil)
/// store.subscribe(todoView) { $0.select(\.current) }
/// store.dispatch(StepBack())
/// ```
///
/// The history only changes through actions: ``StepBack``, ``StepForward`` and ``JumpToState``
/// move ``currentIndex``; any other action is reduced from ``current`` and becomes the latest
/// step, dropping the steps after ``currentIndex`` first.
public struct TimeTravelState<State> {
    /// One state in the history, and the action that produced it.
    public struct Step {
        /// The app's state after ``action``.
        public var state: State
        /// The action that produced the state, described readably (e.g. `AddTodo(title: "milk")`),
        /// or `initial state` for a state the history started from.
        public var action: String

        /// Creates a step.
        ///
        /// - Parameters:
        ///   - state: The app's state.
        ///   - action: A description of the action that produced it.
        public init(state: State, action: String) {
            self.state = state
            self.action = action
        }
    }

    /// The states, oldest first. Never empty.
    public internal(set) var steps: [Step]

    /// The position in ``steps`` of the state the app shows.
    public internal(set) var currentIndex: Int

    /// The number of the first of ``steps``: how many older steps a bounded history has dropped.
    /// The step at position `i` is step number `firstStepNumber + i` for as long as it is kept,
    /// however many steps are dropped after it is made, so ``JumpToStep`` reaches the same state
    /// later, where a position in ``steps`` would have moved.
    public internal(set) var firstStepNumber = 0

    /// The number of the step the app shows (see ``firstStepNumber``).
    public var currentStepNumber: Int {
        firstStepNumber + currentIndex
    }

    /// Creates a history holding one state, for a store's initial state.
    ///
    /// - Parameter initial: The app's initial state.
    public init(_ initial: State) {
        self.steps = [Step(state: initial, action: "initial state")]
        self.currentIndex = 0
    }

    init(steps: [Step], currentIndex: Int) {
        precondition(!steps.isEmpty, "Internal inconsistency: a time travel history without states")
        self.steps = steps
        self.currentIndex = currentIndex
    }

    /// The app's state at ``currentIndex``: what the app shows.
    public var current: State {
        steps[currentIndex].state
    }

    /// The app's states, oldest first.
    public var states: [State] {
        steps.map(\.state)
    }

    /// Whether there is an earlier state to step back to.
    public var canStepBack: Bool {
        currentIndex > 0
    }

    /// Whether there is a later state to step forward to (after stepping back).
    public var canStepForward: Bool {
        currentIndex < steps.count - 1
    }

    /// Moves to a step, clamping to the history's bounds.
    mutating func move(to index: Int) {
        currentIndex = min(max(index, 0), steps.count - 1)
    }

    /// Moves to the step numbered `number` (see ``firstStepNumber``); a number after the newest
    /// step shows the newest. Returns `false`, and stays, when the step was dropped.
    @discardableResult
    mutating func move(toStepNumber number: Int) -> Bool {
        guard number >= firstStepNumber else { return false }
        move(to: number - firstStepNumber)
        return true
    }

    /// Makes a new state the latest step, after dropping the steps after the current one and, if
    /// the history is bounded, the oldest steps beyond the limit.
    mutating func append(_ state: State, action: String, limit: Int?) {
        steps.removeSubrange((currentIndex + 1)...)
        steps.append(Step(state: state, action: action))
        if let limit, steps.count > limit {
            firstStepNumber += steps.count - limit
            steps.removeFirst(steps.count - limit)
        }
        currentIndex = steps.count - 1
    }
}

extension TimeTravelState.Step: Equatable where State: Equatable {}
extension TimeTravelState: Equatable where State: Equatable {}
extension TimeTravelState.Step: Sendable where State: Sendable {}
extension TimeTravelState: Sendable where State: Sendable {}
