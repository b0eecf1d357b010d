/// How many terminal columns a grapheme takes: 0, 1 or 2, exactly as ncurses will place it.
///
/// ncurses puts each character where glibc's `wcwidth` says, and a terminal cell holds one
/// character plus the zero-width marks after it. So a grapheme takes the columns of its first
/// scalar, by the `wcwidth` table generated from Unicode data (`DisplayWidth+Table.swift`):
/// `⚠️` (U+26A0 U+FE0F) is one column, `👍🏽` two. Flags are the one exception, written as their
/// two regional indicators side by side. A pure table, so that the core needs no C library
/// and a layout computed in a test is the layout the terminal shows.
public enum DisplayWidth {
    public static func of(_ grapheme: Character) -> Int {
        if let ascii = grapheme.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
        var scalars = grapheme.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        // A flag goes out as its two regional indicators, one column each.
        if isRegionalIndicator(first.value), let second = scalars.next(), isRegionalIndicator(second.value) {
            return 2
        }
        return columns(ofScalar: first.value)
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
    /// `Cell.terminalForm`).
    public static func columns(ofScalar value: UInt32) -> Int {
        let width = wcwidth(value)
        return width < 0 ? 1 : width
    }

    public static func isRegionalIndicator(_ value: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(value) }

    /// A scalar that shares the cell of the character before it.
    static func isMark(_ value: UInt32) -> Bool {
        guard value != 0, wcwidth(value) == 0, let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.generalCategory != .format
    }
}
