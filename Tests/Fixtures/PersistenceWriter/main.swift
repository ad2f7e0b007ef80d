// A test-only program for ReSwiftPersistenceTests, run as separate processes (and as another user).
//
//   PersistenceWriter append <file> <writer-name> <count> [--hang]
//     Appends "<writer-name>-0" … "<writer-name>-<count-1>" to a persisted [String], one
//     `PersistedFile.update` each, then exits 0. With --hang it then starts one more update, prints
//     "locked" once it holds the lock, and waits there to be killed (exiting 4 after 30 s if not).
//
//   PersistenceWriter persist-and-exit <file> <count> [--no-exit-flush]
//     Dispatches <count> increments into a store whose counter a StatePersister keeps in <file>
//     with a one-minute quiet period, then calls exit(0) at once: only the exit flush can write it.
//
//   PersistenceWriter save <file> <umask> <item>
//     Sets the umask (octal), saves ["<item>"] and prints "temporary <mode>" (octal) for the
//     temporary file as it is about to be renamed, then "saved".
//
//   PersistenceWriter read|load <file> refuse|set-aside
//     Prints "value <json>" (or "value none") and exits 0, or prints "error <kind>: <message>"
//     and exits 1.
//
//   PersistenceWriter save-loop <file> <items>
//     Saves lists of <items> copies of "generation-N", N = 1, 2, …, until killed; prints "started"
//     first.
//
//   PersistenceWriter set-aside <file>
//     Sets the file aside; prints "moved <path>" or "none" and exits 0, or prints
//     "error <kind>: <message>" and exits 1.
//
//   PersistenceWriter save-syncs <file> <item>
//     Saves ["<item>"] over a file holding something else, printing a line each time the save has
//     flushed something to disk: "synced temporary: temporary=<t> file=<f>" for the temporary
//     file and "synced folder: file=<f>" for the folder, where <t> and <f> say what the temporary
//     file and the file hold at that moment ("new", "old" or "none"); then "saved".
//
//   PersistenceWriter save-slowly <file> <item>
//     Saves ["<item>"], printing "writing" and pausing 0.5 s once the temporary file is written,
//     before it is renamed: a signal sent on "writing" arrives in the middle of the save (and ends
//     the process: the library holds no signals). Prints
//     "saved" after the save returns.

import Foundation
import ReSwift
@_spi(FaultInjection) import ReSwiftPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("PersistenceWriter: \(message)\n".utf8))
    exit(status)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data("\(line)\n".utf8))
}

/// Test runners may start children with these blocked; the signal tests need them delivered.
func unblockTerminationSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let reportAndFail: @Sendable (PersistenceError) -> Void = { problem in fail(problem.message, status: 3) }

func listFile(_ path: String, _ policy: UnusableFilePolicy = .refuse) -> PersistedFile<[String]> {
    PersistedFile<[String]>(
        url: URL(fileURLWithPath: path), whenUnusable: policy, lockTimeout: 30, errorHandler: reportAndFail)
}

switch (arguments.first, arguments.count) {
case ("append", 4),
    ("append", 5) where arguments[4] == "--hang":
    guard let count = Int(arguments[3]) else { fail("count must be a number", status: 2) }
    let file = listFile(arguments[1])
    do {
        for index in 0..<count {
            try file.update { items in items = (items ?? []) + ["\(arguments[2])-\(index)"] }
        }
        if arguments.count == 5 {
            try file.update { items in
                items = (items ?? []) + ["never written"]
                say("locked")
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
    let file = PersistedFile<Int>(
        url: URL(fileURLWithPath: arguments[1]), whenUnusable: .refuse, errorHandler: reportAndFail)
    let persister = StatePersister(
        store: store, file: file, select: { $0 }, quietPeriod: 60, flushesOnExit: arguments.count == 3)
    for _ in 0..<count { store.dispatch(Increment()) }
    withExtendedLifetime(persister) { exit(0) }

case ("save", 4):
    guard let mask = mode_t(arguments[2], radix: 8) else { fail("umask must be octal", status: 2) }
    umask(mask)
    let path = arguments[1]
    PersistenceFaultHooks.beforeRename = { _ in
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(".\(url.lastPathComponent).") && name.hasSuffix(".tmp") {
            var status = stat()
            if stat("\(folder)/\(name)", &status) == 0 {
                say("temporary \(String(status.st_mode & 0o7777, radix: 8))")
            }
        }
    }
    do {
        try listFile(path).save([arguments[3]])
        say("saved")
    } catch {
        fail("\(error)", status: 1)
    }

case ("read", 3), ("load", 3):
    let policy: UnusableFilePolicy = arguments[2] == "set-aside" ? .setAsideAndRebuild : .refuse
    let file = PersistedFile<[String]>(url: URL(fileURLWithPath: arguments[1]), whenUnusable: policy)
    do {
        let value = arguments[0] == "read" ? try file.read() : try file.load()
        let json = try value.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        say("value \(json ?? "none")")
    } catch let error as PersistenceError {
        say("error \(error.kind): \(error.message)")
        exit(1)
    } catch {
        fail("\(error)", status: 1)
    }

case ("save-loop", 3):
    guard let items = Int(arguments[2]) else { fail("items must be a number", status: 2) }
    let file = listFile(arguments[1])
    say("started")
    var generation = 1
    while true {
        do {
            try file.save([String](repeating: "generation-\(generation)", count: items))
        } catch {
            fail("\(error)", status: 1)
        }
        generation += 1
    }

case ("set-aside", 2):
    let file = PersistedFile<[String]>(url: URL(fileURLWithPath: arguments[1]), whenUnusable: .refuse)
    do {
        say(try file.setAside().map { "moved \($0.path)" } ?? "none")
    } catch let error as PersistenceError {
        say("error \(error.kind): \(error.message)")
        exit(1)
    } catch {
        fail("\(error)", status: 1)
    }

case ("save-syncs", 3):
    let path = arguments[1]
    let item = arguments[2]
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().resolvingSymlinksInPath().path
    /// What the file at `path` holds: the list being saved, something else, or nothing.
    @Sendable func holds(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "none" }
        return String(decoding: data, as: UTF8.self).contains("\"\(item)\"") ? "new" : "old"
    }
    PersistenceFaultHooks.afterSync = { synced in
        if synced == folder {
            say("synced folder: file=\(holds(path))")
        } else if URL(fileURLWithPath: synced).deletingLastPathComponent().path == folder {
            say("synced temporary: temporary=\(holds(synced)) file=\(holds(path))")
        } else {
            say("synced something else: \(synced)")
        }
    }
    do {
        try listFile(path).save([item])
        say("saved")
    } catch {
        fail("\(error)", status: 1)
    }

case ("save-slowly", 3):
    unblockTerminationSignals()
    PersistenceFaultHooks.beforeRename = { _ in
        say("writing")
        usleep(500_000)
    }
    do {
        try listFile(arguments[1]).save([arguments[2]])
        say("saved")
    } catch {
        fail("\(error)", status: 1)
    }

default:
    fail(
        "usage: PersistenceWriter append <file> <name> <count> [--hang] | "
            + "persist-and-exit <file> <count> [--no-exit-flush] | save <file> <umask> <item> | "
            + "read|load <file> refuse|set-aside | save-loop <file> <items> | set-aside <file> | "
            + "save-syncs <file> <item> | save-slowly <file> <item>",
        status: 2)
}
