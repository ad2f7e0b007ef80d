import Foundation
@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Reading, writing, locking

extension PersistedFile {
    /// What the file holds, as far as the policy is concerned.
    enum Contents {
        /// There is no file.
        case absent
        /// The file holds a usable value (migrated in memory if it was older).
        case value(Value)
        /// The file's contents can't be used (``PersistenceError/Kind-swift.struct/isBadContents``):
        /// what ``UnusableFilePolicy`` decides about.
        case bad(PersistenceError)
    }

    /// The real file's path (symbolic links followed), after checking it isn't a directory, device
    /// or pipe: that is a wrong path, not a bad file, and is refused before anything is touched
    /// (moving it aside would move, say, a whole folder). Another user's symbolic link isn't
    /// followed but refused.
    func resolvedPath() throws -> String {
        let path = POSIX.resolvedFilePath(url.path)
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
            !POSIX.isOwnUserOrRoot(status.st_uid)
        {
            throw PersistenceError(
                .ownedByAnotherUser, fileURL: url,
                reason:
                    "\(path) is a symbolic link of uid \(status.st_uid)'s, and you are uid \(geteuid()); "
                    + "another user's link is never followed")
        }
        if let kind = POSIX.nonFileKind(atPath: path) {
            throw PersistenceError(.notAFile, fileURL: url, reason: "it is \(kind)")
        }
        return path
    }

    /// Reads and decodes the file at `path`, changing nothing.
    ///
    /// - Throws: ``PersistenceError/Kind-swift.struct/unreadable`` and
    ///   ``PersistenceError/Kind-swift.struct/newerVersion``, the problems no policy may act on.
    func inspect(_ path: String) throws -> Contents {
        let data: Data
        do {
            guard let contents = try POSIX.readFile(atPath: path) else { return .absent }
            data = contents
        } catch let notAFile as POSIX.NotARegularFile {
            // Something took the file's place since resolvedPath() checked it.
            throw PersistenceError(.notAFile, fileURL: url, reason: "it is \(notAFile.kind)")
        } catch {
            throw PersistenceError(
                .unreadable, fileURL: url, reason: String(describing: error), underlyingError: error)
        }
        switch decode(data) {
        case .success(let value):
            return .value(value)
        case .failure(let problem) where problem.kind.isBadContents:
            return .bad(problem)
        case .failure(let problem):
            throw problem
        }
    }

    /// Reads the file while the caller holds the lock, applying the policy to bad contents: throws
    /// them (``UnusableFilePolicy/refuse``), or moves the file aside, appends the problem to
    /// `problems` and returns `nil`.
    func readUnderLock(_ path: String, problems: inout [PersistenceError]) throws -> Value? {
        switch try inspect(path) {
        case .absent:
            return nil
        case .value(let value):
            return value
        case .bad(let problem):
            guard whenUnusable == .setAsideAndRebuild else { throw problem }
            sweepTemporaryFiles(of: path)  // a writer now
            let destination = try moveAside(path, because: Self.problemPhrase(problem))
            problems.append(problem.movedAside(to: destination))
            return nil
        }
    }

