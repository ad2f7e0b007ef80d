import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Each app states what happens to a file it can't use; reading never changes the disk; files that
/// can't be read or come from a newer version are never moved or written over.
@Suite struct UnusableFilePolicyTests {
    let directory: TemporaryDirectory
    let problems = Collected<PersistenceError>()

    init() throws { directory = try TemporaryDirectory() }

    var url: URL { directory.file("list.json") }

    func file(_ policy: UnusableFilePolicy, version: Int = 1) -> PersistedFile<[String]> {
        PersistedFile(
            url: url, schemaVersion: version, whenUnusable: policy, errorHandler: problems.append)
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
            #expect(error.movedAsideTo == nil, sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    static let badContents: [(String, PersistenceError.Kind)] = [
        ("not json", .notJSON), ("[1,2,3]", .wrongShape), (envelope("[1, 2]"), .wrongShape), ("", .notJSON),
    ]

    @Test(arguments: 0..<badContents.count)
    func refuseLeavesABadFileUntouchedThroughEveryOperation(index: Int) throws {
        let (contents, kind) = Self.badContents[index]
        try Data(contents.utf8).write(to: url)
        let file = file(.refuse)
        let reads: [() throws -> Void] = [{ _ = try file.read() }, { _ = try file.load() }]
        for operation in reads {
            _ = expectError(kind, operation)
        }
        #expect(try directory.contents() == ["list.json"], "reading created no lock file")
        _ = expectError(kind) { try file.update { $0 = ["new"] } }
        let error = expectError(kind) { try file.save(["new"]) }
        #expect(error?.message.contains("It was left untouched and nothing was saved over it") == true)
        #expect(error?.kind.isBadContents == true)
        #expect(try Data(contentsOf: url).text == contents)
        #expect(try directory.contents() == ["list.json", "list.json.lock"])
        #expect(problems.all.isEmpty)
    }

    @Test func setAsideIsTheWayOutOfARefusedFile() throws {
        try Data("not json".utf8).write(to: url)
        let file = file(.refuse)
        let movedTo = try #require(try file.setAside())
        #expect(movedTo.lastPathComponent.hasPrefix("list.json.moved-"))
        #expect(try Data(contentsOf: movedTo).text == "not json")
        #expect(try file.update { $0 = ($0 ?? []) + ["fresh"] } == ["fresh"])
        #expect(try file.setAside() != nil, "a good file can be set aside too")
        #expect(try file.setAside() == nil, "no file, nothing to move")
    }

    @Test func readNeverSetsAsideEvenWhenThePolicyWould() throws {
        try Data("[1,2,3]".utf8).write(to: url)
        _ = expectError(.wrongShape) { _ = try file(.setAsideAndRebuild).read() }
        #expect(try directory.contents() == ["list.json"])
        #expect(problems.all.isEmpty)
    }

    @Test func setAsideAndRebuildMovesABadFileAndNamesWhereItWent() throws {
        try Data("[1,2,3]".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o604], ofItemAtPath: url.path)
        #expect(try file(.setAsideAndRebuild).load() == nil)
        let problem = try #require(problems.all.first)
        let movedTo = try #require(problem.movedAsideTo)
        #expect(problem.message.contains(movedTo.path))
        #expect(try Data(contentsOf: movedTo).text == "[1,2,3]")
        #expect(try mode(of: movedTo) == 0o604, "the moved file keeps its mode")
        #expect(try directory.contents() == ["list.json.lock", movedTo.lastPathComponent])
    }

    @Test func aFileFromANewerVersionIsNeverMovedOrOverwritten() throws {
        let contents = envelope(#"["from the future"]"#, version: 999)
        try Data(contents.utf8).write(to: url)
        let file = file(.setAsideAndRebuild, version: 2)
        let operations: [() throws -> Void] = [
            { _ = try file.read() }, { _ = try file.load() }, { try file.save(["new"]) },
            { try file.update { $0 = ["new"] } }, { try file.remove() }, { _ = try file.setAside() },
        ]
        for operation in operations {
            let error = expectError(.newerVersion, operation)
            #expect(error?.reason == "schema version 999; this version reads up to 2")
            #expect(error?.message.contains("newer version of the app") == true)
            #expect(error?.message.contains("left untouched") == true)
        }
        #expect(try Data(contentsOf: url).text == contents)
        #expect(try directory.contents() == ["list.json", "list.json.lock"])
        #expect(problems.all.isEmpty)
    }

    // MARK: - Permissions

    @Test func aFileThatCantBeReadIsReportedNotMoved() throws {
        try Data(envelope(#"["secret"]"#).utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        if let reason = otherUserUnavailable {
            guard geteuid() != 0 else {
                #if compiler(>=6.3)
                    try Test.cancel("can't make a file unreadable to root: \(reason)")
                #else
                    print("skipped: can't make a file unreadable to root: \(reason)")
                    return  // (Test.cancel is Swift Testing 6.3)
                #endif
            }
            // Not root: take our own read permission away.
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
            defer {
                try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
            }
            for policy in [UnusableFilePolicy.refuse, .setAsideAndRebuild] {
                let error = expectError(.unreadable) { _ = try file(policy).load() }
                #expect(error?.reason.contains("Permission denied") == true)
                _ = expectError(.unreadable) { _ = try file(policy).update { $0 = [] } }
                _ = expectError(.unreadable) { _ = try file(policy).setAside() }
            }
            #expect(try directory.contents().filter { $0.contains("moved") }.isEmpty)
            return
        }
        // Root: the file is root's 0600, the folder anyone's to write; nobody can't read the file
        // but could rename it.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.url.path)
        for (command, policy) in [("load", "set-aside"), ("read", "set-aside"), ("load", "refuse")] {
            let run = try runWriter([command, url.path, policy], asNobody: true)
            #expect(run.status == 1, "\(run.output)")
            #expect(run.output.hasPrefix("error unreadable: "), "\(run.output)")
            #expect(run.output.contains("Permission denied"))
            #expect(run.output.contains("It was left untouched"))
        }
        #expect(try directory.contents().filter { $0.contains("moved") }.isEmpty)
        #expect(try Data(contentsOf: url).text == envelope(#"["secret"]"#))
        #expect(try mode(of: url) == 0o600)
    }

    @Test func aReadableFileLoadsInAFolderThatCantBeWritten() throws {
        try Data(envelope(#"["readable"]"#).utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        let stale = directory.file(".list.json.\(UUID().uuidString).tmp")
        try Data("x".utf8).write(to: stale)
        try age(stale, by: 3600)
        let before = try directory.contents()
        if let reason = otherUserUnavailable {
            guard geteuid() != 0 else {
                #if compiler(>=6.3)
                    try Test.cancel("root can write any folder: \(reason)")
                #else
                    print("skipped: root can write any folder: \(reason)")
                    return  // (Test.cancel is Swift Testing 6.3)
                #endif
            }
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
            defer {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
            }
            for policy in [UnusableFilePolicy.refuse, .setAsideAndRebuild] {
                #expect(try file(policy).read() == ["readable"])
                #expect(try file(policy).load() == ["readable"])
            }
        } else {
            // The folder is root's 0755: nobody may read it but not write it.
            for (command, policy) in [("read", "refuse"), ("load", "refuse"), ("load", "set-aside")] {
                let run = try runWriter([command, url.path, policy], asNobody: true)
                #expect(run.status == 0, "\(run.output)")
                #expect(run.output == "value [\"readable\"]\n")
            }
        }
        #expect(try directory.contents() == before, "nothing created, and the sweep failed quietly")
    }
}
