import CNcurses
import OnboardKit

/// Maps core colours to what the terminal has and hands out ncurses colour pairs on demand.
final class ColorPalette {
    let colorMode: ColorMode
    private let pairLimit: Int
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 1
    /// Each style's attributes and pair, fitted once: a frame asks for the same few styles for
    /// every changed cell, and fitting a 24-bit colour to 8 or 16 searches the palette.
    private var looks: [Style: Look] = [:]

    /// How a style is drawn: its attributes and its colour pair.
    typealias Look = (attributes: attr_t, pair: Int32)

    private struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// True when the terminal drops some attributes on coloured text (`ncv`: the Linux console
    /// shows no dim or underline with a colour pair).
    private let dropsAttributesWithColor: Bool

    /// True when the terminfo entry is a direct-colour one (`xterm-direct`, `kitty-direct`):
    /// ncurses colour numbers from 8 up are then 0xRRGGBB values, not palette indices.
    let isDirectColor: Bool

    init(colorMode: ColorMode) {
        self.colorMode = colorMode
        self.pairLimit = Int(tui_color_pairs())
        self.dropsAttributesWithColor = colorMode != .monochrome && tigetnum("ncv") > 0
        self.isDirectColor = colorMode != .monochrome && Int(tui_colors()) >= 1 << 24
    }

    /// The ncurses colour number for a core colour fitted to the terminal (`Color.fitted`): -1
    /// is the terminal's default. On a direct-colour terminfo entry every colour but the first
    /// eight is its 24-bit value (`directColor`); otherwise a 24-bit colour is the nearest
    /// indexed one, and truecolor terminals get it exactly from the presenter, beside ncurses.
    func terminalColor(_ color: Color) -> Int32 {
        if isDirectColor { return ColorPalette.directColor(color) }
        switch color.fitted(to: colorMode == .truecolor ? .indexed256 : colorMode) {
        case .terminalDefault: return -1
        case .indexed(let index): return Int32(index)
        case .rgb(let red, let green, let blue):
            return Int32(Color.nearestIndexed(red: red, green: green, blue: blue))
        }
    }

    /// A colour as a direct-colour terminfo entry numbers it: -1 the default, 0–7 the basic
    /// colours, anything else 0xRRGGBB (indexed colours by xterm's palette). A 24-bit colour
    /// that would number below 8 is nudged to 8, a near-black the eye cannot tell apart.
    static func directColor(_ color: Color) -> Int32 {
        switch color {
        case .terminalDefault: return -1
        case .indexed(let index) where index < 8: return Int32(index)
        case .indexed, .rgb:
            let (red, green, blue) = color.components ?? (0, 0, 0)
            return max(8, Int32(red) << 16 | Int32(green) << 8 | Int32(blue))
        }
    }

    /// How a cell of `style` is drawn: its attributes and its colour pair.
    func look(for style: Style) -> Look {
        if let known = looks[style] { return known }
        let fitted = style.fitted(to: colorMode)
        let look = (attributes: attributes(forFitted: fitted), pair: pair(forFitted: fitted))
        looks[style] = look
        return look
    }

    /// The colour pair for a fitted style, allocated on first use; 0 in monochrome or when the
    /// terminal has run out of pairs.
    private func pair(forFitted style: Style) -> Int32 {
        guard colorMode != .monochrome else { return 0 }
        let key = PairKey(foreground: terminalColor(style.foreground), background: terminalColor(style.background))
        // Where colour would cost dim or underline (the Linux console), text in the default
        // colours goes without a pair, so dimmed secondary text stays dim.
        if dropsAttributesWithColor, key.foreground == -1, key.background == -1 { return 0 }
        // Default colours get a pair of their own too (not pair 0): ncurses then changes colour
        // with setaf/setab alone, instead of a full attribute reset each time a coloured cell
        // meets plain text. About 7% fewer bytes for confetti over a page.
        if let pair = pairs[key] { return pair }
        guard Int(nextPair) < pairLimit else { return 0 }
        let pair = nextPair
        init_extended_pair(pair, key.foreground, key.background)
        pairs[key] = pair
        nextPair += 1
        return pair
    }

    private func attributes(forFitted style: Style) -> attr_t {
        var attributes = tui_attr_normal()
        if style.isBold { attributes |= tui_attr_bold() }
        if style.isDim { attributes |= tui_attr_dim() }
        if style.isReverse { attributes |= tui_attr_reverse() }
        if style.isUnderline { attributes |= tui_attr_underline() }
        if style.isItalic { attributes |= tui_attr_italic() }
        return attributes
    }
}
