import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file is changed only when it is the user's to change: a file the user made read-only is not
/// replaced or removed, another user's file is not replaced, moved or removed, and another user's
/// symbolic link is not followed. Each is refused with the reason, and nothing changes.
@Suite struct FileOwnershipTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    var url: URL { directory.file("list.json") }

    func listFile(_ url: URL? = nil) -> PersistedFile<[String]> {
        PersistedFile(url: url ?? self.url, whenUnusable: .refuse)
    }

    /// Runs `operation`, expecting a `PersistenceError` of `kind`.
    func expectError(
        _ kind: PersistenceError.Kind, _ operation: () throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> PersistenceError? {
        do {
            try operation()
            Issue.record("expected a \(kind) error", sourceLocation: sourceLocation)
        } catch let error as PersistenceError {
            #expect(error.kind == kind, "\(error.message)", sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test func aReadOnlyFileIsNeitherReplacedNorRemovedButCanBeSetAside() throws {
        try listFile().save(["kept"])
        #expect(chmod(url.path, 0o400) == 0)
        let before = try Data(contentsOf: url)

        let error = expectError(.readOnly) { try listFile().save(["replaced"]) }
        #expect(error?.reason == "its mode is 400")
        #expect(error?.message.contains("is read-only (its mode is 400)") == true)
        #expect(error?.message.contains("chmod u+w \(url.path)") == true)
        _ = expectError(.readOnly) { try listFile().update { $0?.append("more") } }
        _ = expectError(.readOnly) { try listFile().update { $0 = nil } }
        _ = expectError(.readOnly) { try listFile().remove() }
        #expect(try Data(contentsOf: url) == before)
        #expect(try mode(of: url) == 0o400)
        #expect(try listFile().read() == ["kept"])
        #expect(try directory.contents().filter { $0.hasSuffix(".tmp") }.isEmpty)

        // Setting it aside changes nothing in it: the way out stays open.
        let moved = try #require(try listFile().setAside())
        #expect(try Data(contentsOf: moved) == before)
        #expect(try mode(of: moved) == 0o400)
    }

    @Test func anotherUsersFileIsNeitherReplacedMovedNorRemoved() throws {
        guard geteuid() == 0 else {
            print(
                "Skipped anotherUsersFileIsNeitherReplacedMovedNorRemoved: only root can make a file of another user's"
            )
            return
        }
        try listFile().save(["theirs"])
        #expect(chown(url.path, otherUserID, otherUserID) == 0)
        let before = try Data(contentsOf: url)

        let error = expectError(.ownedByAnotherUser) { try listFile().save(["replaced"]) }
        #expect(error?.reason == "it belongs to uid \(otherUserID), and you are uid 0")
        #expect(error?.message.contains("use a file of your own") == true)
        _ = expectError(.ownedByAnotherUser) { try listFile().update { $0?.append("more") } }
        _ = expectError(.ownedByAnotherUser) { try listFile().remove() }
        _ = expectError(.ownedByAnotherUser) { _ = try listFile().setAside() }
        #expect(try Data(contentsOf: url) == before)
        #expect(try listFile().read() == ["theirs"], "reading another user's file is fine")
        #expect(try directory.contents() == ["list.json", "list.json.lock"])
    }

    /// Another user plants `list.json -> victim.json` (root's) in a folder both may write: root's
    /// app neither reads nor replaces the victim.
    @Test func anotherUsersSymbolicLinkIsNotFollowed() throws {
        guard geteuid() == 0 else {
            print(
                "Skipped anotherUsersSymbolicLinkIsNotFollowed: only root can make a link of another user's")
            return
        }
        let victim = directory.file("victim.json")
        try listFile(victim).save(["victim's"])
        let before = try Data(contentsOf: victim)
        #expect(symlink(victim.path, url.path) == 0)
        #expect(lchown(url.path, otherUserID, otherUserID) == 0)

        let error = expectError(.ownedByAnotherUser) { try listFile().save(["replaced"]) }
        #expect(error?.reason.contains("is a symbolic link of uid \(otherUserID)'s") == true)
        _ = expectError(.ownedByAnotherUser) { _ = try listFile().read() }
        _ = expectError(.ownedByAnotherUser) { try listFile().update { $0 = ["x"] } }
        _ = expectError(.ownedByAnotherUser) { _ = try listFile().setAside() }
        #expect(try Data(contentsOf: victim) == before)
        #expect(try directory.contents() == ["list.json", "victim.json", "victim.json.lock"])

        // The user's own link is followed, as before.
        #expect(lchown(url.path, 0, 0) == 0)
        #expect(try listFile().read() == ["victim's"])
    }
}
