import Foundation
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(3))) struct TemporaryDirectoryTests {
    @Test func theFolderAndWhatIsInItGoAwayWithTheInstance() throws {
        var folder: TemporaryDirectory? = try TemporaryDirectory(prefix: "temporary-directory-test")
        let url = try #require(folder?.url)
        let inner = try #require(try folder?.newFolder())
        try Data("x".utf8).write(to: inner.appendingPathComponent("file"))
        try Data("y".utf8).write(to: try #require(folder?.file("top")))
        #expect(try folder?.contents() == [inner.lastPathComponent, "top"].sorted())
        folder = nil
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func eachInstanceIsAFreshEmptyFolder() throws {
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        #expect(first.url != second.url)
        #expect(try first.contents().isEmpty)
        #expect(first.url.lastPathComponent.hasPrefix("reswift-tests-"))
    }

    @Test func theShortPathModeMakesAPrivateFolderInTmpThatASocketPathFitsIn() throws {
        var folder: TemporaryDirectory? = try TemporaryDirectory(prefix: "rit", shortPath: true)
        let path = try #require(folder?.path)
        #expect(path.hasPrefix("/tmp/rit-"))
        #expect(path.utf8.count == "/tmp/rit-".utf8.count + 8)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(try folder?.contents() == [])
        // The inspector's socket folder and its longest socket name fit the smaller sun_path (104).
        #expect((path + "/reswift-inspect/4194304-99.sock").utf8.count < 104)
        folder = nil
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

@Suite(.timeLimit(.minutes(3))) struct OneShotSignalTests {
    @Test func waitReturnsOnceTheSignalFiresFromAnotherTask() async {
        let signal = OneShotSignal()
        Task.detached { signal.fire() }
        #expect(await signal.wait(for: "the detached task"))
    }

    @Test func firingTwiceIsHarmless() async {
        let signal = OneShotSignal()
        signal.fire()
        signal.fire()
        #expect(await signal.wait(for: "the signal fired before the wait"))
    }

    @Test func aSignalThatNeverFiresFailsTheTestAfterTheDeadline() async {
        let signal = OneShotSignal()
        await withKnownIssue {
            let fired = await signal.wait(for: "a signal nobody fires", seconds: 1)
            #expect(!fired)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("Timed out after 1 s waiting for a signal nobody fires")
            }
                || "\(issue)".contains("Timed out after 1 s waiting for a signal nobody fires")
        }
    }
}

@Suite(.timeLimit(.minutes(3))) struct CollectedTests {
    @Test func keepsEveryElementAppendedFromManyThreads() {
        let collected = Collected<Int>()
        DispatchQueue.concurrentPerform(iterations: 1000) { collected.append($0) }
        #expect(collected.count == 1000)
        #expect(Set(collected.all) == Set(0..<1000))
    }
}
