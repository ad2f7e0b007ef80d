import ReSwift

/// A programming error made with an effect: a negative or NaN interval for a debounce, a
/// throttle, a listener's `delay` or a ``TestClock``.
///
/// Reported to the handler of the middleware involved (``ThunkEffects/init(clock:misuseHandler:)``,
/// ``ListenerMiddleware/init(clock:errorHandler:misuseHandler:)``) if it has one, and otherwise
/// to ``ThunkHooks/misuseHandler``, which stops the program by default, as ReSwift's
/// `ReSwiftHooks.misuseHandler` does for a store's misuse. If a handler returns (a test's
/// does), the effect doesn't run: an awaited thunk throws the misuse, and a listener's `delay`
/// throws it to the listener.
public struct ThunkMisuse: Error, Sendable, CustomStringConvertible {
    /// The kinds of misuse effects detect.
    public enum Kind: Sendable, Equatable {
        /// An interval was negative, NaN or infinite.
        case invalidInterval
    }

    /// What went wrong.
    public let kind: Kind
    /// An explanation of what happened and what to do instead.
    public let message: String
    /// The file of the call (or the thunk or listener) involved, as `#fileID` gives it.
    public let fileID: String
    /// The line of the call (or the thunk or listener) involved.
    public let line: UInt

    /// Creates a misuse report.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - message: An explanation of what happened and what to do instead.
    ///   - fileID: The file involved.
    ///   - line: The line involved.
    public init(kind: Kind, message: String, fileID: String, line: UInt) {
        self.kind = kind
        self.message = message
        self.fileID = fileID
        self.line = line
    }

    public var description: String { message }

    /// Reports the misuse of handing `interval` to `use` at `site` to `handler` and throws it;
    /// returns if `interval` is valid. The one check every effect makes of an interval.
    static func check(
        _ interval: EffectDuration, for use: String, at site: CallSite,
        reportingTo handler: @Sendable (ThunkMisuse) -> Void
    ) throws {
        let (fileID, line) = ("\(site.fileID)", site.line)
        guard let problem = interval.intervalProblem else { return }
        let misuse = ThunkMisuse(
            kind: .invalidInterval,
            message: """
                ReSwiftThunk: the interval given to \(use) at \(fileID):\(line) \(problem). An \
                interval must be zero or more: use .zero to run at once, and check intervals that \
                come from settings or arithmetic before handing them over.
                """,
            fileID: fileID, line: line)
        handler(misuse)
        throw misuse
    }
}
