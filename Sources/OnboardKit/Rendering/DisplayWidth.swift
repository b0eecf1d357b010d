/// How many terminal columns a grapheme takes, exactly as the terminal will place it.
///
/// ncurses and the terminal advance the cursor by each scalar's glibc `wcwidth`, and a terminal
/// cell holds one spacing character plus the zero-width characters after it. So a grapheme
/// takes the columns of all its spacing scalars, by the `wcwidth` table generated from Unicode
/// data (`DisplayWidth+Table.swift`): `⚠️` (U+26A0 U+FE0F) is one column, `👍` two, `👍🏽` four
/// (the skin tone is a wide character of its own), a flag two (two regional indicators), a
/// ZWJ family of four people eight, नमस्ते four. The canvas puts each spacing scalar in a cell
/// of its own (`pieces(of:)`). A pure table, so that the core needs no C library and a layout
/// computed in a test is the layout the terminal shows.
public enum DisplayWidth {
    public static func of(_ grapheme: Character) -> Int {
        if let ascii = grapheme.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
        var total = 0
        for scalar in grapheme.unicodeScalars { total += columns(ofScalar: scalar.value) }
        return total
    }

    /// The width of a whole string, grapheme by grapheme.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for grapheme in text { total += of(grapheme) }
        return total
    }

    /// glibc's `wcwidth` for one scalar (of the table's Unicode version): -1 for controls and
    /// characters it does not know, else 0, 1 or 2.
    public static func wcwidth(_ value: UInt32) -> Int {
        if value < 0x7F { return value >= 0x20 ? 1 : (value == 0 ? 0 : -1) }
        // The last step at or below `value`; steps are sorted by their low 24 bits.
        var low = 0
        var high = widthSteps.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if widthSteps[middle] & 0xFF_FFFF <= value { low = middle } else { high = middle }
        }
        return Int(widthSteps[low] >> 24) - 1
    }

    /// The columns ncurses gives one scalar: its `wcwidth`, with a character `wcwidth` does not
    /// know (-1) taking one column, as ncurses places it (it goes out as U+FFFD, see
    /// `Cell.terminalForm`). A scalar with columns starts a cell of its own.
    public static func columns(ofScalar value: UInt32) -> Int {
        let width = wcwidth(value)
        return width < 0 ? 1 : width
    }

    /// A scalar that shares the cell of the character before it: a mark, a joiner, a variation
    /// selector, a tag, a Hangul vowel or final jamo.
    static func isZeroWidth(_ value: UInt32) -> Bool { value != 0 && wcwidth(value) == 0 }
}
