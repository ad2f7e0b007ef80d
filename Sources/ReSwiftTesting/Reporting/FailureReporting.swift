import Testing
import XCTest

/// Reports a test failure to whichever test framework is running the current test: Swift
/// Testing when there is a current `Test`, XCTest otherwise.
///
/// - Parameters:
///   - message: What went wrong and what to do about it.
///   - location: The caller's source location, where the failure is shown.
func reportFailure(_ message: String, at location: CallSite) {
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(location.fileID)",
                filePath: "\(location.filePath)",
                line: Int(location.line),
                column: Int(location.column)
            )
        )
    } else {
        XCTFail(message, file: location.filePath, line: location.line)
    }
}
