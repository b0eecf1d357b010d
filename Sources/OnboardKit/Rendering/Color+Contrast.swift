import Foundation

extension Color {
    /// WCAG 2 relative luminance, 0 (black) to 1 (white), from the colour's sRGB components
    /// (xterm's palette for indexed colours); nil for the terminal's default colour.
    public var relativeLuminance: Double? {
        guard let (red, green, blue) = components else { return nil }
        func linear(_ component: UInt8) -> Double {
            let value = Double(component) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG contrast ratio of two colours, 1 to 21; nil when either is the terminal's default.
    public func contrastRatio(with other: Color) -> Double? {
        guard let first = relativeLuminance, let second = other.relativeLuminance else { return nil }
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// Black or white, whichever contrasts more with this colour as a background. One of them
    /// always reaches 4.58:1, above WCAG AA's 4.5:1 for text. White on the terminal's default.
    public var readableText: Color {
        guard let onWhite = contrastRatio(with: .brightWhite), let onBlack = contrastRatio(with: .black) else {
            return .brightWhite
        }
        return onBlack > onWhite ? .black : .brightWhite
    }
}

extension Color {
    /// The colour a terminal in `mode` shows for this one: the nearest of its palette.
    public func shown(in mode: ColorMode) -> Color {
        switch (self, mode) {
        case (.terminalDefault, _), (_, .monochrome), (_, .truecolor): return self
        case (.indexed, .indexed256): return self
        case (.rgb(let red, let green, let blue), .indexed256):
            return .indexed(Color.nearestIndexed(red: red, green: green, blue: blue))
        case (.indexed(let index), .basic8) where index < 8: return self
        case (.indexed(let index), .basic8) where index < 16: return .indexed(index - 8)
        case (_, .basic8):
            guard let (red, green, blue) = components else { return self }
            return .indexed(Color.nearestBasic(red: red, green: green, blue: blue))
        }
    }
}
