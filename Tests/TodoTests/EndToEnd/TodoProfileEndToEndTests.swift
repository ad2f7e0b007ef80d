import Foundation
import TestSupport
import Testing

/// `RESWIFT_PROFILE=1` makes the built `todo` print its dispatch profile on standard error at exit.
@Suite struct TodoProfileEndToEndTests {
    @Test func theProfileIsPrintedOnStandardErrorWhenAskedFor() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let run = try sandbox.run("add", "x", environment: ["RESWIFT_PROFILE": "1"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "Added 1: x\n")
        #expect(run.standardError.hasPrefix("ReSwift profile: "))
        #expect(!run.standardError.hasPrefix("ReSwift profile: 0 dispatches"))
    }

    @Test func nothingIsPrintedWithoutIt() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let run = try sandbox.run("add", "x", environment: ["RESWIFT_PROFILE": "0"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
    }
}
