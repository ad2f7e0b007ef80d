/// Where a test helper was called, so that failures point at the caller's line.
///
/// Every ReSwiftTesting API that can fail takes `fileID`, `filePath`, `line` and `column`
/// parameters with the caller's values as defaults; pass them on from your own helpers.
struct CallSite: Sendable {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
}
