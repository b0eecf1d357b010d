extension Cell {
    /// What the terminal gets for this cell, which takes the columns of its first scalar: that
    /// scalar and every zero-width one after it (marks, joiners, variation selectors, tags), so
    /// that the cells of a grapheme the canvas split (`DisplayWidth.pieces(of:)`) send its exact
    /// scalars in order. A cell given a whole cluster by `setCell` keeps only its first piece:
    /// the next spacing scalar would need a column the cell does not have. A character glibc's
    /// `wcwidth` does not know goes out as U+FFFD: ncurses counts it one column, but terminals
    /// disagree (tmux drops it, newer ones draw a new emoji two columns wide), and ncurses
    /// refuses marks on it anyway.
    public var terminalForm: Cell {
        guard !isContinuation else { return self }
        guard DisplayWidth.wcwidth(leadScalar) >= 0 else { return Cell(grapheme: "\u{FFFD}", style: style) }
        var count = 1
        while count < Cell.maximumScalars, DisplayWidth.isZeroWidth(scalar(at: count)) { count += 1 }
        return count == scalarCount ? self : Cell(scalars: (0..<count).map { scalar(at: $0) }, style: style)
    }

    /// The text of `terminalForm`, for what is written beside ncurses.
    public var terminalText: String {
        String(String.UnicodeScalarView(terminalForm.scalars.compactMap(Unicode.Scalar.init)))
    }
}
