// A test-only program for ReSwiftPersistenceTests: appends items to a persisted list through
// `PersistedFile.update`, so tests can run several of it at once and check no item was lost.
//
// Usage: PersistenceWriter <file> <writer-name> <count> [--hang]
// Appends "<writer-name>-0" … "<writer-name>-<count-1>", one update each, then exits 0.
// With --hang it then starts one more update, prints "locked" once it holds the lock, and waits
// there until it is killed (or exits with status 4 after 30 seconds) (to test that a dead writer neither blocks others nor damages the file).

import Foundation
import ReSwiftPersistence

let arguments = CommandLine.arguments
guard arguments.count == 4 || (arguments.count == 5 && arguments[4] == "--hang"),
    let count = Int(arguments[3]), count >= 0
else {
    FileHandle.standardError.write(
        Data("usage: PersistenceWriter <file> <writer-name> <count> [--hang]\n".utf8))
    exit(2)
}
let file = PersistedFile<[String]>(
    url: URL(fileURLWithPath: arguments[1]), schemaVersion: 1,
    problemHandler: { problem in
        FileHandle.standardError.write(Data("PersistenceWriter: \(problem.message)\n".utf8))
        exit(3)
    })
do {
    for index in 0..<count {
        try file.update { items in
            items = (items ?? []) + ["\(arguments[2])-\(index)"]
        }
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
    FileHandle.standardError.write(Data("PersistenceWriter: \(error)\n".utf8))
    exit(1)
}
