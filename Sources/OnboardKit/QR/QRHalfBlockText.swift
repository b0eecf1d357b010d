/// A QR Code as terminal text: two module rows to each line by the half block glyphs, the
/// dark modules drawn as the glyphs' ink (so draw it dark ink on a light background), with a
/// light quiet zone around it.
public enum QRHalfBlockText {
    /// Lines of `width(of:quietZone:)` characters: `▀` upper module dark, `▄` lower dark,
    /// `█` both, a space neither. With an odd number of module rows the last line's lower half
    /// is light.
    public static func lines(of code: QRCode, quietZone: Int = 4) -> [String] {
        precondition(quietZone >= 0, "a quiet zone of \(quietZone) modules")
        let columns = width(of: code, quietZone: quietZone)
        return (0..<height(of: code, quietZone: quietZone)).map { line in
            let upper = 2 * line - quietZone
            return String(
                (0..<columns).map { index in
                    let column = index - quietZone
                    return glyph(
                        upper: code.isDark(row: upper, column: column),
                        lower: code.isDark(row: upper + 1, column: column))
                })
        }
    }

    /// Characters per line: the symbol and the quiet zone on both sides.
    public static func width(of code: QRCode, quietZone: Int = 4) -> Int { code.size + 2 * quietZone }

    /// Lines: half the module rows, quiet zone included, rounded up.
    public static func height(of code: QRCode, quietZone: Int = 4) -> Int { (code.size + 2 * quietZone + 1) / 2 }

    static func glyph(upper: Bool, lower: Bool) -> Character {
        switch (upper, lower) {
        case (true, true): "█"
        case (true, false): "▀"
        case (false, true): "▄"
        case (false, false): " "
        }
    }
}
