import CNcurses
import OnboardKit

/// Maps core colours to what the terminal has and hands out ncurses colour pairs on demand.
final class ColorPalette {
    let colorMode: ColorMode
    private let colorCount: Int
    private let pairLimit: Int
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 1

    private struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    init(colorMode: ColorMode) {
        self.colorMode = colorMode
        self.colorCount = Int(tui_colors())
        self.pairLimit = Int(tui_color_pairs())
    }

    /// The ncurses colour number for a core colour: -1 is the terminal's default.
    func terminalColor(_ color: Color) -> Int32 {
        switch color {
        case .terminalDefault:
            return -1
        case .indexed(let index):
            if colorCount >= 256 || Int(index) < colorCount { return Int32(index) }
            if index >= 8 && index < 16 { return Int32(index - 8) }
            let (red, green, blue) = color.components!
            return Int32(Color.nearestBasic(red: red, green: green, blue: blue))
        case .rgb(let red, let green, let blue):
            if colorCount >= 256 { return Int32(Color.nearestIndexed(red: red, green: green, blue: blue)) }
            return Int32(Color.nearestBasic(red: red, green: green, blue: blue))
        }
    }

    /// The colour pair for a style, allocated on first use; 0 in monochrome or when the
    /// terminal has run out of pairs.
    func pair(for style: Style) -> Int32 {
        guard colorMode != .monochrome else { return 0 }
        let key = PairKey(foreground: terminalColor(style.foreground), background: terminalColor(style.background))
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

    func attributes(for style: Style) -> attr_t {
        var attributes = tui_attr_normal()
        if style.isBold { attributes |= tui_attr_bold() }
        if style.isDim { attributes |= tui_attr_dim() }
        if style.isReverse { attributes |= tui_attr_reverse() }
        if style.isUnderline { attributes |= tui_attr_underline() }
        return attributes
    }
}
