#if os(Linux) || os(macOS)
    import Foundation
    import TestSupport
    import Testing

    /// `todo` started in a folder that was deleted: a relative `--file` names no file, so it is
    /// refused with a clear message (it used to be taken from `/` and "Added").
    @Suite(.timeLimit(.minutes(5))) struct TodoDeletedFolderEndToEndTests {
        @Test func aRelativeFileInADeletedFolderIsRefusedAndNothingIsWritten() throws {
            let temporary = try TemporaryDirectory(prefix: "todo-deleted-cwd")
            let todo = try builtProductURL("todo").path
            let run = try runProgram(
                URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c", "mkdir gone && cd gone && rmdir ../gone && exec \"$0\" --file x.json add milk",
                    todo,
                ],
                workingDirectory: temporary.url)
            #expect(run.status == 1)
            #expect(run.standardError.contains("the current folder can't be found"))
            #expect(run.standardError.contains("x.json"))
            #expect(!run.standardOutput.contains("Added"))
            #expect(!FileManager.default.fileExists(atPath: "/x.json"))
        }
    }
#endif

/// XDG_DATA_HOME pointing at a file: a clear message naming it, not Foundation's
/// "NSCocoaErrorDomain error 512".
@Suite(.timeLimit(.minutes(5))) struct TodoDataHomeIsAFileEndToEndTests {
    @Test func aDataHomeThatIsAFileIsNamedInTheMessage() throws {
        let temporary = try TemporaryDirectory(prefix: "todo-xdg-file")
        let notAFolder = temporary.file("data")
        try Data("x".utf8).write(to: notAFolder)
        let run = try runProduct(
            "todo", arguments: ["add", "Buy milk"], environment: ["XDG_DATA_HOME": notAFolder.path])
        #expect(run.status == 1)
        #expect(run.standardError.contains("\(notAFolder.path) is a file, not a folder"))
        #expect(!run.standardError.contains("NSCocoaErrorDomain"))
    }
}
