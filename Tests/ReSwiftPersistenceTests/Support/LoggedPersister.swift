import ReSwift

@testable import ReSwiftPersistence

/// A persister of `\.todos` on `clock` with a 200 ms quiet period and no exit flush, writing each
/// slice to `log` and then to `file`.
func makeLoggedPersister(
    _ store: Store<TodoState>, file: PersistedFile<[String]>, clock: ManualClock, log: WriteLog<[String]>
) -> StatePersister<TodoState, [String]> {
    StatePersister(
        store: store, file: file, select: \.todos, quietPeriod: 200_000_000, flushesOnExit: false,
        merge: nil,
        clock: clock,
        write: { todos, _ in
            try log.write(todos)
            try file.save(todos)
            return todos
        })
}
