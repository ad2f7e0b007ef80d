import Dispatch
import Locking
import Testing

/// Support/Locking's `Locked`, the lock of the targets that may not depend on ReSwift.
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
}
