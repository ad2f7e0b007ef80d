import Foundation

/// Finds an executable built alongside the test bundle (`.build/<config>/<name>`).
///
/// The test runner is either the bundle itself (Linux: `…/debug/XPackageTests.xctest`) or a host
/// that loaded it (macOS: `xctest` or `swiftpm-testing-helper` running `…/debug/X.xctest/Contents/…`), so
/// this looks next to every candidate path after walking out of any `.xctest` bundle.
func builtProductURL(_ name: String) -> URL? {
    var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()]
    candidates += Bundle.allBundles.map(\.bundleURL)
    candidates.append(Bundle.main.bundleURL)
    for candidate in candidates {
        var directory = candidate.deletingLastPathComponent()
        var walk = candidate
        while walk.path != "/" {
            if walk.pathExtension == "xctest" {
                directory = walk.deletingLastPathComponent()
                break
            }
            walk = walk.deletingLastPathComponent()
        }
        let product = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: product.path) { return product }
    }
    return nil
}
