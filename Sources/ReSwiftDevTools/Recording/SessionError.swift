import Foundation

/// Why a session file couldn't be recorded or loaded.
///
/// The ``description`` says what was wrong and what to do.
public struct SessionError: Error, CustomStringConvertible, Sendable {
    enum Reason: Sendable {
        case fileExists(URL)
        case cannotCreate(URL, any Error)
        case cannotReplace(URL, String)
        case cannotRead(URL, any Error)
        case notASession(URL?)
        case newerVersion(URL?, Int)
        case cannotEncodeInitialState(String, any Error)
        case initialStateDoesNotDecode(URL?, String, any Error)
    }

    let reason: Reason

    init(_ reason: Reason) {
        self.reason = reason
    }

    /// The session file concerned, if the session came from a file.
    public var url: URL? {
        switch reason {
        case .fileExists(let url), .cannotCreate(let url, _), .cannotRead(let url, _),
            .cannotReplace(let url, _):
            return url
        case .notASession(let url), .newerVersion(let url, _), .initialStateDoesNotDecode(let url, _, _):
            return url
        case .cannotEncodeInitialState:
            return nil
        }
    }

    /// What went wrong, and what to do about it.
    public var description: String {
        switch reason {
        case .fileExists(let url):
            return """
                A file already exists at \(url.path); it was left alone. Choose another path for \
                the session, or pass overwrite: true to replace it.
                """
        case .cannotCreate(let url, let error):
            return """
                The session file \(url.path) could not be created (\(error.localizedDescription)). \
                Check that its folder is writable.
                """
        case .cannotReplace(let url, let why):
            return """
                \(url.path) was not replaced: \(why). It was left alone; choose another path for \
                the session.
                """
        case .cannotRead(let url, let error):
            return """
                The session file \(url.path) could not be read (\(error.localizedDescription)). \
                Check the path and the file's permissions.
                """
        case .notASession(let url):
            return """
                \(url.map { $0.path } ?? "The data") is not a ReSwiftDevTools session: its first line \
                is not a session header. Load a file written by SessionRecorder.
                """
        case .newerVersion(let url, let version):
            return """
                \(url.map { $0.path } ?? "The session") was written in session format version \
                \(version), newer than this version of ReSwiftDevTools reads \
                (\(SessionHeader.currentVersion)). Update ReSwiftDevTools to load it.
                """
        case .cannotEncodeInitialState(let type, let error):
            return """
                The initial state (\(type)) could not be encoded (\(error)), so no session was \
                started. Check its Encodable conformance, or record without an initial state.
                """
        case .initialStateDoesNotDecode(let url, let type, let error):
            return """
                The initial state recorded in \(url.map { $0.path } ?? "the session") does not \
                decode as \(type) (\(error)). Load it as the state type the app had when it \
                recorded the session.
                """
        }
    }
}
