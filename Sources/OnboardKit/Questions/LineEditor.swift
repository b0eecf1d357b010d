/// A line of text being typed, edited as a shell's line editor edits: the cursor moves by
/// characters (grapheme clusters), and typing, Backspace, Delete and the kill keys work at it.
/// Only text that is safe to draw gets in: control characters are refused, never stored.
public struct LineEditor: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// Characters before the cursor, from 0 to `characters.count`.
    public private(set) var cursor: Int
    public let maximumLength: Int

    public init(text: String = "", maximumLength: Int) {
        self.maximumLength = max(1, maximumLength)
        characters = Array(text.prefix(self.maximumLength))
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// What a key or a paste could not put in.
    public enum Refusal: Hashable, Sendable {
        /// The field is full; `dropped` characters were left out.
        case full(dropped: Int)
        /// Control characters (escapes, bells) were left out.
        case controlCharacters(dropped: Int)
    }

    /// Types one character at the cursor; a refusal when it is a control character or the
    /// field is full.
    public mutating func insert(_ character: Character) -> Refusal? {
        if SafeText.isUnsafe(character) { return .controlCharacters(dropped: 1) }
        guard characters.count < maximumLength else { return .full(dropped: 1) }
        characters.insert(character, at: cursor)
        cursor += 1
        return nil
    }

    /// Puts pasted text in at the cursor as one line: line breaks and tabs become spaces, other
    /// control characters are left out, and what does not fit is dropped, counted, not kept.
    public mutating func paste(_ pasted: String) -> Refusal? {
        let room = maximumLength - characters.count
        var taken: [Character] = []
        var controls = 0
        var overflow = 0
        for character in pasted {
            let shown: Character
            if character == "\n" || character == "\r" || character == "\r\n" || character == "\t" {
                shown = " "
            } else if SafeText.isUnsafe(character) {
                controls += 1
                continue
            } else {
                shown = character
            }
            if taken.count < room {
                taken.append(shown)
            } else {
                overflow += 1
                // Counting the rest of a huge paste one by one is wasted: it is "a lot".
                if overflow >= 100_000 { break }
            }
        }
        characters.insert(contentsOf: taken, at: cursor)
        cursor += taken.count
        if overflow > 0 { return .full(dropped: overflow) }
        if controls > 0 { return .controlCharacters(dropped: controls) }
        return nil
    }

    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    public mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    public mutating func moveToStart() { cursor = 0 }
    public mutating func moveToEnd() { cursor = characters.count }

    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Ctrl-U: everything before the cursor.
    public mutating func deleteToStart() {
        characters.removeSubrange(0..<cursor)
        cursor = 0
    }

    /// Ctrl-K: everything from the cursor on.
    public mutating func deleteToEnd() { characters.removeSubrange(cursor...) }

    /// Ctrl-W: the word before the cursor, and the spaces after it.
    public mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Replaces the whole text (an answer given on the command line), the cursor at its end.
    public mutating func replace(with text: String) {
        characters = Array(text.prefix(maximumLength))
        cursor = characters.count
    }
}
