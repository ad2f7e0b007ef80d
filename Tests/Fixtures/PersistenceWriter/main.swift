// A test-only program for ReSwiftPersistenceTests, run as separate processes.
//
//   PersistenceWriter append <file> <writer-name> <count> [--hang]
//     Appends "<writer-name>-0" … "<writer-name>-<count-1>" to a persisted [String], one
//     `PersistedFile.update` each, then exits 0. With --hang it then starts one more update, prints
//     "locked" once it holds the lock, and waits there to be killed (exiting 4 after 30 s if not).
//
//   PersistenceWriter persist-and-exit <file> <count> [--no-exit-flush]
//     Dispatches <count> increments into a store whose counter a StatePersister keeps in <file>
//     with a one-minute quiet period, then calls exit(0) at once: only the exit flush can write it.

import Foundation
import ReSwift
import ReSwiftPersistence

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("PersistenceWriter: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let reportAndFail: @Sendable (PersistenceError) -> Void = { problem in fail(problem.message, status: 3) }

switch (arguments.first, arguments.count) {
case ("append", 4),
    ("append", 5) where arguments[4] == "--hang":
    guard let count = Int(arguments[3]) else { fail("count must be a number", status: 2) }
    let file = PersistedFile<[String]>(url: URL(fileURLWithPath: arguments[1]), whenUnusable: .setAsideAndRebuild, problemHandler: reportAndFail)
    do {
        for index in 0..<count {
            try file.update { items in items = (items ?? []) + ["\(arguments[2])-\(index)"] }
        }
        if arguments.count == 5 {
            try file.update { items in
                items = (items ?? []) + ["never written"]
                FileHandle.standardOutput.write(Data("locked\n".utf8))
                sleep(30)  // killed long before; the bound only keeps a failed test from leaving it behind
                exit(4)
            }
        }
    } catch {
        fail("\(error)", status: 1)
    }

case ("persist-and-exit", 3),
    ("persist-and-exit", 4) where arguments[3] == "--no-exit-flush":
    guard let count = Int(arguments[2]) else { fail("count must be a number", status: 2) }
    struct Increment: Action {}
    let store = Store<Int>(
        reducer: { action, state in (state ?? 0) + (action is Increment ? 1 : 0) }, state: 0)
    let file = PersistedFile<Int>(url: URL(fileURLWithPath: arguments[1]), whenUnusable: .setAsideAndRebuild, problemHandler: reportAndFail)
    let persister = StatePersister(
        store: store, file: file, select: { $0 }, quietPeriod: 60, flushesOnExit: arguments.count == 3)
    for _ in 0..<count { store.dispatch(Increment()) }
    withExtendedLifetime(persister) { exit(0) }

default:
    fail(
        "usage: PersistenceWriter append <file> <name> <count> [--hang] | "
            + "persist-and-exit <file> <count> [--no-exit-flush]", status: 2)
}