    /// Takes the exclusive lock of the file at `path` (resolved), waiting at most ``lockTimeout``;
    /// `nil` when the folder doesn't exist and isn't to be created.
    func lock(_ path: String, creatingDirectory: Bool) throws -> FileLock? {
        if creatingDirectory {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: NSNumber(value: 0o700)])
            } catch {
                if let inTheWay = POSIX.fileInTheWay(ofFolder: directory.path) {
                    throw PersistenceError(
                        .writeFailed, fileURL: url,
                        reason: "its folder \(directory.path) can't be created: \(inTheWay.description)",
                        underlyingError: inTheWay)
                }
                throw PersistenceError(
                    .writeFailed, fileURL: url,
                    reason:
                        "its folder \(directory.path) couldn't be created (\(error.localizedDescription))",
                    underlyingError: error)
            }
        }
        let lockPath = path + ".lock"
        do {
            return try FileLock.lock(atPath: lockPath, timeout: lockTimeout)
        } catch let error as POSIX.Failure where !creatingDirectory && error.isNoSuchFile {
            return nil  // no folder, so no file either
        } catch let cannot as FileLock.CannotCreate {
            // Removing or moving aside no file needs no lock: there is nothing to change.
            var status = stat()
            if !creatingDirectory && lstat(path, &status) != 0 && errno == ENOENT { return nil }
            throw changeFailure(
                cannot.failure, at: path, .lockFailed, what: "its lock file \(lockPath) can't be created")
        } catch let refused as FileLock.Refused {
            throw PersistenceError(
                .lockFailed, fileURL: url, reason: refused.reason, underlyingError: refused)
        } catch let busy as FileLock.Busy {
            let who = busy.holder?.description ?? "another process"
            throw PersistenceError(
                .busy, fileURL: url,
                reason:
                    "\(who) has held its lock (\(lockPath)) for more than \(SecondsFormatting.phrase(lockTimeout))",
                underlyingError: busy, lockHolderProcessID: busy.holder?.processID)
        } catch is FileLock.Reentered {
            throw PersistenceError(
                .lockFailed, fileURL: url,
                reason:
                    "this thread already holds the lock: the file was used from inside its own update(_:) "
                    + "transform, which would wait forever; change the value passed to the transform instead")
        } catch {
            throw PersistenceError(
                .lockFailed, fileURL: url, reason: Self.describe(error), underlyingError: error)
        }
    }

    /// Removes temporary files of saves that never finished (their process died); see
    /// ``POSIX/sweepTemporaryFiles(of:olderThan:)``. Only writers call it, holding the lock.
    func sweepTemporaryFiles(of path: String) {
        POSIX.sweepTemporaryFiles(of: path, olderThan: POSIX.staleTemporaryFileAge)
    }

    func encode(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(Envelope(schemaVersion: schemaVersion, value: value))
            data.append(UInt8(ascii: "\n"))
            return data
        } catch {
            throw PersistenceError(
                .writeFailed, fileURL: url,
                reason: "the value couldn't be encoded as JSON (\(Self.describe(error)))",
                underlyingError: error, isEncodingFailure: true)
        }
    }

    /// Refuses to change a file that isn't the user's to change: another user's (replacing,
    /// removing or moving it would take it from them), or, when `replacing`, one its owner may not
    /// write (the user made it read-only). Nothing at `path` is fine.
    func checkChangeable(_ path: String, replacing: Bool) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard POSIX.isOwnUser(status.st_uid) else {
            throw PersistenceError(
                .ownedByAnotherUser, fileURL: url,
                reason: "it belongs to uid \(status.st_uid), and you are uid \(geteuid())")
        }
        if replacing && status.st_mode & S_IWUSR == 0 {
            throw PersistenceError(
                .readOnly, fileURL: url, reason: "its mode is \(String(status.st_mode & 0o7777, radix: 8))")
        }
    }

    /// The error for a failed change of the file at `path`: ``PersistenceError/Kind-swift.struct/folderNotWritable``
    /// when the folder can't be written, ``PersistenceError/Kind-swift.struct/readOnlyFileSystem``
    /// when it is on a read-only mount (saying what couldn't be done there, `what`), else `kind`.
    func changeFailure(
        _ failure: POSIX.Failure, at path: String, _ kind: PersistenceError.Kind, what: String,
        reason: String? = nil, isRequestedMove: Bool = false
    ) -> PersistenceError {
        if failure.isNotWritable && failure.operation != "fchmod" {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let (kind, why): (PersistenceError.Kind, String) =
                failure.code == EROFS
                ? (.readOnlyFileSystem, "is on a read-only file system")
                : (.folderNotWritable, "isn't writable")
            return PersistenceError(
                kind, fileURL: url, reason: "its folder \(folder) \(why), so \(what) (\(failure))",
                underlyingError: failure)
        }
        return PersistenceError(
            kind, fileURL: url, reason: reason ?? failure.description, underlyingError: failure,
            isRequestedMove: isRequestedMove)
    }

    /// Replaces the file at `path` with `data`; the caller holds the lock.
    func write(_ data: Data, to path: String) throws {
        try checkChangeable(path, replacing: true)
        if let links = POSIX.linkCount(atPath: path), links > 1 {
            throw PersistenceError(.hardLinked, fileURL: url, reason: "it has \(links) names (hard links)")
        }
        do {
            try POSIX.writeAtomically(data, toPath: path)
        } catch {
            throw changeFailure(
                error, at: path, .writeFailed, what: "the new contents can't be written beside it")
        }
    }

    func removeFile(_ path: String) throws {
        try checkChangeable(path, replacing: true)
        do {
            try POSIX.removeFile(atPath: path)
        } catch {
            throw changeFailure(error, at: path, .writeFailed, what: "the file can't be removed from it")
        }
    }

    /// Renames the file at `path` next to itself with a timestamped suffix, never replacing another
    /// file; the caller holds the lock.
    ///
    /// - Parameter why: What was wrong, in a phrase for the error ("isn't JSON (…)"); `nil` when
    ///   the file is fine and the move was asked for (``setAside()``).
    /// - Returns: Where the file went.
    /// - Throws: A ``PersistenceError/Kind-swift.struct/moveAsideFailed`` error when the file can't
    ///   be moved (``PersistenceError/Kind-swift.struct/folderNotWritable`` or
    ///   ``PersistenceError/Kind-swift.struct/readOnlyFileSystem`` when its folder can't be
    ///   written), ``PersistenceError/Kind-swift.struct/ownedByAnotherUser`` for another user's file.
    func moveAside(_ path: String, because why: String?) throws -> URL {
        try checkChangeable(path, replacing: false)
        let stamp = Self.timestamp(Date())
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? "" : "-\(attempt)"
            let destination = URL(fileURLWithPath: "\(path).moved-\(stamp)\(suffix)")
            do {
                if try POSIX.moveWithoutReplacing(path, to: destination.path) { return destination }
            } catch {
                let failed = "moving it to \(destination.path) failed: \(error)"
                throw changeFailure(
                    error, at: path, .moveAsideFailed, what: "it can't be moved aside",
                    reason: why.map { "it \($0); \(failed)" } ?? failed, isRequestedMove: why == nil)
            }
            attempt += 1
        }
    }

    static func problemPhrase(_ problem: PersistenceError) -> String {
        switch problem.kind {
        case .notJSON: return "isn't JSON (\(problem.reason))"
        case .migrationFailed: return "couldn't be migrated (\(problem.reason))"
        default: return "doesn't hold the expected data (\(problem.reason))"
        }
    }
}
