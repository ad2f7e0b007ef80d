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
    /// - Parameter prefix: The start of the folder's name, to tell whose folder was left behind
    ///   by a crashed run.
    /// - Throws: The error of creating the folder.
    public init(prefix: String = "reswift-tests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
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
