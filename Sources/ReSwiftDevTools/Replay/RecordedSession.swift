import Foundation
@_spi(ReSwiftInternal) import InternalReSwiftUtilities
import ReSwift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recorded session, loaded from a file that ``SessionRecorder`` wrote.
///
/// ```swift
/// let session = try RecordedSession(contentsOf: url, registry: registry)
/// if !session.skipped.isEmpty { print(session.skipped) }
/// let store = Store(reducer: appReducer, state: nil)
/// session.replay(into: store)
/// ```
///
/// Lines that can't be turned back into actions are skipped, not fatal, and each is listed in
/// ``skipped`` with its line number and the reason: a type the registry doesn't know (an action
/// renamed or removed since the recording, or one not registered), an action that no longer
/// decodes, or a line that isn't valid JSON (such as a last line cut short by a crash).
public struct RecordedSession {
    /// One recorded action.
    public struct Entry {
        /// The action, decoded.
        public var action: Action
        /// The name its type was recorded under.
        public var typeName: String
        /// When it was dispatched.
        public var date: Date
        /// Where it was dispatched from (`"fileID:line"`), if the recording kept it.
        public var callSite: String?
    }

    /// A line of the session file that was skipped.
    public struct SkippedLine: Equatable, Sendable, CustomStringConvertible {
        /// The line's number in the file, from 1 (the header).
        public var lineNumber: Int
        /// The action type the line names, if it could be read.
        public var typeName: String?
        /// Why the line was skipped.
        public var reason: String

        /// The line number and reason, for printing.
        public var description: String {
            "line \(lineNumber)" + (typeName.map { " (\($0))" } ?? "") + ": " + reason
        }
    }

    /// When the recording started.
    public var startDate: Date

    /// The recorded actions, in the order they were dispatched.
    public var entries: [Entry]

    /// The lines that couldn't be turned back into actions. Empty when every action was loaded.
    public var skipped: [SkippedLine]

    /// The recorded actions, in order.
    public var actions: [Action] {
        entries.map(\.action)
    }

    /// The header line, kept to decode the initial state on request.
    private var header: Data

    /// The file the session was loaded from, if any.
    private var url: URL?

    /// Returns the state the recording started from, if the recorder was given one.
    ///
    /// ```swift
    /// let store = session.replayedStore(reducer: appReducer, state: try session.initialState(as: AppState.self))
    /// ```
    ///
    /// - Parameter type: The app's state type, as it was when the session was recorded.
    /// - Returns: The initial state, or `nil` if the session was recorded without one.
    /// - Throws: ``SessionError`` if the recorded state doesn't decode as `type`.
    public func initialState<InitialState: Decodable>(as type: InitialState.Type) throws -> InitialState? {
        do {
            return try JSONDecoder().decode(InitialStateReader<InitialState>.self, from: header).initialState
        } catch {
            throw SessionError(.initialStateDoesNotDecode(url, String(reflecting: type), error))
        }
    }

    /// Loads a session file.
    ///
    /// The file is opened without blocking and checked to be a regular file before it is read: a
    /// pipe or a device at the path is refused instead of waited on or read forever.
    ///
    /// - Parameters:
    ///   - url: A file written by ``SessionRecorder``.
    ///   - registry: The action types to read; lines naming other types are skipped.
    /// - Throws: ``SessionError`` if the file can't be read, is not a session, or was written by
    ///   a newer version of the format.
    public init(contentsOf url: URL, registry: ActionRegistry) throws {
        try self.init(data: try Self.readRegularFile(at: url), registry: registry, url: url)
    }

    /// The contents of the regular file at `url`, opened `O_NONBLOCK` and checked with `fstat`.
    private static func readRegularFile(at url: URL) throws -> Data {
        func failure(_ description: String, code: Int32) -> SessionError {
            SessionError(
                .cannotRead(
                    url,
                    NSError(
                        domain: NSPOSIXErrorDomain, code: Int(code),
                        userInfo: [NSLocalizedDescriptionKey: description])))
        }
        func failure(_ code: Int32) -> SessionError { failure(String(cString: strerror(code)), code: code) }
        var fd: Int32
        repeat { fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw failure(errno) }
        defer { _ = close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure("it is a directory, not a session file", code: EISDIR)
        case S_IFIFO: throw failure("it is a pipe, not a session file", code: EINVAL)
        default: throw failure("it isn't a regular file", code: EINVAL)
        }
        switch FileDescriptorIO.readToEnd(fd) {
        case .success(let bytes): return Data(bytes)
        case .failure(let readFailure): throw failure(readFailure.code)
        }
    }

    /// Reads a session from the contents of a session file.
    ///
    /// - Parameters:
    ///   - data: The JSON Lines text ``SessionRecorder`` writes.
    ///   - registry: The action types to read; lines naming other types are skipped.
    /// - Throws: ``SessionError`` if the data is not a session or was written by a newer version
    ///   of the format.
    public init(data: Data, registry: ActionRegistry) throws {
        try self.init(data: data, registry: registry, url: nil)
    }

    private init(data: Data, registry: ActionRegistry, url: URL?) throws {
        let decoder = JSONDecoder()
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true {
            lines.removeLast()
        }
        guard let headerLine = lines.first,
            let header = try? decoder.decode(SessionHeader.self, from: Data(headerLine)),
            header.format == SessionHeader.formatName
        else {
            throw SessionError(.notASession(url))
        }
        guard header.version <= SessionHeader.currentVersion else {
            throw SessionError(.newerVersion(url, header.version))
        }

        self.header = Data(headerLine)
        self.url = url
        startDate = Date(timeIntervalSince1970: header.started)
        entries = []
        skipped = []
        for (offset, line) in lines.enumerated().dropFirst() {
            let lineNumber = offset + 1
            let lineData = Data(line)
            if lineData.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
                continue
            }
            guard let meta = try? decoder.decode(EntryMetadata.self, from: lineData) else {
                skipped.append(
                    SkippedLine(
                        lineNumber: lineNumber, typeName: nil, reason: "not a session entry (invalid JSON)")
                )
                continue
            }
            guard let registration = registry.registration(named: meta.type) else {
                skipped.append(
                    SkippedLine(
                        lineNumber: lineNumber,
                        typeName: meta.type,
                        reason:
                            "the registry has no action type named \"\(meta.type)\"; register it to replay it"
                    )
                )
                continue
            }
            do {
                let action = try registration.decodeAction(lineData, decoder)
                entries.append(
                    Entry(
                        action: action, typeName: meta.type, date: Date(timeIntervalSince1970: meta.time),
                        callSite: meta.callSite)
                )
            } catch {
                skipped.append(
                    SkippedLine(
                        lineNumber: lineNumber,
                        typeName: meta.type,
                        reason: "the action doesn't decode as the registered type (\(error))"
                    )
                )
            }
        }
    }
}
