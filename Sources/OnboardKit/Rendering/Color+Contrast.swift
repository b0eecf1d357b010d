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
    /// The colour a terminal in `mode` shows for this one: what it is sent (`fitted(to:)`);
    /// in monochrome the colour itself, since nothing is sent to compare it with.
    public func shown(in mode: ColorMode) -> Color { mode == .monochrome ? self : fitted(to: mode) }
}
