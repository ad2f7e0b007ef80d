import Foundation
@_spi(ReSwiftInternal) import ReSwift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Records the registered actions a store dispatches into a session file, as they happen.
///
/// Each action is written as one JSON line, with its time (and its call site, when the dispatch
/// carried one: see `DispatchOrigin/current`), before the reducer runs: if the app crashes in a
/// reducer, the action that crashed it is already in the file. Actions whose type isn't in the
/// ``ActionRegistry`` are not recorded (see ``skippedCount``).
///
/// ```swift
/// let recorder = try SessionRecorder(
///     url: URL(fileURLWithPath: "/tmp/todo-session.jsonl"),
///     registry: ActionRegistry(AddTodo.self, ToggleTodo.self),
///     overwrite: true
/// )
/// let store = Store(reducer: appReducer, state: nil, middleware: [recorder.middleware()])
/// ```
///
/// Load the file with ``RecordedSession/init(contentsOf:registry:)`` and replay it with
/// ``RecordedSession/replay(into:count:)``. A recorder may serve several stores and be
/// used from any thread; lines are written whole, one at a time.
public final class SessionRecorder: Sendable {

    /// A problem writing to the session file, handed to the recorder's error handler.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        /// The session file.
        public var url: URL
        /// What went wrong and what to do about it.
        public var message: String

