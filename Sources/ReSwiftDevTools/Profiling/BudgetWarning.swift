import ReSwift

/// A dispatch that took longer than a ``DispatchProfiler``'s budget, with the part that took the
/// most time.
public struct BudgetWarning: Codable, Equatable, Sendable, CustomStringConvertible {
    /// The part of a dispatch that took the most time.
    public enum Part: Codable, Equatable, Sendable, CustomStringConvertible {
        /// The middleware chain (thunks, loggers) before the reducer.
        case middleware
        /// The store's reducer.
        case reducer
        /// A subscriber, by type name.
        case subscriber(String)

        /// `"middleware"`, `"reducer"` or `"subscriber GameView"`.
        public var description: String {
            switch self {
            case .middleware: "middleware"
            case .reducer: "reducer"
            case .subscriber(let name): "subscriber \(name)"
            }
        }
    }

    /// The action's type name.
    public var actionTypeName: String

    /// The whole dispatch's own time (middleware, reducer and subscribers).
    public var totalNanoseconds: UInt64

    /// The budget it exceeded.
    public var budgetNanoseconds: UInt64

    /// The part that took the most time.
    public var slowest: Part

    /// The time that part took.
    public var slowestNanoseconds: UInt64

    /// Where the action was dispatched from, when known (`"fileID:line"`).
    public var callSite: String?

    /// The dispatching thread (`"main"`, a name, or `"background"`).
    public var thread: String

    /// Creates a warning for a measurement over budget, naming its slowest part.
    ///
    /// - Parameters:
    ///   - measurement: The dispatch.
    ///   - budgetNanoseconds: The budget it exceeded.
    public init(measurement: DispatchMeasurement, budgetNanoseconds: UInt64) {
        var slowest = Part.middleware
        var slowestNanoseconds = measurement.middlewareNanoseconds
        if let reducer = measurement.reducerNanoseconds, reducer > slowestNanoseconds {
            slowest = .reducer
            slowestNanoseconds = reducer
        }
        for subscriber in measurement.subscribers where subscriber.nanoseconds > slowestNanoseconds {
            slowest = .subscriber(subscriber.subscriber.typeName)
            slowestNanoseconds = subscriber.nanoseconds
        }
        self.actionTypeName = measurement.actionTypeName
        self.totalNanoseconds = measurement.totalNanoseconds
        self.budgetNanoseconds = budgetNanoseconds
        self.slowest = slowest
        self.slowestNanoseconds = slowestNanoseconds
        self.callSite = measurement.origin.callSite?.description
        self.thread = measurement.origin.thread.description
    }

    /// One line: `FlipCard took 23.4 ms, over the 16.0 ms budget; slowest: subscriber GameView
    /// (20.1 ms); dispatched from MemoryGameModel/Thunks.swift:42 on main`.
    public var description: String {
        var text = """
            \(actionTypeName) took \(DurationText.format(totalNanoseconds)), over the \
            \(DurationText.format(budgetNanoseconds)) budget; slowest: \(slowest) \
            (\(DurationText.format(slowestNanoseconds))); dispatched
            """
        if let callSite { text += " from \(callSite)" }
        return text + " on \(thread)"
    }
}
