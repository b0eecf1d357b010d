/// The characters one kind of piece cycles through as it spins, worked out once per piece kind
/// so that drawing builds no strings.
struct ConfettiGlyphs: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// Drawn as pixels in half-block mode, as `steps` in glyph mode.
        case shape
        /// Always drawn as a grapheme in the piece's colour.
        case text
        /// Always drawn as a grapheme in its own colours.
        case emoji
    }

    var kind: Kind
    /// Four spin steps (a piece with fewer looks repeats them).
    var steps: [Character]
    /// Columns each glyph takes (2 for most emoji).
    var width: Int

    init(_ piece: ConfettiPiece) {
        switch piece {
        case .shape(let shape):
            kind = .shape
            width = 1
            switch shape {
            case .circle: steps = ["●", "•", "●", "•"]
            case .triangle: steps = ["▲", "▶", "▼", "◀"]
            case .square: steps = ["■", "◆", "■", "◆"]
            case .slimRectangle: steps = ["╱", "─", "╲", "│"]
            case .roundedCross: steps = ["✚", "╳", "✚", "╳"]
            }
        case .text(let grapheme), .emoji(let grapheme):
            if case .emoji = piece { kind = .emoji } else { kind = .text }
            // A mark with no width of its own would vanish, so it gets a visible stand-in.
            let width = DisplayWidth.of(grapheme)
            var shown: Character = SafeText.isUnsafe(grapheme) || width == 0 ? "\u{FFFD}" : grapheme
            // A particle is one cell; a grapheme the terminal spreads over several (a ZWJ
            // sequence, a flag) flies as its first piece.
            let pieces = DisplayWidth.pieces(of: shown)
            if pieces.count > 1, let first = pieces[0].text.first { shown = first }
            steps = Array(repeating: shown, count: 4)
            self.width = max(1, DisplayWidth.of(shown))
        }
    }
}
