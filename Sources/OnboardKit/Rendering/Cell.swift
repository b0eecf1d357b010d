/// One terminal cell: a grapheme (or the right half of a wide one) and its style.
///
/// The scalars are packed 21 bits each, three to a 64-bit word, twelve in a SIMD vector rather
/// than held as a `Character`: cells are then plain values with no reference counting, and
/// comparing two frames cell by cell is four word compares. Twelve is one spacing character
/// and eleven marks on it, more than terminals keep in a cell (tmux keeps about ten).
public struct Cell: Hashable, Sendable {
    /// The scalars of the grapheme, zero-terminated; all zero marks a continuation cell.
    private var packed: SIMD4<UInt64>
    public var style: Style

    public static let maximumScalars = 12
    static let scalarBits: UInt64 = 21
    static let scalarMask: UInt64 = 0x1F_FFFF

    public init(grapheme: Character = " ", style: Style = .plain) {
        self.packed = Cell.pack(grapheme)
        self.style = style
    }

    /// A cell of the given scalars (at most `maximumScalars` are kept).
    public init(scalars: some Sequence<UInt32>, style: Style) {
        var packed = SIMD4<UInt64>(repeating: 0)
        var index = 0
        for value in scalars where index < Cell.maximumScalars {
            Cell.store(value, at: index, in: &packed)
            index += 1
        }
        self.packed = packed
        self.style = style
    }

    /// The grapheme shown here; for the right half of a wide grapheme, `Cell.continuationMark`.
    public var grapheme: Character {
        get {
            if scalar(at: 1) == 0 { return Character(Unicode.Scalar(leadScalar) ?? "\u{FFFD}") }
            var text = String.UnicodeScalarView()
            for index in 0..<scalarCount { text.append(Unicode.Scalar(scalar(at: index)) ?? "\u{FFFD}") }
            // The scalars were one grapheme when drawn; should they not be (a cell built from
            // scalars), the first one stands for them rather than trapping.
            let string = String(text)
            return string.count == 1 ? Character(string) : string.first ?? " "
        }
        set { packed = Cell.pack(newValue) }
    }

    /// The first scalar's value (0 for a continuation cell).
    public var leadScalar: UInt32 { UInt32(truncatingIfNeeded: packed[0] & Cell.scalarMask) }

    /// The scalar at `index` (0 past the last one).
    public func scalar(at index: Int) -> UInt32 {
        guard index >= 0, index < Cell.maximumScalars else { return 0 }
        let shift = Cell.scalarBits * UInt64(index % 3)
        return UInt32(truncatingIfNeeded: (packed[index / 3] >> shift) & Cell.scalarMask)
    }

    /// How many scalars the cell holds (0 for a continuation cell).
    public var scalarCount: Int {
        var count = 0
        while count < Cell.maximumScalars, scalar(at: count) != 0 { count += 1 }
        return count
    }

    /// The scalars the cell holds, in order.
    public var scalars: [UInt32] { (0..<scalarCount).map { scalar(at: $0) } }

    private static func store(_ value: UInt32, at index: Int, in packed: inout SIMD4<UInt64>) {
        packed[index / 3] |= (UInt64(value) & scalarMask) << (scalarBits * UInt64(index % 3))
    }

    static func pack(_ grapheme: Character) -> SIMD4<UInt64> {
        var packed = SIMD4<UInt64>(repeating: 0)
        if let ascii = grapheme.asciiValue {
            packed[0] = UInt64(ascii)
            return packed
        }
        var index = 0
        for scalar in grapheme.unicodeScalars where index < Cell.maximumScalars {
            store(scalar.value, at: index, in: &packed)
            index += 1
        }
        return packed
    }

    /// Marks the cell covered by the right half of a wide grapheme. U+0000 never reaches a
    /// canvas otherwise, because the canvas replaces control characters.
    public static let continuationMark: Character = "\u{0}"

    public var isContinuation: Bool { packed[0] == 0 }

    public static let blank = Cell()
    static let continuation = Cell(scalars: [], style: .plain)

    /// Whether two cells show the same: frames are compared cell by cell, so this is the
    /// inner loop of every diff. SIMD's own `==` walks the lanes one by one through memory;
    /// four word compares say the same.
    public static func == (left: Cell, right: Cell) -> Bool {
        let leftWords = unsafeBitCast(left.packed, to: (UInt64, UInt64, UInt64, UInt64).self)
        let rightWords = unsafeBitCast(right.packed, to: (UInt64, UInt64, UInt64, UInt64).self)
        return leftWords.0 == rightWords.0 && leftWords.1 == rightWords.1 && leftWords.2 == rightWords.2
            && leftWords.3 == rightWords.3 && left.style == right.style
    }

    /// A continuation cell in a given style.
    public static func continuation(style: Style) -> Cell { Cell(scalars: [], style: style) }
}
