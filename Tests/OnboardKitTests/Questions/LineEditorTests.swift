import Testing

@testable import OnboardKit

/// Pastes into a text field: one line, only safe characters, never more than the field holds.
@Suite struct LineEditorTests {
    @Test func aPasteIsOneLineWithoutControlCharacters() {
        var editor = LineEditor(maximumLength: 100)
        let refusal = editor.paste("Ada\r\nLove\u{1B}]0;pwned\u{7}lace\t!")
        #expect(editor.text == "Ada Love]0;pwnedlace !")
        #expect(refusal == .controlCharacters(dropped: 2))
        #expect(!editor.text.unicodeScalars.contains { SafeText.visibleReplacement(for: $0) != nil })
    }

    @Test func aPasteGoesInAtTheCursor() {
        var editor = LineEditor(text: "Ada Lovelace", maximumLength: 40)
        for _ in 0..<8 { editor.moveLeft() }
        #expect(editor.paste("King ") == nil)
        #expect(editor.text == "Ada King Lovelace")
        #expect(editor.cursor == 9)
    }

    /// The terminal shell keeps at most `Message.pasteLimit` scalars of a paste; the field
    /// takes what it holds and counts the rest, at once.
    @Test(.timeLimit(.minutes(1))) func aHugePasteFillsTheFieldAndSaysHowMuchWasLeftOut() {
        var editor = LineEditor(maximumLength: InputQuestion.lengthLimit)
        let paste = String(repeating: "x", count: Message.pasteLimit)
        #expect(editor.paste(paste) == .full(dropped: Message.pasteLimit - InputQuestion.lengthLimit))
        #expect(editor.characters.count == InputQuestion.lengthLimit)
        // Even ten megabytes handed in whole (no shell in between) end at once.
        var again = LineEditor(maximumLength: 40)
        #expect(again.paste(String(repeating: "y", count: 10 * 1024 * 1024)) != nil)
        #expect(again.characters.count == 40)
    }

    @Test func aControlCharacterTypedIsRefused() {
        var editor = LineEditor(maximumLength: 10)
        #expect(editor.insert("\u{1B}") == .controlCharacters(dropped: 1))
        #expect(editor.insert("\u{9B}") == .controlCharacters(dropped: 1))
        #expect(editor.insert("a") == nil)
        #expect(editor.text == "a")
    }
}
