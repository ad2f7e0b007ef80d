import Foundation

/// A versioned JSON file holding one `Codable` value, written atomically and safe to share between
/// processes.
///
/// The file is a small JSON envelope, `{"schemaVersion": 2, "value": …}`. Saving writes a new file
/// beside the old one, flushes it to disk and renames it into place, so a crash or a failed write
/// never leaves a truncated file: readers see the old contents or the new ones. Every operation holds
/// an exclusive lock on a sibling lock file (`todos.json.lock`) while it touches the file, and
/// ``update(_:)`` reads, changes and writes the value under that lock, so two processes updating
/// the same file never lose each other's changes.
///
/// ```swift
/// struct TodoList: Codable, Sendable { var items: [String] = [] }
///
/// let file = PersistedFile<TodoList>(
///     url: PersistedFile<TodoList>.defaultURL(appName: "todo", fileName: "todos.json"),
///     schemaVersion: 1
/// )
/// let list = try file.load() ?? TodoList()           // at launch
/// try file.update { list in                          // from any process, at any time
///     list = list ?? TodoList()
///     list!.items.append("Buy milk")
/// }
/// ```
///
/// ### Files that can't be used
/// When ``load()`` (or ``update(_:)``) finds a file that can't be read, isn't JSON, doesn't hold a
/// `Value`, can't be migrated, or was written by a newer schema version, it renames the file next to
/// itself with a timestamped suffix (`todos.json.moved-20261129T111309.120Z`; an existing file is
/// never overwritten), reports a ``PersistenceError`` with the path and the reason to the problem
/// handler, and carries on as if there were no file, so the app starts from its defaults.
///
/// ### Versions
/// Raise `schemaVersion` when `Value`'s encoded form changes, and pass a ``Migration`` from each
/// older version; see ``Migration``.
public final class PersistedFile<Value: Codable & Sendable>: Sendable {
    /// The file's location.
    public let url: URL
    /// The schema version this app writes and reads without migrating.
    public let schemaVersion: Int
    /// The sibling file whose lock guards every access, `url` with `.lock` appended.
    public let lockURL: URL

    private let migrations: MigrationChain
    private let problemHandler: (@Sendable (PersistenceError) -> Void)?

    /// Creates a handle on a persisted file; nothing is read or written until you call a method.
    ///
    /// - Parameters:
    ///   - url: Where the file lives; its folder is created on the first save. See
    ///     ``defaultURL(appName:fileName:)``.
    ///   - schemaVersion: The version of `Value`'s encoded form, starting at 1. Raise it when the form
    ///     changes and add a migration from the previous version.
    ///   - migrations: One ``Migration`` per older version still to be read, each from a version below
    ///     `schemaVersion`. Giving two migrations from the same version is a programming error.
    ///   - problemHandler: Receives each file that couldn't be loaded and was moved aside (and, through
    ///     ``StatePersister``, failed background saves). `nil` uses ``PersistenceHooks/problemHandler``.
    public init(
        url: URL,
        schemaVersion: Int = 1,
        migrations: [Migration] = [],
        problemHandler: (@Sendable (PersistenceError) -> Void)? = nil
    ) {
        precondition(schemaVersion >= 1, "PersistedFile: schemaVersion \(schemaVersion) must be at least 1.")
        self.url = url.standardizedFileURL
        self.schemaVersion = schemaVersion
        self.lockURL = URL(fileURLWithPath: self.url.path + ".lock")
        self.migrations = MigrationChain(migrations, schemaVersion: schemaVersion)
        self.problemHandler = problemHandler
    }

    /// The conventional location of an app's data file: `$XDG_DATA_HOME/appName/fileName` on Linux
    /// (`~/.local/share` when unset), Application Support on Apple platforms.
    ///
    /// - Parameters:
    ///   - appName: The app's folder name, for example `"todo"`.
    ///   - fileName: The file's name, for example `"todos.json"`.
    /// - Returns: The file's URL; see ``PersistenceDirectories/data(appName:environment:)``.
    public static func defaultURL(appName: String, fileName: String) -> URL {
        PersistenceDirectories.data(appName: appName).appendingPathComponent(fileName, isDirectory: false)
    }

