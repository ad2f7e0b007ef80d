import Foundation

/// Collects lines written from any thread, for in-process runs of the command line.
final class CapturedOutput: @unchecked Sendable {
    // @unchecked Sendable: `lines` is only touched while holding `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    /// Appends a line.
    func write(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    /// Everything written, one element per call.
    var written: [String] {
        lock.withLock { lines }
    }
}
