/// One terminal cell: a grapheme (or the right half of a wide one) and its style.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown here; for the right half of a wide grapheme, `Cell.continuation`.
    public var grapheme: Character
    public var style: Style
    /// An optional hyperlink target (OSC 8) the shell may attach to this cell.
    public var link: String?

    public init(grapheme: Character = " ", style: Style = .plain, link: String? = nil) {
        self.grapheme = grapheme
        self.style = style
        self.link = link
    }

    /// Marks the cell covered by the right half of a wide grapheme. U+0000 never reaches a
    /// canvas otherwise, because the canvas replaces control characters.
    public static let continuationMark: Character = "\u{0}"

    public var isContinuation: Bool { grapheme == Cell.continuationMark }

    public static let blank = Cell()
}
