import Foundation

/// A versioned JSON file holding one `Codable` value, written atomically and safe to share between
/// processes.
///
/// The file is a small JSON envelope, `{"schemaVersion": 2, "value": …}`. Saving writes a new file
/// beside the old one, flushes it to disk and renames it into place, so a crash, a full disk or a
/// signal never leaves a truncated file: readers see the old contents or the new ones, and need no
/// lock. Every change holds an exclusive lock on a sibling lock file (`todo.json.lock`) while it
/// touches the file, and ``update(_:)`` reads, changes and writes the value under that lock, so two
/// processes updating the same file never lose each other's changes.
///
/// ```swift
/// struct TodoList: Codable, Sendable { var items: [String] = [] }
///
/// let file = PersistedFile<TodoList>(
///     url: PersistedFile<TodoList>.defaultURL(appName: "todo", fileName: "todo.json"),
///     schemaVersion: 1,
///     whenUnusable: .refuse
/// )
/// let list = try file.read() ?? TodoList()           // to show it: changes nothing on disk
/// try file.update { list in                          // from any process, at any time
///     list = list ?? TodoList()
///     list!.items.append("Buy milk")
/// }
/// ```
///
/// ### Reading changes nothing
/// ``read()`` never creates, renames, repairs, removes or locks anything: it works on a readable
/// file in a folder it can't write, and throws a ``PersistenceError`` for a file it can't use. The
/// only thing an operation removes uninvited is a stale temporary file of a save whose process
/// died, and only an operation that changes the file does that (see "Modes, locks and signals").
///
/// ### Files that can't be used
/// What happens to a file whose *contents* are bad (not JSON, not a `Value`, a failed migration) is
/// the app's choice, stated with ``UnusableFilePolicy`` when it creates the file: refuse it, or set
/// it aside and start from defaults. A file that can't be *read* (permissions, I/O error) and a
/// file written by a newer schema version are never moved or written over, whatever the policy:
/// every operation throws a ``PersistenceError`` saying so.
///
/// ### The real file, whatever the path
/// A symbolic link of the user's (or root's) is followed: the target is read and replaced, and the
/// lock is the target's, so processes reaching one file through different paths still take turns.
/// Another user's link is never followed (``PersistenceError/Kind-swift.struct/ownedByAnotherUser``).
/// A file with other names (hard links) is never replaced, as a rename would split it from them:
/// saving it throws ``PersistenceError/Kind-swift.struct/hardLinked``. A file is only replaced,
/// removed or moved when it is the user's own (else ``PersistenceError/Kind-swift.struct/ownedByAnotherUser``),
/// and only replaced or removed when its owner may write it: a file the user made read-only
/// (`chmod 400`) throws ``PersistenceError/Kind-swift.struct/readOnly`` instead. Every path is
/// opened without following a link put in its place and without blocking, and checked to be a
/// regular file before it is read: a pipe or device swapped in never makes an operation wait.
///
/// ### Modes, locks and signals
/// New data, lock and temporary files are `0600` (the user's only, whatever the umask); a replaced
/// file keeps its mode. The lock file must be a regular file of the user's (or root's): a symbolic
/// link, a pipe or another user's file there is refused with
/// ``PersistenceError/Kind-swift.struct/lockFailed`` saying which, never followed or waited on. A
/// lock held by another process is waited for at most `lockTimeout` seconds, then the operation
/// throws ``PersistenceError/Kind-swift.struct/busy`` naming the process where the system tells
/// (Linux). In a folder that can't be written, a change throws
/// ``PersistenceError/Kind-swift.struct/folderNotWritable``, and on a read-only mount
/// ``PersistenceError/Kind-swift.struct/readOnlyFileSystem``. The library installs no signal
/// handlers: a signal that ends the process while a save is being written leaves the old file
/// whole (the temporary file is swept later). An app that wants a save in progress to finish
/// first turns signals into events of its own loop (TerminalUI's
/// `EventLoop.takeTerminationSignals()`, as the todo app does) and flushes there.
///
/// A save's temporary file is `.<name>.<UUID>.tmp` beside the file. One left by a save whose process
/// died is removed by the next operation that changes the file, once no process holds its lock and
/// it is ten seconds old; only files named exactly so, regular and the user's own, are ever removed.
///
/// ### Versions
/// Raise `schemaVersion` when `Value`'s encoded form changes, and pass a ``Migration`` from each
/// older version; see ``Migration``. Migrating happens in memory when reading; the file is
/// rewritten in the new version by the next save.
public final class PersistedFile<Value: Codable & Sendable>: Sendable {
    /// The file's location, as given (a symbolic link is followed at each operation).
    public let url: URL
    /// The schema version this app writes and reads without migrating.
    public let schemaVersion: Int
    /// What happens to a file whose contents can't be used.
    public let whenUnusable: UnusableFilePolicy
    /// How long, in seconds, an operation waits for another process's lock before throwing
    /// ``PersistenceError/Kind-swift.struct/busy``.
    public let lockTimeout: TimeInterval

