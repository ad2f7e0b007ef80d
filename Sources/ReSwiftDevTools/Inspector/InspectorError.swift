import Foundation

/// Why the inspector endpoint could not start, or a tool could not reach it.
public struct InspectorError: Error, Equatable, CustomStringConvertible {
    enum Reason: Equatable {
        case system(operation: String, code: Int32)
        case pathTooLong(path: String, limit: Int)
        case unsafeDirectory(path: String, problem: String)
        case lineTooLong(limit: Int)
    }

    let reason: Reason

    static func system(_ operation: String, _ code: Int32) -> InspectorError {
        InspectorError(reason: .system(operation: operation, code: code))
    }

    static func pathTooLong(_ path: String, limit: Int) -> InspectorError {
        InspectorError(reason: .pathTooLong(path: path, limit: limit))
    }

    static func unsafeDirectory(_ path: String, _ problem: String) -> InspectorError {
        InspectorError(reason: .unsafeDirectory(path: path, problem: problem))
    }

    static func lineTooLong(limit: Int) -> InspectorError {
        InspectorError(reason: .lineTooLong(limit: limit))
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch reason {
        case .system(let operation, let code):
            return "\(operation) failed: \(String(cString: strerror(code)))"
        case .pathTooLong(let path, let limit):
            return """
                The inspector's socket folder \(path) leaves no room for a socket's name in the \
                \(limit) bytes a socket address holds; set XDG_RUNTIME_DIR or TMPDIR to a shorter folder.
                """
        case .unsafeDirectory(let path, let problem):
            return """
                The inspector's folder \(path) \(problem), so other users might reach the app \
                through it; remove it (or fix it with chmod 700) and start the app again.
                """
        case .lineTooLong(let limit):
            return """
                The app sent a line longer than \(limit >> 20) MiB, the most the inspector protocol \
                allows; the line was skipped.
                """
        }
    }
}
