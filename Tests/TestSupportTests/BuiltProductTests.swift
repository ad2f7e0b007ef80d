import Foundation
import TestSupport
import Testing

@Suite struct BuiltProductTests {
    @Test func findsTheFixtureBuiltWithTheTests() throws {
        let url = try builtProductURL("pty-echo-fixture")
        #expect(FileManager.default.isExecutableFile(atPath: url.path))
    }

    @Test func missingProductErrorSaysHowToBuildIt() {
        #expect {
            try builtProductURL("no-such-product")
        } throws: { error in
            "\(error)".contains("swift build --product no-such-product")
        }
    }

    @Test func runProductCapturesStatusAndStreams() throws {
        let run = try runProduct("pty-echo-fixture", environment: ["NO_COLOR": "1"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("is not a terminal"))
    }
}
