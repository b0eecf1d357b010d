import OnboardKit

/// What a terminal said about pictures when asked: kitty's graphics query, its cell size in
/// pixels (`CSI 16 t`) and its device attributes (sixel is attribute 4).
public struct TerminalGraphics: Hashable, Sendable {
    public var kitty = false
    public var sixel = false
    public var cellSize: CellPixelSize?
    /// The device attributes answer came: every question before it has been answered or
    /// never will be.
    public var isComplete = false

    public init(kitty: Bool = false, sixel: Bool = false, cellSize: CellPixelSize? = nil, isComplete: Bool = false) {
        self.kitty = kitty
        self.sixel = sixel
        self.cellSize = cellSize
        self.isComplete = isComplete
    }

    /// kitty's query (a 1x1 picture, never shown), the cell size question, then the device
    /// attributes, which every terminal answers, and answers last.
    public static let questions =
        "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[16t" + "\u{1B}[c"

    /// Reads the answers in `bytes`, in any order, ignoring anything else (typing that came
    /// meanwhile): `ESC _ G i=31 ; OK ESC \`, `ESC [ 6 ; height ; width t`, `ESC [ ? … c`.
    public static func parse(_ bytes: [UInt8]) -> TerminalGraphics {
        var result = TerminalGraphics()
        let text = String(decoding: bytes, as: UTF8.self)
        for piece in text.split(separator: "\u{1B}", omittingEmptySubsequences: true) {
            if piece.hasPrefix("_G") {
                // "i=31;OK" means yes; an error ("i=31;ENOENT:…") is a kitty that could not
                // read the query's picture, which still speaks the protocol.
                let body = piece.dropFirst(2)
                if body.contains("i=31") { result.kitty = true }
            } else if piece.hasPrefix("[6;"), piece.hasSuffix("t") {
                let numbers = piece.dropFirst(3).dropLast().split(separator: ";").compactMap { Int($0) }
                if numbers.count == 2, numbers[0] > 0, numbers[1] > 0, numbers[0] < 1000, numbers[1] < 1000 {
                    result.cellSize = CellPixelSize(width: numbers[1], height: numbers[0])
                }
            } else if piece.hasPrefix("[?"), let end = piece.firstIndex(of: "c") {
                let attributes = piece[piece.index(piece.startIndex, offsetBy: 2)..<end].split(separator: ";")
                result.sixel = attributes.contains("4")
                result.isComplete = true
            }
        }
        return result
    }
}
