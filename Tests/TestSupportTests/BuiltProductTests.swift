import Foundation
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct BuiltProductTests {
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

    @Test func aModulesObjectsAreThoseOfItsCurrentSourcesNotOnesLeftByMovedFiles() throws {
        let folder = try TemporaryDirectory(prefix: "built-objects")
        for name in ["Kept.swift.o", "Moved.swift.o", "Kept.d"] {
            try Data().write(to: folder.file(name))
        }
        let map: [String: Any] = [
            "": ["swift-dependencies": folder.file("primary.swiftdeps").path],
            "/src/Kept.swift": [
                "object": folder.file("Kept.swift.o").path, "dependencies": folder.file("Kept.d").path,
            ],
        ]
        try JSONSerialization.data(withJSONObject: map).write(to: folder.file("output-file-map.json"))
        #expect(builtObjects(inModuleFolder: folder.url).map(\.lastPathComponent) == ["Kept.swift.o"])

        // A C module's folder has no output file map: its objects are the .o files there.
        try FileManager.default.removeItem(at: folder.file("output-file-map.json"))
        #expect(
            builtObjects(inModuleFolder: folder.url).map(\.lastPathComponent) == [
                "Kept.swift.o", "Moved.swift.o",
            ])
    }

    @Test func runProductCapturesStatusAndStreams() throws {
        let run = try runProduct("pty-echo-fixture", environment: ["NO_COLOR": "1"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("is not a terminal"))
    }
}

@Suite(.timeLimit(.minutes(3))) struct ProductRunnerTests {
    @Test func passesArgumentsEnvironmentWorkingDirectoryAndInput() throws {
        let folder = try TemporaryDirectory(prefix: "product-runner")
        let directory = folder.url.resolvingSymlinksInPath()
        let run = try runProduct(
            "pty-echo-fixture", arguments: ["--report", "two words"], environment: ["FIXTURE_VALUE": "42"],
            standardInput: "typed text", workingDirectory: directory)
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("cwd: \(directory.path)"))
        #expect(lines.contains("arguments: --report two words"))
        #expect(lines.contains("FIXTURE_VALUE: 42"))
        #expect(lines.contains("TERM: xterm-256color"))
        #expect(lines.contains("terminals: stdin false, stdout false"))
        #expect(lines.contains("stdin: typed text"))
        #expect(run.standardError == "report done\n")
    }
}