    /// Reads the value, migrating it from an older schema version if needed.
    ///
    /// A file that can't be used is moved aside and reported to the problem handler, and `load()`
    /// returns `nil` as if there were no file; see the type's discussion.
    ///
    /// - Returns: The stored value, or `nil` when there is no usable file.
    /// - Throws: ``PersistenceError`` when the lock can't be taken, or when a file that can't be used
    ///   couldn't be moved aside either (it is then left untouched, and nothing should be saved over it).
    public func load() throws -> Value? {
        var problems: [PersistenceError] = []
        defer { report(problems) }
        guard let lock = try lock(creatingDirectory: false) else { return nil }
        defer { lock.unlock() }
        removeLeftoverTemporaryFiles()
        return try readValue(problems: &problems)
    }

    /// Replaces the stored value with `value`, atomically.
    ///
    /// - Parameter value: The value to store.
    /// - Throws: ``PersistenceError``: ``PersistenceError/Kind-swift.struct/writeFailed`` when the
    ///   value couldn't be encoded or written, ``PersistenceError/Kind-swift.struct/lockFailed`` when
    ///   the lock couldn't be taken. The previous file is then unchanged.
    public func save(_ value: Value) throws {
        let data = try encode(value)
        guard let lock = try lock(creatingDirectory: true) else { return }
        defer { lock.unlock() }
        try write(data)
    }

    /// Reads the value, lets `transform` change it, and writes the result, all under the exclusive
    /// inter-process lock: concurrent updates from any thread or process are applied one after
    /// another, and none is lost.
    ///
    /// `transform` receives `nil` when there is no usable file (a file that can't be used is moved
    /// aside and reported first, as in ``load()``). If it leaves `nil`, the file is removed; if it
    /// throws, nothing is written. Keep it short and free of I/O: other writers wait for it.
    ///
    /// ```swift
    /// try file.update { list in
    ///     var items = list ?? []
    ///     items.append(newItem)
    ///     list = items
    /// }
    /// ```
    ///
    /// - Parameter transform: Changes the current value in place.
    /// - Returns: The value written (`nil` when the file was removed).
    /// - Throws: ``PersistenceError`` when the lock can't be taken or the write fails (the previous
    ///   file is then unchanged), or whatever `transform` throws.
    @discardableResult
    public func update(_ transform: (inout Value?) throws -> Void) throws -> Value? {
        var problems: [PersistenceError] = []
        defer { report(problems) }
        guard let lock = try lock(creatingDirectory: true) else { return nil }
        defer { lock.unlock() }
        var value = try readValue(problems: &problems)
        try transform(&value)
        if let value {
            try write(try encode(value))
        } else {
            try removeFile()
        }
        return value
    }

    /// Removes the file, if there is one (the lock file stays, as other processes may be waiting on it).
    ///
    /// - Throws: ``PersistenceError`` when the lock can't be taken or the file can't be removed.
    public func remove() throws {
        guard let lock = try lock(creatingDirectory: false) else { return }
        defer { lock.unlock() }
        try removeFile()
    }

    /// Hands a problem to this file's handler, or to ``PersistenceHooks/problemHandler``.
    func report(_ problems: [PersistenceError]) {
        guard !problems.isEmpty else { return }
        let handler = problemHandler ?? PersistenceHooks.problemHandler
        for problem in problems { handler(problem) }
    }
}

// MARK: - Reading, writing, locking

