import Foundation
@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

@testable import ReSwiftPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock held too long makes changes fail after a bounded wait, naming the holder; reads take no lock.
@Suite(.timeLimit(.minutes(3))) struct LockWaitTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// Runs `body` on another thread and waits at most `seconds` for it (a hang is a failure, not a
    /// hung suite).
    func withinDeadline<T: Sendable>(
        _ seconds: TimeInterval, _ body: @escaping @Sendable () throws -> T
    ) throws -> Result<T, any Error> {
        let box = Locked<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.withLock { $0 = Result { try body() } }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success, let result = box.current else {
            throw TestSupportError("still waiting after \(seconds) s")
        }
        return result
    }

    @Test func aStoppedLockHolderMakesChangesFailBusyNamingItAndReadsStillWork() throws {
        let url = directory.file("list.json")
        let holder = try launchWriter(["append", url.path, "holder", "1", "--hang"])
        defer {
            kill(holder.pid, SIGKILL)
            _ = try? holder.waitForExit()
        }
        try holder.waitForLine("locked")
        kill(holder.pid, SIGSTOP)

        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse, lockTimeout: 0.3)
        let started = Date()
        let outcome = try withinDeadline(15) { try file.update { $0?.append("blocked") } }
        let waited = Date().timeIntervalSince(started)
        guard case .failure(let failure) = outcome, let error = failure as? PersistenceError else {
            Issue.record("update should fail busy, got \(outcome)")
            return
        }
        print(
            "stopped holder \(holder.pid): busy after \(String(format: "%.2f", waited)) s: \(error.message)")
        #expect(error.kind == .busy)
        #expect(waited >= 0.3)
        #expect(error.message.contains("is busy"))
        #expect(error.message.contains("for more than 0.3 seconds."))
        #expect(error.message.contains("Nothing was changed"))
        #if os(Linux)
            #expect(error.lockHolderProcessID == holder.pid)
            #expect(error.message.contains("process \(holder.pid) (PersistenceWrit"))
        #endif
        #expect(throws: PersistenceError.self) { try file.save(["x"]) }

        // Reading takes no lock.
        let read = try withinDeadline(15) { try file.read() }
        #expect(try read.get() == ["holder-0"])
        let loaded = try withinDeadline(15) { try file.load() }
        #expect(try loaded.get() == ["holder-0"])
    }

    @Test func theLockIsTakenAsSoonAsItIsFreeWithinTheTimeout() throws {
        let url = directory.file("list.json")
        let holder = try launchWriter(["append", url.path, "holder", "1", "--hang"])
        try holder.waitForLine("locked")
        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse, lockTimeout: 30)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { kill(holder.pid, SIGKILL) }
        let outcome = try withinDeadline(25) { try file.update { $0 = ($0 ?? []) + ["after"] } }
        #expect(try outcome.get() == ["holder-0", "after"])
        try holder.waitForExit()
    }

    @Test func theHolderIsFoundInProcLocks() {
        let table = """
            1: POSIX  ADVISORY  WRITE 777 00:2f:99 0 EOF
            2: FLOCK  ADVISORY  WRITE 4321 00:2f:1234567 0 EOF
            2: -> FLOCK  ADVISORY  WRITE 999 00:2f:1234567 0 EOF
            3: FLOCK  ADVISORY  WRITE 55 fd:01:1234567 0 EOF
            """
        #expect(LockHolder.holder(in: table, fileIdentity: "00:2f:1234567")?.processID == 4321)
        #expect(LockHolder.holder(in: table, fileIdentity: "fd:01:1234567")?.processID == 55)
        #expect(LockHolder.holder(in: table, fileIdentity: "00:2f:99") == nil, "a POSIX lock isn't ours")
    }
}
