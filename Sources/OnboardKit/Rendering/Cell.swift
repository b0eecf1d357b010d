/// One terminal cell: a grapheme (or the right half of a wide one) and its style.
///
/// The grapheme is stored as up to seven Unicode scalars in a SIMD vector rather than as a
/// `Character`: cells are then plain values with no reference counting, and comparing two
/// frames cell by cell is a few vector compares. Terminals (and ncurses, at five scalars per
/// cell) cannot show longer clusters in one cell anyway.
public struct Cell: Hashable, Sendable {
    /// The scalars of the grapheme, zero-terminated; all zero marks a continuation cell.
    public private(set) var scalars: SIMD8<UInt32>
    public var style: Style

    public static let maximumScalars = 7

    public init(grapheme: Character = " ", style: Style = .plain) {
        self.scalars = Cell.pack(grapheme)
        self.style = style
    }

    init(scalars: SIMD8<UInt32>, style: Style) {
        self.scalars = scalars
        self.style = style
    }

    /// The grapheme shown here; for the right half of a wide grapheme, `Cell.continuationMark`.
    public var grapheme: Character {
        get {
            if scalars[1] == 0 { return Character(Unicode.Scalar(scalars[0]) ?? "\u{FFFD}") }
            var text = String.UnicodeScalarView()
            for index in 0..<Cell.maximumScalars {
                let value = scalars[index]
                if value == 0 { break }
                text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            }
            return Character(String(text))
        }
        set { scalars = Cell.pack(newValue) }
    }

    /// The first scalar's value (0 for a continuation cell).
    public var leadScalar: UInt32 { scalars[0] }

    static func pack(_ grapheme: Character) -> SIMD8<UInt32> {
        var packed = SIMD8<UInt32>(repeating: 0)
        if let ascii = grapheme.asciiValue {
            packed[0] = UInt32(ascii)
            return packed
        }
        var index = 0
        for scalar in grapheme.unicodeScalars where index < Cell.maximumScalars {
            packed[index] = scalar.value
            index += 1
        }
        return packed
    }

    /// Marks the cell covered by the right half of a wide grapheme. U+0000 never reaches a
    /// canvas otherwise, because the canvas replaces control characters.
    public static let continuationMark: Character = "\u{0}"

    public var isContinuation: Bool { scalars[0] == 0 }

    public static let blank = Cell()
    static let continuation = Cell(scalars: SIMD8(repeating: 0), style: .plain)

    /// Whether two cells show the same: frames are compared cell by cell, so this is the
    /// inner loop of every diff. SIMD's own `==` walks the eight lanes one by one through
    /// memory (about 190 instructions a cell); four word compares say the same.
    public static func == (left: Cell, right: Cell) -> Bool {
        let leftWords = unsafeBitCast(left.scalars, to: (UInt64, UInt64, UInt64, UInt64).self)
        let rightWords = unsafeBitCast(right.scalars, to: (UInt64, UInt64, UInt64, UInt64).self)
        return leftWords.0 == rightWords.0 && leftWords.1 == rightWords.1 && leftWords.2 == rightWords.2
            && leftWords.3 == rightWords.3 && left.style == right.style
    }

    /// A continuation cell in a given style.
    public static func continuation(style: Style) -> Cell { Cell(scalars: SIMD8(repeating: 0), style: style) }
}
