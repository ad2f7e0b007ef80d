/// The two names of one ``Routable`` step, ReSwift-Router's main-branch one and its 0.7.1 one,
/// and the bridge between their default implementations.
///
/// Each name's default implementation forwards to the other name. A Routable that implements one
/// of them is reached through the forwarding; one that implements neither would forward forever,
/// so each forwarding default implementation records itself in ``forwarding`` (a task-local value,
/// which also works on plain threads) for the duration of the call, and the default
/// implementation that finds its own record reports the missing step instead of forwarding back.
struct StepSpellings: Sendable {
    /// Which of the two names a default implementation was reached under.
    enum Spelling: Sendable {
        /// `push(_:animated:completion:)` and its siblings.
        case mainBranch
        /// `pushRouteSegment(_:animated:completionHandler:)` and its siblings.
        case released
    }

    /// A default implementation forwarding to the other name: the Routable's type and the
    /// request, such as `push "a"`.
    struct Forwarding: Equatable, Sendable {
        let routableType: ObjectIdentifier
        let request: String
    }

    /// The main-branch name, such as `push(_:animated:completion:)`.
    let mainBranch: String
    /// The 0.7.1 name, such as `pushRouteSegment(_:animated:completionHandler:)`.
    let released: String

    static let push = StepSpellings(
        mainBranch: "push(_:animated:completion:)",
        released: "pushRouteSegment(_:animated:completionHandler:)")
    static let pop = StepSpellings(
        mainBranch: "pop(_:animated:completion:)",
        released: "popRouteSegment(_:animated:completionHandler:)")
    static let change = StepSpellings(
        mainBranch: "change(_:to:animated:completion:)",
        released: "changeRouteSegment(_:to:animated:completionHandler:)")

    /// The default implementations forwarding on this thread or task, innermost last.
    @TaskLocal static var forwarding: [Forwarding] = []

    /// Forwards a default implementation reached under `spelling` to the other name by calling
    /// `other`, unless this very request is already being forwarded from the other name: then
    /// `routable` implements neither, and the missing step is reported instead.
    ///
    /// - Parameters:
    ///   - spelling: The name whose default implementation is running.
    ///   - routable: The Routable the step was asked of.
    ///   - request: The step in words, such as `push "a"`.
    ///   - other: Calls the step under the other name.
    /// - Returns: What `other` returned, or `nil` when the step is missing.
    @discardableResult
    func forward<Result>(
        from spelling: Spelling, routable: any Routable, request: String, to other: () -> Result
    ) -> Result? {
        let entry = Forwarding(routableType: ObjectIdentifier(type(of: routable)), request: request)
        let active = Self.forwarding
        if active.contains(entry) {
            MissingStepContext.report(
                mainBranchName: mainBranch, releasedName: released, routable: routable, request: request)
            return nil
        }
        return Self.$forwarding.withValue(active + [entry]) { other() }
    }
}
