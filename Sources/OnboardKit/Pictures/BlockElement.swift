/// The Unicode block elements (U+2580-U+259F: half blocks, eighths, quadrants and shades) as
/// the rectangles of a cell they fill. Pictures draw them as shapes, not font glyphs: a font's
/// blocks rarely fill the cell exactly, and half-block pixel art then shows stripes.
struct BlockElement: Equatable {
    /// One filled part of a cell, in eighths of its width and height from the top left.
    struct Part: Equatable {
        var left: Int
        var top: Int
        var right: Int
        var bottom: Int
    }

    var parts: [Part]
    /// How much of the foreground shows over the background: 1, or a shade's ¼, ½ or ¾.
    var coverage: Double

    private static let upperLeft = Part(left: 0, top: 0, right: 4, bottom: 4)
    private static let upperRight = Part(left: 4, top: 0, right: 8, bottom: 4)
    private static let lowerLeft = Part(left: 0, top: 4, right: 4, bottom: 8)
    private static let lowerRight = Part(left: 4, top: 4, right: 8, bottom: 8)
    private static let whole = Part(left: 0, top: 0, right: 8, bottom: 8)

    /// The shape of `grapheme`, or nil when it is not a lone block element.
    init?(_ grapheme: Character) {
        guard grapheme.unicodeScalars.count == 1, let value = grapheme.unicodeScalars.first?.value,
            (0x2580...0x259F).contains(value)
        else { return nil }
        coverage = 1
        switch value {
        case 0x2580: parts = [Part(left: 0, top: 0, right: 8, bottom: 4)]
        case 0x2581...0x2588:
            let eighths = Int(value - 0x2580)
            parts = [Part(left: 0, top: 8 - eighths, right: 8, bottom: 8)]
        case 0x2589...0x258F: parts = [Part(left: 0, top: 0, right: Int(0x2590 - value), bottom: 8)]
        case 0x2590: parts = [Part(left: 4, top: 0, right: 8, bottom: 8)]
        case 0x2591...0x2593:
            parts = [Self.whole]
            coverage = Double(value - 0x2590) / 4
        case 0x2594: parts = [Part(left: 0, top: 0, right: 8, bottom: 1)]
        case 0x2595: parts = [Part(left: 7, top: 0, right: 8, bottom: 8)]
        case 0x2596: parts = [Self.lowerLeft]
        case 0x2597: parts = [Self.lowerRight]
        case 0x2598: parts = [Self.upperLeft]
        case 0x2599: parts = [Self.upperLeft, Self.lowerLeft, Self.lowerRight]
        case 0x259A: parts = [Self.upperLeft, Self.lowerRight]
        case 0x259B: parts = [Self.upperLeft, Self.upperRight, Self.lowerLeft]
        case 0x259C: parts = [Self.upperLeft, Self.upperRight, Self.lowerRight]
        case 0x259D: parts = [Self.upperRight]
        case 0x259E: parts = [Self.upperRight, Self.lowerLeft]
        default: parts = [Self.upperRight, Self.lowerLeft, Self.lowerRight]
        }
    }
}
