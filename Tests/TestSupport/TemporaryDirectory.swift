import Foundation

/// A fresh, empty folder under the system's temporary directory, one per instance so that tests
/// running in parallel never share files, removed with everything in it when the instance goes
/// away.
///
/// Keep the instance (not only its ``url``) for as long as the test uses the folder:
///
/// ```swift
/// let folder = try TemporaryDirectory()
/// let file = folder.file("todos.json")
/// ```
public final class TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates the folder.
    ///
    /// A Unix domain socket's path must fit `sun_path` (104 bytes on Apple platforms, 108 on
    /// Linux), and the system's temporary directory can be long (`/var/folders/…/T/` on macOS).
    /// With `shortPath` the folder is `/tmp/<prefix>-<8 hex digits>`, only the user may open it
    /// (`0700`, as the inspector wants of its runtime folder), and a socket inside it fits:
    ///
    /// ```swift
    /// let runtime = try TemporaryDirectory(prefix: "inspect", shortPath: true)
    /// let environment = ["XDG_RUNTIME_DIR": runtime.path]
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: The start of the folder's name, to tell whose folder was left behind by a
    ///     crashed run. Keep it short with `shortPath`.
    ///   - shortPath: Make the folder in `/tmp` with a short name, for sockets.
    /// - Throws: The error of creating the folder.
    public init(prefix: String = "reswift-tests", shortPath: Bool = false) throws {
        let fileManager = FileManager.default
        if shortPath {
            url = URL(fileURLWithPath: "/tmp", isDirectory: true).appendingPathComponent(
                "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
            try fileManager.createDirectory(at: url, withIntermediateDirectories: false)
            try fileManager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        } else {
            url = fileManager.temporaryDirectory
                .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
            try fileManager.createDirectory(at: url, withIntermediateDirectories: true)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The folder's path.
    public var path: String { url.path }

    /// A path inside the folder.
    ///
    /// - Parameter name: A file name, or a relative path.
    /// - Returns: The path; nothing is created.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    /// Creates a fresh, empty folder inside this one (removed with it), for a test that needs
    /// several.
    ///
    /// - Returns: The new folder.
    /// - Throws: The error of creating the folder.
    public func newFolder() throws -> URL {
        let folder = url.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder
    }

    /// The names in the folder, sorted.
    ///
    /// - Throws: The error of listing the folder.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}
