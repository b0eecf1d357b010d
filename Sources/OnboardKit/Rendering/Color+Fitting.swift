/// What a colour becomes on a terminal of a given colour mode. The shell sends exactly this,
/// so a core test can tell what reaches the screen.
extension Color {
    /// The colour a terminal of `mode` is sent for this one: unchanged in truecolor; the nearest
    /// of the 6x6x6 cube and grey ramp for a 24-bit colour in 256 colours; the nearest of the 16
    /// or 8 basic colours below that (a bright colour under 8 is its normal form); the
    /// terminal's default in monochrome.
    public func fitted(to mode: ColorMode) -> Color {
        switch (mode, self) {
        case (.monochrome, _): return .terminalDefault
        case (_, .terminalDefault), (.truecolor, _): return self
        case (.indexed256, .indexed): return self
        case (.indexed256, .rgb(let red, let green, let blue)):
            return .indexed(Color.nearestIndexed(red: red, green: green, blue: blue))
        case (.basic16, .indexed(let index)) where index < 16: return self
        case (.basic8, .indexed(let index)) where index < 8: return self
        case (.basic8, .indexed(let index)) where index < 16: return .indexed(index - 8)
        case (.basic16, _), (.basic8, _):
            let (red, green, blue) = components ?? (229, 229, 229)
            let count = mode == .basic16 ? 16 : 8
            return .indexed(Color.nearest(red: red, green: green, blue: blue, among: (0..<count).map { UInt8($0) }))
        }
    }

    /// An accent for a terminal of 8 or 16 colours: the nearest colour that has a hue (red,
    /// green, yellow, blue, magenta, cyan, and their bright forms under 16), never black,
    /// white or grey, one of which is the background. A grey accent has no such colour and is
    /// the terminal's default foreground. Other modes keep the accent as it is.
    ///
    /// On a light background only red, green, blue and magenta are used: yellow, cyan and the
    /// bright forms are too pale to read on white in the usual palettes.
    public func accentFitted(to mode: ColorMode, appearance: Appearance = .dark) -> Color {
        guard mode == .basic8 || mode == .basic16, let (red, green, blue) = components else { return self }
        let chroma = Int(max(red, green, blue)) - Int(min(red, green, blue))
        guard chroma >= 48 else { return .terminalDefault }
        let hues: [UInt8]
        switch (appearance, mode) {
        case (.light, _): hues = [1, 2, 4, 5]
        case (.dark, .basic16): hues = [1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14]
        case (.dark, _): hues = [1, 2, 3, 4, 5, 6]
        }
        return .indexed(Color.nearest(red: red, green: green, blue: blue, among: hues))
    }

    /// Whether the colour is light (relative luminance over a half), by xterm's palette for
    /// indexed colours; nil for the terminal's default, which is not known.
    var isLight: Bool? {
        guard let (red, green, blue) = components else { return nil }
        return 0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue) > 127.5
    }

    /// The index among `candidates` whose xterm colour is nearest to the given one.
    static func nearest(red: UInt8, green: UInt8, blue: UInt8, among candidates: [UInt8]) -> UInt8 {
        var best = candidates[0]
        var bestDistance = Int.max
        for index in candidates {
            let (r, g, b) = xtermComponents(index)
            let distance =
                (Int(r) - Int(red)) * (Int(r) - Int(red)) + (Int(g) - Int(green)) * (Int(g) - Int(green))
                + (Int(b) - Int(blue)) * (Int(b) - Int(blue))
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }
}

extension Style {
    /// The style a terminal of `mode` is sent for this one: both colours fitted, and two
    /// repairs where fitting would hide text. Under 8 colours bright black (the usual colour of
    /// secondary text) would become black, the background of most terminals: it is the default
    /// foreground, dimmed, instead. Text fitted to its own background's colour takes black or
    /// white, whichever the background is not.
    public func fitted(to mode: ColorMode) -> Style {
        var style = self
        if mode == .basic8, foreground == .brightBlack {
            style.foreground = .terminalDefault
            style.isDim = true
        }
        style.foreground = style.foreground.fitted(to: mode)
        style.background = style.background.fitted(to: mode)
        if style.background != .terminalDefault, style.foreground == style.background {
            style.foreground = style.background.isLight == true ? .black : .white
        }
        return style
    }
}