    let migrations: MigrationChain
    private let errorHandler: (@Sendable (PersistenceError) -> Void)?

    /// Creates a handle on a persisted file; nothing is read or written until you call a method.
    ///
    /// - Parameters:
    ///   - url: Where the file lives; its folder is created (`0700`) on the first save. See
    ///     ``defaultURL(appName:fileName:)``.
    ///   - schemaVersion: The version of `Value`'s encoded form, starting at 1. Raise it when the form
    ///     changes and add a migration from the previous version.
    ///   - migrations: One ``Migration`` per older version still to be read, each from a version below
    ///     `schemaVersion`. Giving two migrations from the same version is a programming error.
    ///   - whenUnusable: What to do with a file whose contents can't be used: ``UnusableFilePolicy/refuse``
    ///     for data the user typed in, ``UnusableFilePolicy/setAsideAndRebuild`` for settings and caches.
    ///   - lockTimeout: How long, in seconds, to wait for another process holding the file's lock
    ///     (5 by default). Must be finite and not negative.
    ///   - errorHandler: Receives each file that was set aside (and, through ``StatePersister``,
    ///     failed background saves). `nil` uses ``PersistenceHooks/errorHandler``.
    public init(
        url: URL,
        schemaVersion: Int = 1,
        migrations: [Migration] = [],
        whenUnusable: UnusableFilePolicy,
        lockTimeout: TimeInterval = 5,
        errorHandler: (@Sendable (PersistenceError) -> Void)? = nil
    ) {
        precondition(schemaVersion >= 1, "PersistedFile: schemaVersion \(schemaVersion) must be at least 1.")
        precondition(
            lockTimeout.isFinite && lockTimeout >= 0,
            "PersistedFile: lockTimeout \(lockTimeout) must be a finite number of seconds, 0 or more.")
        self.url = url.standardizedFileURL
        self.schemaVersion = schemaVersion
        self.whenUnusable = whenUnusable
        self.lockTimeout = lockTimeout
        self.migrations = MigrationChain(migrations, schemaVersion: schemaVersion)
        self.errorHandler = errorHandler
    }

    /// Creates a handle that sets unusable files aside, as this library did before the policy was
    /// a choice.
    @available(
        *, deprecated,
        message:
            "State what happens to a file that can't be used: pass whenUnusable: .refuse or .setAsideAndRebuild"
    )
    public convenience init(
        url: URL,
        schemaVersion: Int = 1,
        migrations: [Migration] = [],
        errorHandler: (@Sendable (PersistenceError) -> Void)? = nil
    ) {
        self.init(
            url: url, schemaVersion: schemaVersion, migrations: migrations, whenUnusable: .setAsideAndRebuild,
            errorHandler: errorHandler)
    }

    /// The sibling file whose lock guards every change: the real file's path (symbolic links
    /// followed) with `.lock` appended.
    public var lockURL: URL {
        URL(fileURLWithPath: POSIX.resolvedFilePath(url.path) + ".lock")
    }

