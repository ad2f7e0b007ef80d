import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The location of an executable product built alongside the running tests.
///
/// `swift test` builds every executable target of the package into the same directory as the
/// test bundle (for example `.build/debug`), so an end-to-end test can run the real binary:
///
/// ```swift
/// let url = try builtProductURL("memory-game")
/// ```
///
/// - Parameter name: The executable product's name, as in `Package.swift`.
/// - Returns: The executable's file URL.
/// - Throws: ``TestSupportError`` naming the directories searched when it isn't there.
public func builtProductURL(_ name: String) throws -> URL {
    let fileManager = FileManager.default
    let directories = productDirectories()
    for directory in directories {
        let candidate = directory.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
            fileManager.isExecutableFile(atPath: candidate.path)
        {
            return candidate
        }
    }
    let searched = directories.map(\.path).joined(separator: ", ")
    throw TestSupportError(
        "The executable '\(name)' was not found next to the test bundle (searched: \(searched)). "
            + "Build it first with `swift build --product \(name)`, or run the tests with `swift test`, "
            + "which builds every executable target of the package.")
}

/// Directories that may hold the build products: the directory of the binary this code is linked
/// into (the test bundle), of loaded `.xctest` bundles, and of the running executable, each walked
/// up out of a `.xctest` bundle.
private func productDirectories() -> [URL] {
    var candidates: [URL] = []
    #if canImport(Darwin)
        // The test bundle's binary (swift test on macOS runs it inside a helper executable).
        var info = Dl_info()
        if dladdr(#dsohandle, &info) != 0, let name = info.dli_fname {
            candidates.append(
                URL(fileURLWithPath: String(cString: name)).resolvingSymlinksInPath()
                    .deletingLastPathComponent())
        }
    #else
        // On Linux the test bundle is the executable itself.
        candidates.append(
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
    #endif
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    candidates.append(Bundle.main.bundleURL)
    if let first = CommandLine.arguments.first {
        candidates.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
    }
    if let executable = Bundle.main.executableURL {
        candidates.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    var result: [URL] = []
    for candidate in candidates {
        var directory = candidate.standardizedFileURL
        // Inside `X.xctest/Contents/MacOS` (or `X.xctest`), the products sit next to `X.xctest`.
        var walker = directory
        while walker.path != "/" {
            if walker.pathExtension == "xctest" {
                directory = walker.deletingLastPathComponent()
                break
            }
            walker = walker.deletingLastPathComponent()
        }
        if !result.contains(directory) { result.append(directory) }
    }
    return result
}

/// The object files a module's last build made, in its build folder (`<Module>.build`).
///
/// A Swift module's folder keeps the objects of sources that were since moved or deleted, so
/// linking every `.o` there can define a symbol twice; the compiler's output file map names the
/// objects of the sources the module has now. A folder without one (a C module) gives its `.o`
/// files.
///
/// - Parameter folder: The module's build folder.
/// - Returns: The objects' URLs, sorted; empty when the folder can't be read.
public func builtObjects(inModuleFolder folder: URL) -> [URL] {
    let map = folder.appendingPathComponent("output-file-map.json")
    if let data = try? Data(contentsOf: map),
        let entries = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    {
        let objects = entries.values.compactMap { ($0 as? [String: Any])?["object"] as? String }
        return objects.sorted().map { URL(fileURLWithPath: $0) }
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".o") }.sorted().map { folder.appendingPathComponent($0) }
}
