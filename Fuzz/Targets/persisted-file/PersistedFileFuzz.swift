// fuzz-modules: ReSwiftPersistence
//
// ReSwiftPersistence reads a data file that anything may have written: an older version of the
// app (migrations run), a newer one, an editor, a disk that filled up mid-write. Each input is
// written as the file and read by a PersistedFile at schema version 3 with migrations from
// versions 1 and 2; whatever reads must save and read back to the same value, and whatever
// doesn't must become a PersistenceError whose message can be built.

import Foundation
import ReSwiftPersistence

/// Version 3 of a stored to-do item.
private struct Item: Codable, Equatable, Sendable {
    var title: String
    var done: Bool
    var priority: Int
    var tags: [String]
    var due: Date?
}

/// Version 3 of the stored value.
private struct Stored: Codable, Equatable, Sendable {
    var items: [Item]
    var nextID: Int
}

/// Version 2: items had no priority.
private struct StoredV2: Codable, Sendable {
    struct ItemV2: Codable, Sendable {
        var title: String
        var done: Bool
        var tags: [String]
        var due: Date?
    }

    var items: [ItemV2]
    var nextID: Int
}

private enum MigrationRefused: Error {
    case notAnObject
}

private let migrations = [
    // 1 → 2: `name` became `title`, `done` was 0 or 1, and there were no tags.
    Migration(from: 1) { json in
        guard case .array(let oldItems)? = json["items"] else { throw MigrationRefused.notAnObject }
        var items: [JSONValue] = []
        for var item in oldItems {
            guard case .object = item else { throw MigrationRefused.notAnObject }
            item["title"] = item["name"]
            item["name"] = nil
            item["done"] = .bool((item["done"]?.intValue ?? 0) != 0)
            item["tags"] = []
            items.append(item)
        }
        json["items"] = .array(items)
        json["nextID"] = json["nextID"] ?? .integer(items.count + 1)
    },
    // 2 → 3: every item gets a priority.
    Migration(from: 2, decoding: StoredV2.self) { old in
        Stored(
            items: old.items.map {
                Item(title: $0.title, done: $0.done, priority: 0, tags: $0.tags, due: $0.due)
            },
            nextID: old.nextID)
    },
]

/// A folder of this process's own, in memory when /dev/shm is there; removed at exit.
private let folder: URL = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let url = URL(fileURLWithPath: base).appendingPathComponent("persisted-file-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit {
        removeEverything(in: folder)
        rmdir(folder.path)
    }
    return url
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPersistedFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let url = folder.appendingPathComponent("data.json")
    defer { removeEverything(in: folder) }
    guard FileManager.default.createFile(atPath: url.path, contents: bytes) else {
        preconditionFailure("can't write \(url.path)")
    }
    let file = PersistedFile<Stored>(
        url: url, schemaVersion: 3, migrations: migrations, whenUnusable: .refuse,
        errorHandler: { problem in _ = problem.message })
    let loaded: Stored?
    do {
        loaded = try file.read()
    } catch {
        _ = String(describing: error)
        return 0
    }
    guard let loaded else { return 0 }
    do {
        try file.save(loaded)
    } catch {
        // A value that loaded but can't be written back is a bug: the app would lose it on save.
        preconditionFailure("a loaded value can't be saved again: \(error)")
    }
    let reloaded = try? file.read()
    precondition(
        reloaded == loaded,
        "saving and loading changed the value: \(loaded) → \(String(describing: reloaded))")
    return 0
}

private func removeEverything(in folder: URL) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
    for name in names {
        unlink(folder.appendingPathComponent(name).path)
    }
}