extension PersistedFile {
    /// Takes the exclusive lock; `nil` when the folder doesn't exist and isn't to be created.
    private func lock(creatingDirectory: Bool) throws -> FileLock? {
        // A directory, device or pipe at the path is a wrong path, not a bad file: refuse it
        // before touching anything (moving it aside would move, say, a whole folder).
        if let kind = POSIX.nonFileKind(atPath: url.path) {
            throw PersistenceError(.notAFile, fileURL: url, reason: "it is \(kind)")
        }
        if creatingDirectory {
            let directory = url.deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw PersistenceError(
                    .writeFailed, fileURL: url,
                    reason:
                        "its folder \(directory.path) couldn't be created (\(error.localizedDescription))",
                    underlyingError: error)
            }
        }
        do {
            return try FileLock.lock(atPath: lockURL.path)
        } catch let error as POSIX.Failure where !creatingDirectory && error.isNoSuchFile {
            return nil  // no folder, so no file either
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

    /// Removes temporary files of saves that never finished (the process died mid-write).
    ///
    /// Every save writes its temporary file while holding the lock, so while the caller holds it, any
    /// temporary file of this file is a leftover. Failures are ignored: leftovers are only clutter.
    private func removeLeftoverTemporaryFiles() {
        let directory = url.deletingLastPathComponent()
        let prefix = POSIX.temporaryFilePrefix(forFileNamed: url.lastPathComponent)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(POSIX.temporaryFileSuffix) {
            try? POSIX.removeFile(atPath: directory.appendingPathComponent(name).path)
        }
    }

    private func encode(_ value: Value) throws -> Data {
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

    private func write(_ data: Data) throws {
        do {
            try POSIX.writeAtomically(data, toPath: url.path)
        } catch {
            throw PersistenceError(
                .writeFailed, fileURL: url, reason: error.description, underlyingError: error)
        }
    }

    private func removeFile() throws {
        do {
            try POSIX.removeFile(atPath: url.path)
        } catch {
            throw PersistenceError(
                .writeFailed, fileURL: url, reason: error.description, underlyingError: error)
        }
    }

    /// Reads and decodes the file; the caller holds the lock. A file that can't be used is moved
    /// aside and its problem appended to `problems`.
    private func readValue(problems: inout [PersistenceError]) throws -> Value? {
        let data: Data
        do {
            guard let contents = try POSIX.readFile(atPath: url.path) else { return nil }
            data = contents
        } catch {
            problems.append(
                try moveAside(PersistenceError(.unreadable, fileURL: url, reason: error.description)))
            return nil
        }
        switch decode(data) {
        case .success(let value):
            return value
        case .failure(let problem):
            problems.append(try moveAside(problem))
            return nil
        }
    }

    private func decode(_ data: Data) -> Result<Value, PersistenceError> {
        let decoder = JSONDecoder()
        let version: Int
        do {
            version = try decoder.decode(VersionHeader.self, from: data).schemaVersion
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            let reason = data.isEmpty ? "the file is empty" : Self.describeJSONSyntaxError(in: data)
            return .failure(
                PersistenceError(
                    .notJSON, fileURL: url, reason: reason,
                    underlyingError: DecodingError.dataCorrupted(context)))
        } catch {
            return .failure(
                PersistenceError(
                    .wrongShape, fileURL: url,
                    reason:
                        "it isn't a {\"schemaVersion\": …, \"value\": …} envelope: \(Self.describe(error))",
                    underlyingError: error))
        }
        if version > schemaVersion {
            return .failure(
                PersistenceError(
                    .newerVersion, fileURL: url,
                    reason: "schema version \(version); this version reads up to \(schemaVersion)"))
        }
        guard version >= 1 else {
            return .failure(
                PersistenceError(.wrongShape, fileURL: url, reason: "schema version \(version) is below 1"))
        }
        do {
            if version == schemaVersion {
                return .success(try decoder.decode(Envelope<Value>.self, from: data).value)
            }
            var json = try decoder.decode(Envelope<JSONValue>.self, from: data).value
            do {
                try migrations.migrate(&json, from: version, to: schemaVersion)
            } catch {
                let reason: String
                if let underlying = error.underlying {
                    reason =
                        "the migration from version \(error.fromVersion) to \(error.fromVersion + 1) failed: "
                        + Self.describe(underlying)
                } else {
                    reason =
                        "the file has schema version \(version) but no migration from version "
                        + "\(error.fromVersion) to \(error.fromVersion + 1) is registered"
                }
                return .failure(
                    PersistenceError(
                        .migrationFailed, fileURL: url, reason: reason, underlyingError: error.underlying))
            }
            return .success(try decoder.decode(Value.self, from: JSONEncoder().encode(json)))
        } catch {
            let versionNote = version == schemaVersion ? "" : " after migrating from version \(version)"
            return .failure(
                PersistenceError(
                    .wrongShape, fileURL: url,
                    reason:
                        "the value doesn't decode as \(Value.self)\(versionNote): \(Self.describe(error))",
                    underlyingError: error))
        }
    }

    /// Renames the file next to itself with a timestamped suffix, never replacing another file.
    ///
    /// - Returns: `problem`, with where the file went.
    /// - Throws: A ``PersistenceError/Kind-swift.struct/moveAsideFailed`` error when the file can't
    ///   be moved.
    private func moveAside(_ problem: PersistenceError) throws -> PersistenceError {
        let stamp = Self.timestamp(Date())
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? "" : "-\(attempt)"
            let destination = URL(fileURLWithPath: "\(url.path).moved-\(stamp)\(suffix)")
            do {
                if try POSIX.moveWithoutReplacing(url.path, to: destination.path) {
                    return problem.movedAside(to: destination)
                }
            } catch {
                throw PersistenceError(
                    .moveAsideFailed, fileURL: url,
                    reason:
                        "it \(Self.problemPhrase(problem)); moving it to \(destination.path) failed: \(error)",
                    underlyingError: error)
            }
            attempt += 1
        }
    }

    private static func problemPhrase(_ problem: PersistenceError) -> String {
        switch problem.kind {
        case .unreadable: return "couldn't be read (\(problem.reason))"
        case .notJSON: return "isn't JSON (\(problem.reason))"
        case .newerVersion: return "comes from a newer version (\(problem.reason))"
        case .migrationFailed: return "couldn't be migrated (\(problem.reason))"
        default: return "doesn't hold the expected data (\(problem.reason))"
        }
    }

    /// `20261129T111309.120Z`: UTC, sortable, and valid in file names everywhere.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2) + "T" + pad(parts.hour, 2)
            + pad(parts.minute, 2) + pad(parts.second, 2) + "." + pad((parts.nanosecond ?? 0) / 1_000_000, 3)
            + "Z"
    }

    /// Where the JSON parser stopped, in a phrase ("unexpected end of file during JSON parse").
    static func describeJSONSyntaxError(in data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            if var detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String,
                !detail.isEmpty
            {
                if detail.hasSuffix(".") { detail.removeLast() }
                return detail.prefix(1).lowercased() + detail.dropFirst()
            }
        }
        return "it can't be parsed as JSON"
    }

    /// A decoding error in a phrase: what was wrong, and where in the value.
    static func describe(_ error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop(while: { $0 == "." }))
        }
        guard let error = error as? DecodingError else {
            if let failure = error as? POSIX.Failure { return failure.description }
            return String(describing: error)
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "expected \(type) but found null at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            let underlying =
                (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            let detail = underlying ?? context.debugDescription
            return context.codingPath.isEmpty ? detail : "\(detail) at \(path(context.codingPath))"
        @unknown default:
            return String(describing: error)
        }
    }
}

/// The on-disk form: the schema version beside the value.
struct Envelope<Wrapped: Codable>: Codable {
    var schemaVersion: Int
    var value: Wrapped
}

/// Just the version, read first to decide how to decode the rest.
private struct VersionHeader: Decodable {
    var schemaVersion: Int
}
