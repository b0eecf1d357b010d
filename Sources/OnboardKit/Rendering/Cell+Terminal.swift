extension Cell {
    /// What the terminal gets for this cell, which takes the columns `DisplayWidth` gave it: the
    /// first scalar and the marks riding on it (zero width, and not a format character such as a
    /// joiner or a tag, which would dangle). A character glibc's `wcwidth` does not know goes out
    /// as U+FFFD: ncurses counts it one column, but terminals disagree (tmux drops it, newer ones
    /// draw a new emoji two columns wide), and ncurses refuses marks on it anyway. For a flag,
    /// its first regional indicator; the second goes in the next column (see `isFlag`).
    public var terminalForm: Cell {
        guard !isContinuation else { return self }
        guard DisplayWidth.wcwidth(scalars[0]) >= 0 else { return Cell(grapheme: "\u{FFFD}", style: style) }
        var kept = SIMD8<UInt32>(repeating: 0)
        kept[0] = scalars[0]
        var count = 1
        while count < Cell.maximumScalars, DisplayWidth.isMark(scalars[count]) {
            kept[count] = scalars[count]
            count += 1
        }
        return Cell(scalars: kept, style: style)
    }

    /// A flag: two regional indicators, each one column to ncurses, written side by side for the
    /// terminal to join.
    public var isFlag: Bool {
        DisplayWidth.isRegionalIndicator(scalars[0]) && DisplayWidth.isRegionalIndicator(scalars[1])
    }
}
