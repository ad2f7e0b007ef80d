import Foundation
import ReSwift

/// Connects the default ``Routable`` step implementations to the ``RouteDriver`` that called them.
///
/// The driver binds ``current`` (a task-local value, which also works on plain threads) for the
/// duration of each call into a Routable; a default implementation reached during that call
/// reports through it, so the driver can name the step and the route and stop the transition.
struct MissingStepContext: Sendable {
    /// Reports that `routableType` implements a step under neither its main-branch name nor its
    /// 0.7.1 name.
    let report: @Sendable (_ mainBranchName: String, _ releasedName: String, _ routableType: String) -> Void

    /// The context of the step being performed on this thread or task, if any.
    @TaskLocal static var current: MissingStepContext?

    /// Reports a missing step implementation to the driver performing the step, or, when a
    /// default implementation is called outside a router, to standard error.
    static func report(mainBranchName: String, releasedName: String, routable: Any, request: String) {
        let routableType = String(describing: type(of: routable))
        if let context = current {
            context.report(mainBranchName, releasedName, routableType)
        } else {
            let message = """
                [ReSwiftRouter] \(routableType) implements neither \(mainBranchName) nor \(releasedName), \
                which were called to \(request) outside a Router's transition. Implement one of them \
                in \(routableType).

                """
            LibraryOutput.message(message)
        }
    }
}
