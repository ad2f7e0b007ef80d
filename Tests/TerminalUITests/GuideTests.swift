import Foundation
import TerminalUI
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The code of the "Building a terminal app" article (TerminalUI.docc), run against a pipe and a
// renderer writing into a VirtualScreen instead of a terminal.

private struct Counter: Sendable {
    var count = 0
}

private enum CounterView {
    static let minimumSize = TerminalSize(columns: 24, rows: 4)

    static func lines(_ counter: Counter, size: TerminalSize) -> [Line] {
        guard size.fits(minimumSize) else {
            return TooSmallScreen.lines(needed: minimumSize, actual: size)
        }
        return [
            Line("Counter", style: .bold),
            Line("Count: ") + Line("\(counter.count)", style: .color(.green)),
            Line(),
            StatusLine.line(left: "↑/↓ change · q quit", width: size.columns),
        ]
    }
}

@MainActor
@Suite struct GuideTests {
    @Test func viewIsAFunctionOfStateAndSize() {
        let lines = CounterView.lines(Counter(count: 3), size: TerminalSize(columns: 24, rows: 4))
        #expect(lines.plainText == "Counter\nCount: 3\n\n↑/↓ change · q quit")
        let small = CounterView.lines(Counter(), size: TerminalSize(columns: 20, rows: 3))
        #expect(small.plainText.contains("needs 24×4, is 20×3"))
    }

    @Test func loopDrivesTheViewThroughTheRenderer() async throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { _ = fds.map { close($0) } }
        let size = TerminalSize(columns: 24, rows: 4)
        var screen = VirtualScreen(columns: 24, rows: 4)
        let renderer = Renderer(colorSupport: .colors) { screen.feed($0) }
        let loop = EventLoop(input: fds[0])
        var counter = Counter()
        renderer.render(CounterView.lines(counter, size: size), size: size)
        let keys = "\u{1B}[A\u{1B}[A\u{1B}[B\u{1B}[Aq"
        _ = keys.utf8CString.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, keys.utf8.count) }
        let reason = await loop.run { event in
            switch event {
            case .key(.up): counter.count += 1
            case .key(.down): counter.count -= 1
            case .key(.character("q")), .key(.ctrl("c")): loop.stop()
            default: break
            }
            renderer.render(CounterView.lines(counter, size: size), size: size)
        }
        #expect(reason == .stopped)
        #expect(screen.lines[1] == "Count: 2")
    }
}
