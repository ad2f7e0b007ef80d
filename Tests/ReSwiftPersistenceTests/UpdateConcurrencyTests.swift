import Foundation
import ReSwiftPersistence
import TestSupport
import Testing

/// Many writers appending to one list at once: every item must survive.
@Suite(.timeLimit(.minutes(3))) struct UpdateConcurrencyTests {
    let directory: TemporaryDirectory
    let problems = Collected<PersistenceError>()

    init() throws { directory = try TemporaryDirectory() }

    func listFile() -> PersistedFile<[String]> {
        PersistedFile(
            url: directory.file("list.json"), whenUnusable: .setAsideAndRebuild,
            errorHandler: problems.append)
    }

    /// `threads` threads, each with its own handle on the file, each appending `perThread` items.
    func appendFromThreads(_ threads: Int, perThread: Int, prefix: String) -> [any Error] {
        let failures = Collected<any Error>()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let file = listFile()
            for index in 0..<perThread {
                do {
                    try file.update { items in items = (items ?? []) + ["\(prefix)\(thread)-\(index)"] }
                } catch {
                    failures.append(error)
                }
            }
        }
        return failures.all
    }

    @Test func updatesFromManyThreadsLoseNothing() throws {
        let failures = appendFromThreads(8, perThread: 15, prefix: "t")
        #expect(failures.isEmpty, "\(failures)")
        let items = try #require(try listFile().load())
        #expect(items.count == 120)
        #expect(Set(items).count == 120)
        #expect(problems.all.isEmpty)
    }

    @Test func updatesFromSeveralProcessesAndThreadsLoseNothing() throws {
        let writer = try builtProductURL("PersistenceWriter")
        let path = directory.file("list.json").path
        let processes = try (0..<4).map { number in
            let process = Process()
            process.executableURL = writer
            process.arguments = ["append", path, "p\(number)", "25"]
            try process.run()
            return process
        }
        let threadFailures = appendFromThreads(4, perThread: 10, prefix: "t")
        for process in processes {
            try waitForExit(of: process, "a PersistenceWriter appending 25 items")
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 0)
        }
        #expect(threadFailures.isEmpty, "\(threadFailures)")

        let items = try #require(try listFile().load())
        #expect(items.count == 4 * 25 + 4 * 10)
        #expect(Set(items).count == items.count)
        for number in 0..<4 {
            // each writer's own items stay in the order it appended them
            let own = items.filter { $0.hasPrefix("p\(number)-") }
            #expect(own == (0..<25).map { "p\(number)-\($0)" })
        }
        #expect(problems.all.isEmpty)
    }

    @Test func aWriterKilledWhileHoldingTheLockBlocksNoOneAndDamagesNothing() throws {
        let writer = try builtProductURL("PersistenceWriter")
        let output = Pipe()
        let process = Process()
        process.executableURL = writer
        process.arguments = ["append", directory.file("list.json").path, "child", "3", "--hang"]
        process.standardOutput = output
        try process.run()
        let line = output.fileHandleForReading.readData(ofLength: 7)  // blocks until the child holds the lock
        #expect(line.text == "locked\n")
        // SIGKILL, like a crash: the child dies inside update, holding the lock. (Not terminate():
        // the child inherits the test runner's blocked SIGTERM.)
        kill(process.processIdentifier, SIGKILL)
        try waitForExit(of: process, "the killed PersistenceWriter", timeout: 10)
        #expect(process.terminationReason == .uncaughtSignal)

        try listFile().update { items in items?.append("after") }
        #expect(try listFile().load() == ["child-0", "child-1", "child-2", "after"])
        #expect(problems.all.isEmpty)
    }
}
