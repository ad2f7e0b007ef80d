import TestSupport
import Testing

@testable import TerminalUI

@Suite struct RendererTests {
    private final class Capture {
        var writes: [String] = []
    }

    private func makeRenderer(_ support: ColorSupport = .colors) -> (Renderer, Capture) {
        let capture = Capture()
        let renderer = Renderer(colorSupport: support) { capture.writes.append($0) }
        return (renderer, capture)
    }

    private let size = TerminalSize(columns: 20, rows: 4)

    @Test func firstFrameClearsAndDrawsEverything() {
        let (renderer, capture) = makeRenderer()
        renderer.render(["one", "two"], size: size)
        #expect(capture.writes.count == 1)
        var screen = VirtualScreen(columns: 20, rows: 4)
        screen.feed(capture.writes[0])
        #expect(screen.lines == ["one", "two", "", ""])
        #expect(capture.writes[0].hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    }

    @Test func laterFramesRewriteOnlyChangedLines() {
        let (renderer, capture) = makeRenderer()
        renderer.render(["one", "two", "three"], size: size)
        renderer.render(["one", "TWO", "three"], size: size)
        #expect(capture.writes.count == 2)
        #expect(capture.writes[1] == "\u{1B}[2;1HTWO\u{1B}[K")
        var screen = VirtualScreen(columns: 20, rows: 4)
        for write in capture.writes { screen.feed(write) }
        #expect(screen.lines == ["one", "TWO", "three", ""])
    }

    @Test func identicalFrameWritesNothing() {
        let (renderer, capture) = makeRenderer()
        renderer.render(["same"], size: size)
        renderer.render(["same"], size: size)
        #expect(capture.writes.count == 1)
    }

    @Test func sizeChangeAndInvalidateRepaintEverything() {
        let (renderer, capture) = makeRenderer()
        renderer.render(["a"], size: size)
        renderer.render(["a"], size: TerminalSize(columns: 10, rows: 3))
        #expect(capture.writes.count == 2)
        #expect(capture.writes[1].contains("\u{1B}[2J"))
        renderer.invalidate()
        renderer.render(["a"], size: TerminalSize(columns: 10, rows: 3))
        #expect(capture.writes.count == 3)
        #expect(capture.writes[2].contains("\u{1B}[2J"))
    }

    @Test func linesAreCutToTheScreen() {
        let (renderer, capture) = makeRenderer()
        renderer.render(["a very long line that does not fit", "2", "3", "4", "5"], size: size)
        var screen = VirtualScreen(columns: 20, rows: 4)
        screen.feed(capture.writes[0])
        #expect(screen.lines == ["a very long line th…", "2", "3", "4"])
    }

    @Test func fullWidthLineIsNotErasedAtTheEnd() {
        let (renderer, capture) = makeRenderer()
        renderer.render(["x"], size: size)
        renderer.render([Line(String(repeating: "=", count: 20))], size: size)
        #expect(!capture.writes[1].contains("\u{1B}[K"))
    }

    @Test func stylesFollowColorSupport() {
        let line = Line([Span("red", style: Style(foreground: .red, bold: true)), Span(" plain")])
        #expect(Renderer.styledText(line, colorSupport: .colors) == "\u{1B}[1;31mred\u{1B}[0m plain")
        #expect(Renderer.styledText(line, colorSupport: .attributesOnly) == "\u{1B}[1mred\u{1B}[0m plain")
        #expect(Renderer.styledText(line, colorSupport: .none) == "red plain")
        #expect(
            Renderer.styledText(Line("x", style: .color(.brightBlue)), colorSupport: .colors)
                == "\u{1B}[94mx\u{1B}[0m")
    }

    @Test func colorSupportFollowsTheEnvironment() {
        #expect(ColorSupport.detect(environment: ["TERM": "xterm-256color"]) == .colors)
        #expect(
            ColorSupport.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == .attributesOnly)
        #expect(ColorSupport.detect(environment: ["TERM": "xterm", "NO_COLOR": ""]) == .attributesOnly)
        #expect(ColorSupport.detect(environment: ["TERM": "dumb"]) == .none)
        #expect(ColorSupport.detect(environment: [:]) == .none)
        #expect(ColorSupport.colors.colorsEnabled)
        #expect(!ColorSupport.attributesOnly.colorsEnabled)
    }
}
