/// Every built-in symbol drawn under its name, in a grid as wide as the terminal: what
/// `symbols --preview` prints, to choose a hero page's symbol by eye.
public enum SymbolPreview {
    /// Columns between two drawings side by side.
    static let gap = 3

    /// The grid's rows, trailing blanks trimmed. Each tile is a symbol's name, then its
    /// drawing; under each row of tiles, the other names its symbols answer to.
    public static func lines(width: Int) -> [String] {
        let symbols = SymbolLibrary.names.compactMap(SymbolLibrary.symbol(named:))
        guard let widest = symbols.map(\.width).max() else { return [] }
        let tileWidth = max(widest, symbols.map { DisplayWidth.of($0.name) }.max() ?? 0)
        let perRow = max(1, (width + gap) / (tileWidth + gap))
        var output: [String] = []
        var start = 0
        while start < symbols.count {
            let row = Array(symbols[start..<min(symbols.count, start + perRow)])
            let height = 1 + (row.map(\.height).max() ?? 0)
            var canvas = Canvas(width: perRow * (tileWidth + gap), height: height)
            for (position, symbol) in row.enumerated() {
                let left = position * (tileWidth + gap)
                let tile = Rect(x: left, y: 0, width: tileWidth, height: height)
                canvas.draw(symbol.name, x: left, y: 0, clip: tile)
                for (offset, line) in symbol.lines.enumerated() {
                    canvas.draw(line, x: left, y: 1 + offset, clip: tile)
                }
            }
            output += canvas.lines
            let aliasNotes = row.compactMap { symbol -> String? in
                let aliases = SymbolLibrary.aliases(of: symbol.name)
                return aliases.isEmpty ? nil : "\(symbol.name) is also \(aliases.joined(separator: ", "))"
            }
            output += aliasNotes.flatMap { TextLayout.wrap($0, width: max(1, width)) }
            output.append("")
            start += perRow
        }
        return output
    }
}
