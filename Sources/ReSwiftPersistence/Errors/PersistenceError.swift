import Foundation

/// A problem with a persisted file: what went wrong, with which file, and what was done about it.
///
/// ``PersistedFile`` reports a file it couldn't load through its problem handler, after moving the
/// file aside (``movedAsideTo``); the same type is thrown by the operations that fail outright
/// (a save that couldn't write, a lock that couldn't be taken). ``message`` is a sentence for a user:
///
/// ```
/// The file /home/ana/.local/share/todo/todos.json was written by a newer version of the app (schema
/// version 4; this version reads up to 3). It was moved to /home/ana/.local/share/todo/todos.json.moved-
/// 20261129T111309.120Z and the app started from its defaults; update the app to read it.
/// ```
public struct PersistenceError: Error, Sendable, CustomStringConvertible {
    /// The kind of problem, for code that reacts differently to each.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        enum Code: Hashable, Sendable {
            case unreadable, notJSON, wrongShape, newerVersion, migrationFailed
            case writeFailed, lockFailed, moveAsideFailed, notAFile
        }

        let code: Code

        /// The file exists but reading it failed (for example, permission was denied).
        public static let unreadable = Kind(code: .unreadable)
        /// The file isn't JSON: empty, cut short, or not text.
        public static let notJSON = Kind(code: .notJSON)
        /// The file is JSON but not a versioned envelope holding a value of the expected type.
        public static let wrongShape = Kind(code: .wrongShape)
        /// The file was written with a schema version newer than this app knows.
        public static let newerVersion = Kind(code: .newerVersion)
        /// A migration from the file's older version is missing or threw.
        public static let migrationFailed = Kind(code: .migrationFailed)
        /// The value couldn't be encoded or the file couldn't be written; the old file is unchanged.
        public static let writeFailed = Kind(code: .writeFailed)
        /// The lock file next to the file couldn't be opened or locked.
        public static let lockFailed = Kind(code: .lockFailed)
        /// A file that couldn't be loaded couldn't be moved aside either, so it was left in place.
        public static let moveAsideFailed = Kind(code: .moveAsideFailed)
        /// The path names a directory, device or pipe, not a file; nothing was read, written or
        /// moved.
        public static let notAFile = Kind(code: .notAFile)

        /// A short name for the kind, such as `"newer version"`.
        public var description: String {
            switch code {
            case .unreadable: return "unreadable"
            case .notJSON: return "not JSON"
            case .wrongShape: return "wrong shape"
            case .newerVersion: return "newer version"
            case .migrationFailed: return "migration failed"
            case .writeFailed: return "write failed"
            case .lockFailed: return "lock failed"
            case .moveAsideFailed: return "move aside failed"
            case .notAFile: return "not a file"
            }
        }
    }

    /// The kind of problem.
    public let kind: Kind
    /// The file the problem is about.
    public let fileURL: URL
    /// Where the file was moved, when it couldn't be loaded and was set aside; `nil` otherwise.
    public let movedAsideTo: URL?
    /// What exactly was wrong, in a phrase (for example `"schema version 4; this version reads up to 3"`).
    public let reason: String
    /// The error underneath, if one was thrown (a `DecodingError`, a `CocoaError`, …).
    public let underlyingError: (any Error)?

    /// Whether a write failed because the value couldn't be encoded (not because of the disk).
    let isEncodingFailure: Bool

    init(
        _ kind: Kind, fileURL: URL, reason: String, movedAsideTo: URL? = nil,
        underlyingError: (any Error)? = nil, isEncodingFailure: Bool = false
    ) {
        self.isEncodingFailure = isEncodingFailure
        self.kind = kind
        self.fileURL = fileURL
        self.reason = reason
        self.movedAsideTo = movedAsideTo
        self.underlyingError = underlyingError
    }

    /// The same problem, after the file was moved to `url`.
    func movedAside(to url: URL) -> PersistenceError {
        PersistenceError(
            kind, fileURL: fileURL, reason: reason, movedAsideTo: url, underlyingError: underlyingError)
    }

    /// A sentence for a user: what was wrong with which file, what was done, and what to do.
    public var message: String {
        let path = fileURL.path
        switch kind.code {
        case .unreadable, .notJSON, .wrongShape, .newerVersion, .migrationFailed:
            let what: String
            switch kind.code {
            case .unreadable: what = "couldn't be read (\(reason))"
            case .notJSON: what = "isn't valid JSON (\(reason))"
            case .wrongShape: what = "doesn't hold the expected data (\(reason))"
            case .newerVersion: what = "was written by a newer version of the app (\(reason))"
            default: what = "couldn't be migrated from its older format (\(reason))"
            }
            let advice =
                kind == .newerVersion
                ? "update the app to read it" : "look at the moved file to recover anything you need from it"
            if let movedAsideTo {
                return
                    "The file \(path) \(what). It was moved to \(movedAsideTo.path) and the app started from "
                    + "its defaults; \(advice)."
            }
            return "The file \(path) \(what)."
        case .writeFailed:
            let advice =
                isEncodingFailure
                ? "the app couldn't encode its data, which is a bug in the app; please report it"
                : "check that the folder is writable and the disk isn't full, then try again"
            return
                "Couldn't save \(path): \(reason). The previous contents of the file are unchanged; \(advice)."
        case .lockFailed:
            return
                "Couldn't lock \(path): \(reason). Check that its folder is writable and that \(path).lock "
                + "is a plain file."
        case .notAFile:
            return
                "\(path) can't hold the app's data: \(reason), not a file. Nothing was read, written or moved; "
                + "choose the path of a file (it may not exist yet)."
        case .moveAsideFailed:
            return
                "The file \(path) couldn't be loaded and couldn't be moved aside (\(reason)), so it was left "
                + "in place and nothing was saved over it; move or remove it yourself, then start the app again."
        }
    }

    /// The same as ``message``.
    public var description: String { message }
}
