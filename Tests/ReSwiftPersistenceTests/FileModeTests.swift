import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

/// New data, lock and temporary files are the user's only (0600) whatever the umask; a replaced
/// file keeps its mode. Each save runs in the fixture, as the umask is process-wide.
@Suite struct FileModeTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test(arguments: ["022", "077", "000"])
    func newFilesAreOwnerOnly(umask: String) throws {
        let url = directory.file("list.json")
        let run = try runWriter(["save", url.path, umask, "new"])
        #expect(run.status == 0, "\(run.output)")
        let temporary = run.output.split(separator: "\n").filter { $0.hasPrefix("temporary ") }
        print(
            "umask \(umask): data \(String(try mode(of: url), radix: 8)), lock "
                + "\(String(try mode(of: directory.file("list.json.lock")), radix: 8)), \(temporary.joined(separator: ", "))"
        )
        #expect(try mode(of: url) == 0o600)
        #expect(try mode(of: directory.file("list.json.lock")) == 0o600)
        #expect(temporary == ["temporary 600"])
        #expect(try PersistedFile<[String]>(url: url, whenUnusable: .refuse).read() == ["new"])
    }

    @Test(arguments: ["022", "077"])
    func aReplacedFileKeepsItsMode(umask: String) throws {
        let url = directory.file("list.json")
        try Data(envelope(#"["old"]"#).utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
        let run = try runWriter(["save", url.path, umask, "new"])
        #expect(run.status == 0, "\(run.output)")
        print("umask \(umask), existing 0640: data \(String(try mode(of: url), radix: 8))")
        #expect(try mode(of: url) == 0o640)
        #expect(run.output.contains("temporary 640"))
        #expect(try PersistedFile<[String]>(url: url, whenUnusable: .refuse).read() == ["new"])
    }

    @Test func aNewFolderIsOwnerOnly() throws {
        let url = directory.file("app/list.json")
        try PersistedFile<[String]>(url: url, whenUnusable: .refuse).save(["x"])
        #expect(try mode(of: directory.file("app")) & 0o077 == 0)
    }
}
