import TerminalUI
import TestSupport
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

/// Album and artist names come from a web service: the game shows control characters in them as
/// placeholders, and the renderer sends only its own sequences.
@Suite struct GameViewHostileTextTests {
    static let hostileTitle = "\u{1B}]0;PWNED\u{7}\u{1B}[2J"
    static let hostileArtist = "\u{9B}31m\u{1B}[?1049h"
    private let size = TerminalSize(columns: 80, rows: 24)

    private func rendered(_ lines: [Line]) -> String {
        var output = ""
        let renderer = Renderer(colorSupport: .colors) { output += $0 }
        renderer.render(lines, size: size)
        return output
    }

    private func expectOnlyTheRenderersSequences(_ output: String) {
        #expect(!output.contains("\u{7}"))
        #expect(!output.contains("\u{1B}]"))
        #expect(!output.contains("\u{1B}[?"))
        #expect(output.components(separatedBy: "\u{1B}[2J").count == 2)  // the first frame's clear
        #expect(!output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }

    @Test func faceUpCardsDetailAndStatusShowPlaceholders() {
        var state = orderedTable()
        state.cards[0].album = Album(artist: Self.hostileArtist, title: Self.hostileTitle)
        state.cards[1].album = state.cards[0].album
        state = GameRules.flip(at: 0, in: state)
        state.cursor = 0
        state.origin = .offlineFallback(reason: "HTTP 500: \u{1B}]2;x\u{7}")
        let lines = GameView.lines(state, size: size)
        #expect(lines.allSatisfy { $0.width <= size.columns })
        let text = lines.text
        #expect(text.contains("║␛]0;PWNED␇␛…║"))
        #expect(text.contains("║<U+009B>31m…║"))
        #expect(text.contains("Card 1 of 16: <U+009B>31m␛[?1049h — ␛]0;PWNED␇␛[2J"))
        #expect(text.contains("offline (HTTP 500: ␛]2;x␇; r retries)"))
        // Cards keep their width: the rows of the table are as wide as with plain names.
        let plain = GameView.lines(orderedTable(), size: size)
        #expect(lines[2].width == plain[2].width)
        #expect(lines[3].width == plain[3].width)
        expectOnlyTheRenderersSequences(rendered(lines))
    }

    @Test func loadFailureMessageShowsPlaceholders() {
        var state = orderedTable()
        state.phase = .failed(.rock, message: "The service said: \u{1B}]0;PWNED\u{7}\u{1B}[2J")
        let lines = GameView.lines(state, size: size)
        #expect(lines.text.contains(" The service said: ␛]0;PWNED␇␛[2J"))
        expectOnlyTheRenderersSequences(rendered(lines))
    }
}
