import Testing

@testable import TerminalUI

/// An emoji with a skin-tone modifier (👍🏽: U+1F44D U+1F3FD) is one character, however it was typed
/// (the modifier arrives as a key of its own and joins the emoji), measured as the columns a
/// terminal that draws each part takes (4): never less than the terminal uses, so a line holding
/// one never wraps over the next row (it blanked the first cells of todo's key help).
@Suite struct EmojiModifierWidthTests {
    @Test func anEmojiWithASkinToneModifierIsMeasuredAsItsParts() {
        #expect(DisplayWidth.of(Character("👍🏽")) == 4)
        #expect("a👍🏽b".displayWidth == 6)
        #expect(Line("a👍🏽b").width == 6)
        #expect(TerminalText.displayWidth(of: Character("👍🏽")) == 4)
        // A lone modifier (not after an emoji) is a picture of its own: two columns.
        #expect(DisplayWidth.of(Character("\u{1F3FD}")) == 2)
    }

    @Test func typedAsTwoKeysItIsOneCharacterAndTheFieldStaysItsWidth() {
        var field = TextField(text: "ok ")
        field.handle(.character("👍"))
        field.handle(.character("\u{1F3FD}"))
        #expect(field.text == "ok 👍🏽")
        #expect(field.cursor == 4)
        for width in 4...10 {
            #expect(field.line(width: width, focused: true).width == width, "width \(width)")
        }
        field.handle(.left)
        #expect(field.cursor == 3)
        #expect(field.line(width: 8, focused: true).width == 8)
    }
}
