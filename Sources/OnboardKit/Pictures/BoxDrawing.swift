/// The box-drawing lines decks and views use (light and heavy lines, rounded corners,
/// diagonals) as strokes of a cell. Pictures draw them as paths, not font glyphs: a font's
/// lines stop short of a 20-unit row, and a box's sides then show gaps.
struct BoxDrawing: Equatable {
    /// Which sides of the cell a line runs to from its centre.
    struct Arms: OptionSet, Equatable {
        let rawValue: UInt8
        static let left = Arms(rawValue: 1)
        static let right = Arms(rawValue: 2)
        static let up = Arms(rawValue: 4)
        static let down = Arms(rawValue: 8)
    }

    enum Shape: Equatable {
        /// Straight lines from the centre to the arms' sides.
        case arms(Arms)
        /// A quarter circle joining two sides (`╭╮╯╰`).
        case rounded(Arms)
        /// Corner to corner: `╱` rising, `╲` falling, `╳` both.
        case diagonal(rising: Bool, falling: Bool)
    }

    var shape: Shape
    var isHeavy: Bool

    // The lines by code point, made once: every cell of every frame of a picture asks.
    private static let light: [UInt32: Arms] = [
        0x2500: [.left, .right], 0x2502: [.up, .down], 0x250C: [.right, .down], 0x2510: [.left, .down],
        0x2514: [.up, .right], 0x2518: [.up, .left], 0x251C: [.up, .down, .right], 0x2524: [.up, .down, .left],
        0x252C: [.left, .right, .down], 0x2534: [.left, .right, .up], 0x253C: [.left, .right, .up, .down],
        0x2574: [.left], 0x2575: [.up], 0x2576: [.right], 0x2577: [.down],
    ]
    private static let heavy: [UInt32: Arms] = [
        0x2501: [.left, .right], 0x2503: [.up, .down], 0x250F: [.right, .down], 0x2513: [.left, .down],
        0x2517: [.up, .right], 0x251B: [.up, .left], 0x2523: [.up, .down, .right], 0x252B: [.up, .down, .left],
        0x2533: [.left, .right, .down], 0x253B: [.left, .right, .up], 0x254B: [.left, .right, .up, .down],
    ]
    private static let rounded: [UInt32: Arms] = [
        0x256D: [.right, .down], 0x256E: [.left, .down], 0x256F: [.left, .up], 0x2570: [.right, .up],
    ]

    /// The strokes of `grapheme`, or nil when it is not one of the lines drawn as paths.
    init?(_ grapheme: Character) {
        guard grapheme.unicodeScalars.count == 1, let value = grapheme.unicodeScalars.first?.value else { return nil }
        if let arms = Self.light[value] {
            self.init(shape: .arms(arms), isHeavy: false)
        } else if let arms = Self.heavy[value] {
            self.init(shape: .arms(arms), isHeavy: true)
        } else if let arms = Self.rounded[value] {
            self.init(shape: .rounded(arms), isHeavy: false)
        } else if (0x2571...0x2573).contains(value) {
            self.init(shape: .diagonal(rising: value != 0x2572, falling: value != 0x2571), isHeavy: false)
        } else {
            return nil
        }
    }

    init(shape: Shape, isHeavy: Bool) {
        self.shape = shape
        self.isHeavy = isHeavy
    }

    /// The path data for a cell whose top left is (`x`, `y`), `width` x `height` units.
    func path(x: Int, y: Int, width: Int, height: Int) -> String {
        let centreX = x + width / 2
        let centreY = y + height / 2
        switch shape {
        case .arms(let arms):
            var path = ""
            if arms.contains(.left) || arms.contains(.right) {
                let from = arms.contains(.left) ? x : centreX
                let to = arms.contains(.right) ? x + width : centreX
                path += "M\(from) \(centreY)H\(to)"
            }
            if arms.contains(.up) || arms.contains(.down) {
                let from = arms.contains(.up) ? y : centreY
                let to = arms.contains(.down) ? y + height : centreY
                path += "M\(centreX) \(from)V\(to)"
            }
            return path
        case .rounded(let arms):
            // From the vertical side to the horizontal one: a straight part, then a quarter
            // circle of half a cell's width.
            let radius = width / 2
            let verticalEnd = arms.contains(.down) ? y + height : y
            let bendY = arms.contains(.down) ? centreY + radius : centreY - radius
            let horizontalEnd = arms.contains(.right) ? x + width : x
            // Clockwise when the turn goes from down to right or from up to left.
            let isClockwise = arms.contains(.down) == arms.contains(.right)
            return "M\(centreX) \(verticalEnd)V\(bendY)A\(radius) \(radius) 0 0 \(isClockwise ? 1 : 0) "
                + "\(horizontalEnd) \(centreY)"
        case .diagonal(let rising, let falling):
            var path = ""
            if rising { path += "M\(x) \(y + height)L\(x + width) \(y)" }
            if falling { path += "M\(x) \(y)L\(x + width) \(y + height)" }
            return path
        }
    }
}
