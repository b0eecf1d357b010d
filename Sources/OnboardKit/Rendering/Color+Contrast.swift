// Pure functions of the C math library, named one by one: the core imports nothing else of it.
import func Glibc.pow

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

extension Color {
    /// This colour made readable as text on `background` as a terminal in `mode` shows it:
    /// mixed step by step toward white on a dark background, toward black on a light one,
    /// until its contrast is at least `minimumContrast` (WCAG AA for text: 4.5:1). Unchanged
    /// when it already is, when either colour is the terminal's default, or below 256 colours,
    /// where the terminal's own palette decides.
    public func readable(
        on background: Color, in mode: ColorMode, minimumContrast: Double = 4.5
    ) -> Color {
        guard mode >= .indexed256, let (red, green, blue) = components, background.relativeLuminance != nil else {
            return self
        }
        func passes(_ color: Color) -> Bool {
            (color.shown(in: mode).contrastRatio(with: background.shown(in: mode)) ?? 0) >= minimumContrast
        }
        if passes(self) { return self }
        let target: Double = Appearance(background: background) == .light ? 0 : 255
        for step in 1...20 {
            let share = Double(step) / 20
            func toward(_ component: UInt8) -> UInt8 {
                UInt8((Double(component) + (target - Double(component)) * share).rounded())
            }
            let candidate = Color.rgb(toward(red), toward(green), toward(blue))
            if passes(candidate) { return candidate }
        }
        return target == 0 ? .black : .brightWhite
    }

    /// A colour between this one and `other`: `share` 0 is this, 1 is `other`; nil when
    /// either is the terminal's default.
    public func mixed(with other: Color, share: Double) -> Color? {
        guard let (red, green, blue) = components, let (otherRed, otherGreen, otherBlue) = other.components else {
            return nil
        }
        func mix(_ first: UInt8, _ second: UInt8) -> UInt8 {
            UInt8((Double(first) + (Double(second) - Double(first)) * share).rounded())
        }
        return .rgb(mix(red, otherRed), mix(green, otherGreen), mix(blue, otherBlue))
    }
}
