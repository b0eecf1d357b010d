/// A terminal's size in columns and rows, as `dump --size` takes it (`80x24`).
struct TerminalSize: Equatable {
    var columns: Int
    var rows: Int

    /// The classic terminal, and the size `validate` checks decks at.
    static let dumpDefault = TerminalSize(columns: 80, rows: 24)
    /// Far beyond any real window; keeps a typo such as `80x2400000` from filling the memory.
    static let maximum = TerminalSize(columns: 500, rows: 200)

    /// `COLUMNSxROWS` (an `X` too), each a whole number from 1 to the maximum; nil otherwise.
    init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let columns = Int(parts[0]), let rows = Int(parts[1]),
            (1...TerminalSize.maximum.columns).contains(columns), (1...TerminalSize.maximum.rows).contains(rows)
        else { return nil }
        self.init(columns: columns, rows: rows)
    }

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
