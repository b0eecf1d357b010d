extension DisplayWidth {
    /// One cell's worth of a grapheme: a spacing scalar, the zero-width scalars after it, and
    /// the columns the terminal gives it (1 or 2).
    public struct Piece: Equatable, Sendable {
        public var scalars: [UInt32]
        public var columns: Int

        /// The piece as text.
        public var text: String {
            String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
        }
    }

    /// The pieces of a grapheme that the terminal puts in cells of their own, as it advances by
    /// `wcwidth`: each spacing scalar with the zero-width scalars after it. A ZWJ family is four
    /// pieces (each person with the joiner after it), a flag two regional indicators, स्ते two
    /// (स् and ते), an `e` with eight accents one. Zero-width scalars before the first spacing
    /// one have no cell to go in and are left out. The columns add up to `of(_:)`.
    public static func pieces(of grapheme: Character) -> [Piece] {
        var pieces: [Piece] = []
        for scalar in grapheme.unicodeScalars {
            let scalarColumns = columns(ofScalar: scalar.value)
            if scalarColumns > 0 {
                pieces.append(Piece(scalars: [scalar.value], columns: scalarColumns))
            } else if !pieces.isEmpty {
                pieces[pieces.count - 1].scalars.append(scalar.value)
            }
        }
        return pieces
    }
}