        /// The message, for printing.
        public var description: String { message }
    }

    /// The session file.
    public let url: URL

    /// The action types recorded.
    public let registry: ActionRegistry

    private let now: @Sendable () -> Date
    private let errorHandler: (@Sendable (Problem) -> Void)?
    /// The session file as it is being written; lives inside its lock, so lines are written
    /// whole, one at a time.
    private struct Session {
        /// The open file; `nil` once closed.
        var handle: FileHandle?
        let encoder = SessionCoding.makeEncoder()
        /// How many actions were written.
        var recorded = 0
        /// How many actions were not written because their type isn't registered.
        var skipped = 0
    }

    private let session = Locked(Session())

    /// Creates the session file and writes its header.
    ///
    /// - Parameters:
    ///   - url: Where to write the session; missing folders are created.
    ///   - registry: The action types to record.
    ///   - overwrite: Whether to replace an existing file at `url`. When `false` (the default) an
    ///     existing file is left alone and the initializer throws.
    ///   - now: The clock that stamps each action; the system clock by default.
    ///   - errorHandler: Called when an action can't be encoded or written; `nil` uses
    ///     ``DevToolsHooks/errorHandler``. Recording continues with the next action.
    /// - Throws: ``SessionError`` if the file exists (and `overwrite` is `false`) or can't be
    ///   created.
    public convenience init(
        url: URL,
        registry: ActionRegistry,
        overwrite: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() },
        errorHandler: (@Sendable (Problem) -> Void)? = nil
    ) throws {
        try self.init(
            url: url,
            registry: registry,
            overwrite: overwrite,
            now: now,
            errorHandler: errorHandler,
            header: { started, encoder in
                try encoder.encode(SessionHeader(started: started))
            }
        )
    }

    /// Creates the session file and writes its header, with the state the recording starts from.
    ///
    /// Record the initial state when the app doesn't start from its reducer's defaults (it
    /// restored saved data, say); a replay then starts from the same state:
    ///
    /// ```swift
    /// let recorder = try SessionRecorder(url: url, registry: registry, initialState: restored)
    /// // later
    /// let session = try RecordedSession(contentsOf: url, registry: registry)
    /// let store = session.replayedStore(reducer: appReducer, state: try session.initialState(as: AppState.self))
    /// ```
    ///
    /// - Parameters:
    ///   - url: Where to write the session; missing folders are created.
    ///   - registry: The action types to record.
    ///   - initialState: The state the store starts from, written into the header.
    ///   - overwrite: Whether to replace an existing file at `url`. When `false` (the default) an
    ///     existing file is left alone and the initializer throws.
    ///   - now: The clock that stamps each action; the system clock by default.
    ///   - errorHandler: Called when an action can't be encoded or written; `nil` uses
    ///     ``DevToolsHooks/errorHandler``. Recording continues with the next action.
    /// - Throws: ``SessionError`` if the file exists (and `overwrite` is `false`), can't be
    ///   created, or the initial state can't be encoded.
    public convenience init<InitialState: Encodable>(
        url: URL,
        registry: ActionRegistry,
        initialState: InitialState,
        overwrite: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() },
        errorHandler: (@Sendable (Problem) -> Void)? = nil
    ) throws {
        try self.init(
            url: url,
            registry: registry,
            overwrite: overwrite,
            now: now,
            errorHandler: errorHandler,
            header: { started, encoder in
                do {
                    return try encoder.encode(
                        HeaderWithInitialState(
                            header: SessionHeader(started: started), initialState: initialState)
                    )
                } catch {
                    throw SessionError(
                        .cannotEncodeInitialState(String(reflecting: InitialState.self), error))
                }
            }
        )
    }

    private init(
        url: URL,
        registry: ActionRegistry,
        overwrite: Bool,
        now: @escaping @Sendable () -> Date,
        errorHandler: (@Sendable (Problem) -> Void)?,
        header: (_ started: Double, _ encoder: JSONEncoder) throws -> Data
    ) throws {
        self.url = url
        self.registry = registry
        self.now = now
        self.errorHandler = errorHandler

        var firstLine = try session.withLock { try header(now().timeIntervalSince1970, $0.encoder) }
        firstLine.append(UInt8(ascii: "\n"))
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
        } catch {
            throw SessionError(.cannotCreate(url, error))
        }
        let handle = FileHandle(
            fileDescriptor: try Self.createFile(at: url, overwrite: overwrite), closeOnDealloc: true)
        session.withLock { $0.handle = handle }
        do {
            try handle.writeCompletely(firstLine)
        } catch {
            throw SessionError(.cannotCreate(url, error))
        }
    }

    /// Creates the session file, `0600`, and opens it for writing.
    ///
    /// A new file is created `O_CREAT | O_EXCL | O_NOFOLLOW`, so nothing at the path (a symbolic
    /// link another user planted included) is followed, truncated or written. With `overwrite`, an
    /// existing file is replaced only when it is a regular file of the user's: it is removed, and
    /// the new one created the same way (keeping its mode).
    ///
    /// - Returns: The open descriptor.
    /// - Throws: ``SessionError``: the file exists (without `overwrite`), isn't one to replace, or
    ///   can't be created.
    private static func createFile(at url: URL, overwrite: Bool) throws -> Int32 {
        let path = url.path
        var mode: mode_t = 0o600
        var existing = stat()
        if lstat(path, &existing) == 0 {
            guard overwrite else { throw SessionError(.fileExists(url)) }
            if existing.st_mode & S_IFMT != S_IFREG {
                throw SessionError(
                    .cannotReplace(url, "it is \(kindName(existing.st_mode)), not a session file"))
            }
            if existing.st_uid != geteuid() {
                throw SessionError(
                    .cannotReplace(url, "it belongs to another user (uid \(existing.st_uid)), not to you"))
            }
            mode = existing.st_mode & 0o777
            if unlink(path) != 0 && errno != ENOENT {
                throw SessionError(.cannotCreate(url, posixError(errno)))
            }
        }
        while true {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
            if fd >= 0 {
                if mode != 0o600 { _ = fchmod(fd, mode) }
                return fd
            }
            if errno == EINTR { continue }
            // Something took the name meanwhile: it is left alone.
            if errno == EEXIST { throw SessionError(.fileExists(url)) }
            throw SessionError(.cannotCreate(url, posixError(errno)))
        }
    }

    /// What a file of mode `mode` is, in a phrase: "a symbolic link".
    private static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a pipe"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a regular file"
        }
    }

    /// `errno` as an error whose description is the system's message for it.
    private static func posixError(_ code: Int32) -> NSError {
        NSError(
            domain: NSPOSIXErrorDomain, code: Int(code),
            userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(code))])
    }

    deinit {
        session.withLock { try? $0.handle?.close() }
    }

    /// A middleware that records each registered action before passing it on.
    ///
    /// Put it last in the middleware list, so that it records the actions that reach the reducer,
    /// including those that thunks dispatch, and not the thunks themselves.
    ///
    /// - Returns: The middleware.
    public func middleware<State>() -> Middleware<State> {
        return { _, _ in
            return { next in
                return { [self] action in
                    record(action, callSite: DispatchOrigin.current?.callSite)
                    next(action)
                }
            }
        }
    }

    /// Writes an action to the session file, if its type is registered.
    ///
    /// - Parameters:
    ///   - action: The action; ignored (and counted in ``skippedCount``) when its type isn't
    ///     registered.
    ///   - callSite: Where the action was dispatched from, if known; kept in the session.
    public func record(_ action: Action, callSite: CallSite? = nil) {
        guard let registration = registry.registration(for: action) else {
            session.withLock { $0.skipped += 1 }
            return
        }
        let date = now()
        let problem: Problem? = session.withLock { session in
            guard let handle = session.handle else {
                return Problem(
                    url: url,
                    message: """
                        SessionRecorder: \(registration.name) was not recorded because the \
                        recorder was closed. Create a new SessionRecorder to record again.
                        """
                )
            }
            let meta = EntryMetadata(
                type: registration.name, index: session.recorded, time: date.timeIntervalSince1970,
                callSite: callSite?.description)
            do {
                var line = try registration.encodeLine(action, meta, session.encoder)
                line.append(UInt8(ascii: "\n"))
                try handle.writeCompletely(line)
                session.recorded += 1
                return nil
            } catch let error as EncodingError {
                return Problem(
                    url: url,
                    message: """
                        SessionRecorder: \(registration.name) could not be encoded (\(error)); it \
                        is missing from the session. Check its Codable conformance.
                        """
                )
            } catch {
                return Problem(
                    url: url,
                    message: """
                        SessionRecorder: writing \(registration.name) to \(url.path) failed \
                        (\(error.localizedDescription)); it is missing from the session. Check \
                        that the disk has space and the file is writable.
                        """
                )
            }
        }
        if let problem {
            (errorHandler ?? DevToolsHooks.errorHandler)(problem)
        }
    }

    /// The number of actions written so far.
    public var recordedCount: Int {
        session.withLock { $0.recorded }
    }

    /// The number of actions not written because their type isn't registered.
    public var skippedCount: Int {
        session.withLock { $0.skipped }
    }

    /// Closes the session file. Actions recorded after this are reported to the error handler.
    ///
    /// Each line is written to the file as it is recorded, so the file is complete even if the
    /// recorder is never closed; closing releases the file handle.
    public func close() {
        session.withLock { session in
            try? session.handle?.close()
            session.handle = nil
        }
    }
}
