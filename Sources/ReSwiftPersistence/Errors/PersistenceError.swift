import Foundation

/// A problem with a persisted file: what went wrong, with which file, and what was done about it.
///
/// ``PersistedFile`` throws it when an operation can't be done (a file it must not touch, a save
/// that couldn't write, a lock held too long by another process), and reports it to its problem
/// handler when, under ``UnusableFilePolicy/setAsideAndRebuild``, it moved a bad file aside
/// (``movedAsideTo``). ``message`` is a sentence for a user that says what was wrong and what to do:
///
/// ```
/// The file /home/ana/.local/share/todo/todo.json was written by a newer version of the app (schema
/// version 4; this version reads up to 3). It was left untouched; use the newer version of the app,
/// or move the file away yourself to start afresh with this one.
/// ```
public struct PersistenceError: Error, Sendable, CustomStringConvertible {
    /// The kind of problem, for code that reacts differently to each.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        enum Code: Hashable, Sendable {
            case unreadable, notJSON, wrongShape, newerVersion, migrationFailed
            case writeFailed, lockFailed, moveAsideFailed, notAFile, busy, hardLinked
            case readOnly, ownedByAnotherUser, folderNotWritable, readOnlyFileSystem
        }

        let code: Code

        /// The file exists but reading it failed (for example, permission was denied). Such a file
        /// is never moved or written over: it isn't known to be bad.
        public static let unreadable = Kind(code: .unreadable)
        /// The file isn't JSON: empty, cut short, or not text.
        public static let notJSON = Kind(code: .notJSON)
        /// The file is JSON but not a versioned envelope holding a value of the expected type.
        public static let wrongShape = Kind(code: .wrongShape)
        /// The file was written with a schema version newer than this app knows. Such a file is
        /// never moved or written over.
        public static let newerVersion = Kind(code: .newerVersion)
        /// A migration from the file's older version is missing or threw.
        public static let migrationFailed = Kind(code: .migrationFailed)
        /// The value couldn't be encoded or the file couldn't be written; the old file is unchanged.
        public static let writeFailed = Kind(code: .writeFailed)
        /// The lock file next to the file couldn't be opened or locked, or isn't a regular file of
        /// the user's (or root's): a symbolic link or a pipe there is refused, not followed.
        public static let lockFailed = Kind(code: .lockFailed)
        /// Another process held the file's lock for longer than the file's lock timeout;
        /// ``PersistenceError/lockHolderProcessID`` names it where the system tells. Nothing was changed.
        public static let busy = Kind(code: .busy)
        /// The file has other names (hard links), which replacing it would split from it: a save
        /// writes a new file and renames it into place, so the other names would keep the old
        /// contents. Nothing was written.
        public static let hardLinked = Kind(code: .hardLinked)
        /// A file that couldn't be loaded couldn't be moved aside either, so it was left in place.
        public static let moveAsideFailed = Kind(code: .moveAsideFailed)
        /// The path names a directory, device or pipe, not a file; nothing was read, written or
        /// moved.
        public static let notAFile = Kind(code: .notAFile)
        /// The file is read-only (its owner may not write it): the user made it so, so it isn't
        /// replaced or removed. Nothing was written.
        public static let readOnly = Kind(code: .readOnly)
        /// The file, or the symbolic link at its path, belongs to another user: it isn't replaced,
        /// moved or removed, and such a link isn't followed. Nothing was changed.
        public static let ownedByAnotherUser = Kind(code: .ownedByAnotherUser)
        /// The file's folder can't be written (permissions), so its lock file, its new contents or
        /// its moved-aside copy can't be created there. Nothing was changed.
        public static let folderNotWritable = Kind(code: .folderNotWritable)
        /// The file's folder is on a file system mounted read-only, so its lock file, its new
        /// contents or its moved-aside copy can't be created there. Nothing was changed.
        public static let readOnlyFileSystem = Kind(code: .readOnlyFileSystem)

        /// Whether the problem is the file's contents: not JSON, the wrong shape, or a failed
        /// migration. Such a file is what ``UnusableFilePolicy`` decides about, and what
        /// ``PersistedFile/setAside()`` moves away.
        public var isBadContents: Bool {
            code == .notJSON || code == .wrongShape || code == .migrationFailed
        }

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
            case .busy: return "busy"
            case .hardLinked: return "hard linked"
            case .readOnly: return "read-only"
            case .ownedByAnotherUser: return "owned by another user"
            case .folderNotWritable: return "folder not writable"
            case .readOnlyFileSystem: return "read-only file system"
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
    /// The process that held the lock, for a ``Kind-swift.struct/busy`` error, where the system
    /// tells (Linux); `nil` otherwise.
    public let lockHolderProcessID: Int32?

    /// Whether a write failed because the value couldn't be encoded (not because of the disk).
    let isEncodingFailure: Bool
    /// Whether a ``Kind-swift.struct/moveAsideFailed`` move was asked for (``PersistedFile/setAside()``
    /// of a usable file), rather than forced by bad contents.
    let isRequestedMove: Bool

    init(
        _ kind: Kind, fileURL: URL, reason: String, movedAsideTo: URL? = nil,
        underlyingError: (any Error)? = nil, isEncodingFailure: Bool = false,
        lockHolderProcessID: Int32? = nil, isRequestedMove: Bool = false
    ) {
        self.isEncodingFailure = isEncodingFailure
        self.isRequestedMove = isRequestedMove
        self.lockHolderProcessID = lockHolderProcessID
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
        case .notJSON, .wrongShape, .migrationFailed:
            let what: String
            switch kind.code {
            case .notJSON: what = "isn't valid JSON (\(reason))"
            case .wrongShape: what = "doesn't hold the expected data (\(reason))"
            default: what = "couldn't be migrated from its older format (\(reason))"
            }
            if let movedAsideTo {
                return
                    "The file \(path) \(what). It was moved to \(movedAsideTo.path) and the app started from "
                    + "its defaults; look at the moved file to recover anything you need from it."
            }
            return
                "The file \(path) \(what). It was left untouched and nothing was saved over it; repair it, or "
                + "move it away to start afresh."
        case .unreadable:
            return
                "The file \(path) couldn't be read (\(reason)). It was left untouched; check that you may read "
                + "it (ls -l \(path)), then try again."
        case .newerVersion:
            return
                "The file \(path) was written by a newer version of the app (\(reason)). It was left untouched; "
                + "use the newer version of the app, or move the file away yourself to start afresh with this one."
        case .writeFailed:
            let advice: String
            if isEncodingFailure {
                advice = "the app couldn't encode its data, which is a bug in the app; please report it"
            } else if isDiskFull {
                advice = Self.diskFullAdvice
            } else if let inTheWay = underlyingError as? POSIX.FileInTheWay {
                advice = "move \(inTheWay.path) away, or keep the file in another folder"
            } else {
                advice = "check that the folder is writable and the disk isn't full, then try again"
            }
            return
                "Couldn't save \(path): \(reason). The previous contents of the file are unchanged; \(advice)."
        case .lockFailed:
            switch underlyingError {
            case nil:
                return "Couldn't lock \(path): \(reason). Nothing was changed."
            case _ where isDiskFull:
                return
                    "Couldn't lock \(path): \(reason). Nothing was changed; its lock file can't be created because "
                    + "\(Self.diskFullAdvice)."
            case is FileLock.Refused:
                return
                    "Couldn't lock \(path): \(reason). Nothing was changed; a lock file must be a plain file of "
                    + "yours (or root's): if you didn't make it, remove it (the next change makes a new one), or keep "
                    + "the file in a folder only you can write."
            default:
                return
                    "Couldn't lock \(path): \(reason). Nothing was changed; check that its folder is writable and "
                    + "that \(path).lock is a plain file of yours."
            }
        case .busy:
            return
                "The file \(path) is busy: \(reason). Nothing was changed; try again when it is done, or end "
                + "that process if it is stuck."
        case .hardLinked:
            return
                "Couldn't save \(path): \(reason). Saving replaces the file, which would leave its other names "
                + "with the old contents, so nothing was written; replace the extra hard links with symbolic "
                + "links, or use a file that has one name."
        case .notAFile:
            return
                "\(path) can't hold the app's data: \(reason), not a file. Nothing was read, written or moved; "
                + "choose the path of a file (it may not exist yet)."
        case .moveAsideFailed:
            if isRequestedMove {
                return
                    "The file \(path) couldn't be moved aside (\(reason)), so it was left in place, unchanged; "
                    + "move it yourself, or fix the problem and try again."
            }
            return
                "The file \(path) couldn't be loaded, and moving it aside failed (\(reason)), so it was left "
                + "in place and nothing was saved over it; move or remove it yourself, then start the app again."
        case .readOnly:
            return
                "The file \(path) is read-only (\(reason)), so it was left as it is and nothing was saved over "
                + "it; make it writable (chmod u+w \(path)) to change it."
        case .ownedByAnotherUser:
            return
                "\(path) belongs to another user (\(reason)), so nothing was changed: the app only changes, and "
                + "follows links of, files of yours; use a file of your own."
        case .readOnlyFileSystem:
            return
                "Couldn't change \(path): \(reason). Nothing was changed; the file system is mounted read-only: "
                + "remount it read-write, or keep the file on a disk you can write."
        case .folderNotWritable:
            return
                "Couldn't change \(path): \(reason). Nothing was changed; get write permission on that folder "
                + "(ls -ld shows who has it), or keep the file in a folder you can write."
        }
    }

    /// Whether the system said the disk (or the user's quota on it) is full.
    private var isDiskFull: Bool { (underlyingError as? POSIX.Failure)?.isDiskFull == true }

    /// What to do about a full disk, as the end of a sentence.
    private static let diskFullAdvice = "the disk is full: free some space, then try again"

    /// The same as ``message``.
    public var description: String { message }
}