    /// The conventional location of an app's data file: `$XDG_DATA_HOME/appName/fileName` on Linux
    /// (`~/.local/share` when unset), Application Support on Apple platforms.
    ///
    /// - Parameters:
    ///   - appName: The app's folder name, for example `"todo"`.
    ///   - fileName: The file's name, for example `"todo.json"`.
    /// - Returns: The file's URL; see ``PersistenceDirectories/data(appName:environment:)``.
    public static func defaultURL(appName: String, fileName: String) -> URL {
        PersistenceDirectories.data(appName: appName).appendingPathComponent(fileName, isDirectory: false)
    }

    /// Reads the value without changing anything on disk, migrating it in memory if it is older.
    ///
    /// Takes no lock (a save renames a whole file into place, so a reader never sees half of one),
    /// creates no folder or lock file, and renames or removes nothing (not even a dead save's
    /// temporary file), whatever ``whenUnusable`` says: it works on a readable file in a folder it
    /// can't write.
    ///
    /// - Returns: The stored value, or `nil` when there is no file.
    /// - Throws: ``PersistenceError`` when the file can't be read, its contents can't be used, it was
    ///   written by a newer schema version, or the path isn't a file. The file is left as it is.
    public func read() throws -> Value? {
        let path = try resolvedPath()
        switch try inspect(path) {
        case .absent: return nil
        case .value(let value): return value
        case .bad(let problem): throw problem
        }
    }

    /// Reads the value, migrating it from an older schema version if needed, and deals with bad
    /// contents as ``whenUnusable`` says.
    ///
    /// A usable file is read without a lock and nothing on disk changes. A file whose contents are
    /// bad is refused (``UnusableFilePolicy/refuse``: it throws), or moved aside under the lock,
    /// reported to the problem handler, and `nil` returned (``UnusableFilePolicy/setAsideAndRebuild``).
    ///
    /// - Returns: The stored value, or `nil` when there is no usable file.
    /// - Throws: ``PersistenceError`` when the file can't be read or comes from a newer version (it
    ///   is left untouched), when its contents are bad and the policy is to refuse, when the lock
    ///   needed to set it aside was busy, or when it couldn't be moved aside.
    public func load() throws -> Value? {
        let path = try resolvedPath()
        switch try inspect(path) {
        case .absent: return nil
        case .value(let value): return value
        case .bad(let problem):
            guard whenUnusable == .setAsideAndRebuild else { throw problem }
        }
        var problems: [PersistenceError] = []
        defer { report(problems) }
        guard let lock = try lock(path, creatingDirectory: false) else { return nil }
        defer { lock.unlock() }
        return try readUnderLock(path, problems: &problems)  // another process may have fixed it meanwhile
    }

    /// Replaces the stored value with `value`, atomically.
    ///
    /// The file is checked first: a file ``load()`` would refuse is not written over (bad contents
    /// are set aside first under ``UnusableFilePolicy/setAsideAndRebuild``).
    ///
    /// - Parameter value: The value to store.
    /// - Throws: ``PersistenceError``: ``PersistenceError/Kind-swift.struct/writeFailed`` when the
    ///   value couldn't be encoded or written (a full disk included), ``PersistenceError/Kind-swift.struct/busy``
    ///   when another process held the lock too long, ``PersistenceError/Kind-swift.struct/readOnly``
    ///   or ``PersistenceError/Kind-swift.struct/ownedByAnotherUser`` for a file that isn't the
    ///   user's to replace, ``PersistenceError/Kind-swift.struct/folderNotWritable`` when its folder
    ///   can't be written (``PersistenceError/Kind-swift.struct/readOnlyFileSystem`` on a read-only
    ///   mount), ``PersistenceError/Kind-swift.struct/lockFailed`` when the lock file isn't
    ///   a plain file of the user's, and the kinds ``load()`` throws. The previous file is then
    ///   unchanged.
    public func save(_ value: Value) throws {
        let data = try encode(value)
        let path = try resolvedPath()
        var problems: [PersistenceError] = []
        defer { report(problems) }
        guard let lock = try lock(path, creatingDirectory: true) else { return }
        defer { lock.unlock() }
        sweepTemporaryFiles(of: path)
        _ = try readUnderLock(path, problems: &problems)
        try write(data, to: path)
    }

