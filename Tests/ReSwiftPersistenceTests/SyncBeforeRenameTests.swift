import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

/// A save flushes the new contents to disk before they take the file's name, and flushes the
/// folder (the rename) before it returns: a power cut leaves the old file or the new one, never an
/// empty file under the name. The PersistenceWriter fixture reports each flush through the
/// `afterSync` fault hook, with what the temporary file and the file held at that moment.
@Suite struct SyncBeforeRenameTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test func theDataIsSyncedBeforeTheRenameAndTheFolderAfterIt() throws {
        let url = directory.file("list.json")
        try PersistedFile<[String]>(url: url, whenUnusable: .refuse).save(["old"])
        let run = try runWriter(["save-syncs", url.path, "new"])
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "synced temporary: temporary=new file=old",  // the new data is on disk, not yet named
                "synced folder: file=new",  // the rename is on disk before the save returns
                "saved",
            ], "\(run.output)")
    }

    @Test func aNewFileIsSyncedBeforeItAppears() throws {
        let url = directory.file("list.json")
        let run = try runWriter(["save-syncs", url.path, "new"])
        #expect(run.status == 0, "\(run.output)")
        #expect(
            run.output.split(separator: "\n").map(String.init) == [
                "synced temporary: temporary=new file=none", "synced folder: file=new", "saved",
            ], "\(run.output)")
    }
}
