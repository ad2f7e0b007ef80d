import Dispatch
import InternalReSwiftUtilities
import Testing

/// The package's one lock type, which every module uses.
@Suite struct LockedTests {
    @Test func incrementsFromManyThreadsAreNeverLost() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.current == 80_000)
    }

    @Test func withLockReturnsWhatItsBodyReturnsAndRethrows() {
        struct Refused: Error {}
        let value = Locked([1, 2])
        #expect(value.withLock { $0.removeLast() } == 2)
        #expect(throws: Refused.self) { try value.withLock { _ in throw Refused() } }
        #expect(value.current == [1])
    }

    @Test func aRecursiveLockMayBeTakenAgainByItsThread() {
        let lock = Locked(recursive: true)
        let depth = lock.withLock { lock.withLock { 2 } }
        #expect(depth == 2)
    }

    @Test func aPlainLockGuardsWorkBetweenLockAndUnlock() {
        let lock = Locked()
        let total = Locked(0)
        nonisolated(unsafe) var unguarded = 0  // nonisolated(unsafe): touched only holding `lock`
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<5_000 {
                lock.lock()
                unguarded += 1
                lock.unlock()
                total.withLock { $0 += 1 }
            }
        }
        #expect(lock.withLock { unguarded } == total.current)
        #expect(total.current == 20_000)
    }
}
