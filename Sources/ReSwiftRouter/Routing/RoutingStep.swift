/// One step of a transition between two routes, performed by one ``Routable``.
///
/// A ``Router`` turns a route change into steps with ``steps(from:to:)`` and performs them in
/// order, each after the previous one's completion handler was called.
public enum RoutingStep: Equatable, Hashable, Sendable {
    /// Push `segment` below the segment at `responsibleRoutableIndex - 1` (the root for 0).
    case push(responsibleRoutableIndex: Int, segment: RouteElement)

    /// Pop `segment`, the segment at `responsibleRoutableIndex`, which is the last one shown.
    case pop(responsibleRoutableIndex: Int, segment: RouteElement)

    /// Replace the segment `from` at `responsibleRoutableIndex` with `to`.
    case change(responsibleRoutableIndex: Int, from: RouteElement, to: RouteElement)

    /// The index, in the route, of the segment this step pushes, pops or changes.
    ///
    /// The ``Routable`` that performs the step is the one responsible for this index: the root
    /// Routable for index 0, otherwise the Routable returned for the segment before it.
    public var responsibleRoutableIndex: Int {
        switch self {
        case .push(let index, _), .pop(let index, _), .change(let index, _, _):
            return index
        }
    }

    /// The shortest sequence of steps that turns the screen showing `oldRoute` into one showing
    /// `newRoute`.
    ///
    /// The routes share their largest common prefix. The steps pop the old route's segments after
    /// it, deepest first; then, if both routes go on past the prefix, change the old route's next
    /// segment into the new one's instead of popping and pushing it; then push the new route's
    /// remaining segments. Equal routes need no steps.
    ///
    /// ```swift
    /// RoutingStep.steps(from: ["a", "b", "c"], to: ["a", "x", "y"])
    /// // [.pop(responsibleRoutableIndex: 2, segment: "c"),
    /// //  .change(responsibleRoutableIndex: 1, from: "b", to: "x"),
    /// //  .push(responsibleRoutableIndex: 2, segment: "y")]
    /// ```
    ///
    /// - Parameters:
    ///   - oldRoute: The route shown now.
    ///   - newRoute: The route to show.
    /// - Returns: The steps, in the order to perform them.
    /// - Complexity: O(*n*), where *n* is the length of the longer route.
    public static func steps(from oldRoute: Route, to newRoute: Route) -> [RoutingStep] {
        var commonPrefixLength = 0
        while commonPrefixLength < oldRoute.count, commonPrefixLength < newRoute.count,
            oldRoute[commonPrefixLength] == newRoute[commonPrefixLength]
        {
            commonPrefixLength += 1
        }
        let changesSegment = commonPrefixLength < oldRoute.count && commonPrefixLength < newRoute.count
        let firstKeptOrNewIndex = changesSegment ? commonPrefixLength + 1 : commonPrefixLength

        var steps: [RoutingStep] = []
        steps.reserveCapacity(oldRoute.count + newRoute.count - 2 * commonPrefixLength)
        for index in stride(from: oldRoute.count - 1, through: firstKeptOrNewIndex, by: -1) {
            steps.append(.pop(responsibleRoutableIndex: index, segment: oldRoute[index]))
        }
        if changesSegment {
            steps.append(
                .change(
                    responsibleRoutableIndex: commonPrefixLength,
                    from: oldRoute[commonPrefixLength],
                    to: newRoute[commonPrefixLength]
                )
            )
        }
        for index in firstKeptOrNewIndex..<max(firstKeptOrNewIndex, newRoute.count) {
            steps.append(.push(responsibleRoutableIndex: index, segment: newRoute[index]))
        }
        return steps
    }
}

extension RoutingStep: CustomStringConvertible {
    /// The step in words, such as `push "detail"` or `change "a" to "b"`.
    public var description: String {
        switch self {
        case .push(_, let segment):
            return "push \"\(segment)\""
        case .pop(_, let segment):
            return "pop \"\(segment)\""
        case .change(_, let from, let to):
            return "change \"\(from)\" to \"\(to)\""
        }
    }
}
