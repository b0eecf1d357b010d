/// What one piece of confetti looks like: one of the mobile cannon's shapes, or a grapheme.
public enum ConfettiPiece: Hashable, Sendable {
    /// The mobile cannon's built-in shapes.
    public enum Shape: String, CaseIterable, Hashable, Sendable {
        case circle
        case triangle
        case square
        case slimRectangle
        case roundedCross
    }

    /// A shape, drawn in the piece's colour.
    case shape(Shape)
    /// A grapheme drawn in the piece's colour, fading like the shapes (a letter, a star, a kanji).
    case text(Character)
    /// A colour emoji: the terminal draws its own colours, so it cannot fade and vanishes instead.
    case emoji(Character)

    /// The mobile default: every shape.
    public static let allShapes: [ConfettiPiece] = Shape.allCases.map { .shape($0) }

    /// A piece for one grapheme: `.emoji` when the terminal will draw it in colour, `.text`
    /// otherwise. Control characters are replaced by visible stand-ins first.
    public static func grapheme(_ grapheme: Character) -> ConfettiPiece {
        let safe = SafeText.isUnsafe(grapheme) ? (SafeText.sanitize(String(grapheme)).first ?? "\u{FFFD}") : grapheme
        return isColorEmoji(safe) ? .emoji(safe) : .text(safe)
    }

    /// True for graphemes that terminals draw as colour pictures, which ignore the foreground.
    static func isColorEmoji(_ grapheme: Character) -> Bool {
        let scalars = grapheme.unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        return first.properties.isEmojiPresentation || scalars.contains { $0.value == 0xFE0F }
    }
}
