/// What a list-changing command does to a particular list: the action to dispatch and how to
/// report the result. The command line decides it (``TodoFile/perform(_:)`` asks for it under the
/// file's lock, given the list as saved then).
package struct TodoCommandPlan {
    /// The action to dispatch.
    package var action: TodoAction
    /// The line to print, given the list after the action was reduced.
    package var report: (TodoState) -> String

    /// Creates a plan.
    package init(action: TodoAction, report: @escaping (TodoState) -> String) {
        self.action = action
        self.report = report
    }
}