    /// Reads the value, lets `transform` change it, and writes the result, all under the exclusive
    /// inter-process lock: concurrent updates from any thread or process are applied one after
    /// another, and none is lost.
    ///
    /// `transform` receives `nil` when there is no file, or when bad contents were set aside (under
    /// ``UnusableFilePolicy/setAsideAndRebuild``, reported first as in ``load()``). If it leaves
    /// `nil`, the file is removed; if it throws, nothing is written. Keep it short and free of I/O:
    /// other writers wait for it.
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
    /// - Throws: ``PersistenceError`` as ``load()`` and ``save(_:)`` do (the previous file is then
    ///   unchanged), or whatever `transform` throws.
    @discardableResult
    public func update(_ transform: (inout Value?) throws -> Void) throws -> Value? {
        let path = try resolvedPath()
        var problems: [PersistenceError] = []
        defer { report(problems) }
        guard let lock = try lock(path, creatingDirectory: true) else { return nil }
        defer { lock.unlock() }
        sweepTemporaryFiles(of: path)
        var value = try readUnderLock(path, problems: &problems)
        try transform(&value)
        if let value {
            try write(try encode(value), to: path)
        } else {
            try removeFile(path)
        }
        return value
    }

    /// Removes the file, if there is one (the lock file stays, as other processes may be waiting on it).
    ///
    /// - Throws: ``PersistenceError`` when the lock can't be taken, the file can't be removed (it is
    ///   read-only, another user's, or its folder can't be written), or it can't be read or comes
    ///   from a newer version (it is then left untouched).
    public func remove() throws {
        let path = try resolvedPath()
        guard let lock = try lock(path, creatingDirectory: false) else { return }
        defer { lock.unlock() }
        sweepTemporaryFiles(of: path)
        if case .absent = try inspect(path) { return }
        try removeFile(path)
    }

    /// Moves the file aside, next to itself with a timestamped suffix, so the app starts afresh:
    /// the way out an app offers when it refuses a file with bad contents (`todo reset-file`).
    ///
    /// It moves a file with good or bad contents, never replacing another file; a read-only file
    /// is moved too (nothing in it changes). It doesn't move a file it can't read, one written by a
    /// newer version, or another user's (it throws instead), as it can't tell what would be lost.
    ///
    /// - Returns: Where the file went, or `nil` when there was no file.
    /// - Throws: ``PersistenceError`` when the lock can't be taken, the file can't be read or comes
    ///   from a newer version, the folder can't be written (``PersistenceError/Kind-swift.struct/folderNotWritable``,
    ///   or ``PersistenceError/Kind-swift.struct/readOnlyFileSystem`` on a read-only mount, also
    ///   when the lock file can't be created there), or the rename fails
    ///   (``PersistenceError/Kind-swift.struct/moveAsideFailed``).
    @discardableResult
    public func setAside() throws -> URL? {
        let path = try resolvedPath()
        guard let lock = try lock(path, creatingDirectory: false) else { return nil }
        defer { lock.unlock() }
        sweepTemporaryFiles(of: path)
        switch try inspect(path) {
        case .absent:
            return nil
        case .value:
            return try moveAside(path, because: nil)
        case .bad(let problem):
            return try moveAside(path, because: Self.problemPhrase(problem))
        }
    }

    /// Hands a problem to this file's handler, or to ``PersistenceHooks/errorHandler``.
    func report(_ problems: [PersistenceError]) {
        guard !problems.isEmpty else { return }
        let handler = errorHandler ?? PersistenceHooks.errorHandler
        for problem in problems { handler(problem) }
    }
}
