/// The colour of a piece as it glints and fades, for each colour mode, worked out at most once
/// per palette colour, glint step and fade level in a frame.
struct ConfettiShading {
    /// Fade steps between invisible (0) and full (`levels`): fine enough to look smooth, coarse
    /// enough that a slowly fading piece does not repaint its cell every frame.
    static let levels = 32
    /// Brightness of the four spin steps, as a spinning piece of paper catches the light.
    static let glints: [Double] = [1, 0.8, 0.62, 0.8]

    private let palette: [Color]
    private let colorMode: ColorMode
    private let background: (red: Double, green: Double, blue: Double)
    /// Worked-out colours; `.terminalDefault` marks a slot not computed yet.
    private var table: [Color]

    /// `background` is the colour pieces fade into; the terminal's own default counts as black.
    init(palette: [Color], colorMode: ColorMode, background: Color) {
        self.palette = palette
        self.colorMode = colorMode
        let components = background.components ?? (0, 0, 0)
        self.background = (Double(components.red), Double(components.green), Double(components.blue))
        let slots = colorMode >= .indexed256 ? palette.count * Self.glints.count * (Self.levels + 1) : palette.count
        table = Array(repeating: .terminalDefault, count: slots)
    }

    /// The colour for palette entry `index` at a glint step and fade level (1 to `levels`).
    /// 8-colour terminals get the nearest basic colour with neither glint nor fade.
    mutating func color(_ index: Int, glint: Int, level: Int) -> Color {
        guard index < palette.count else { return .terminalDefault }
        if colorMode < .indexed256 {
            if case .terminalDefault = table[index] { table[index] = Self.basic(palette[index]) }
            return table[index]
        }
        let slot = (index * Self.glints.count + glint) * (Self.levels + 1) + level
        if case .terminalDefault = table[slot] { table[slot] = compute(palette[index], glint: glint, level: level) }
        return table[slot]
    }

    private func compute(_ base: Color, glint: Int, level: Int) -> Color {
        if glint == 0 && level == Self.levels {
            // A full-strength indexed colour stays the exact colour the deck asked for.
            if colorMode == .indexed256, case .indexed = base { return base }
            if colorMode == .truecolor, case .rgb = base { return base }
        }
        let (red, green, blue) = base.components ?? (229, 229, 229)
        let brightness = Self.glints[glint]
        let strength = Double(level) / Double(Self.levels)
        func mix(_ value: UInt8, _ under: Double) -> UInt8 {
            UInt8(max(0, min(255, (under + (Double(value) * brightness - under) * strength).rounded())))
        }
        let mixed = (mix(red, background.red), mix(green, background.green), mix(blue, background.blue))
        if colorMode == .truecolor { return .rgb(mixed.0, mixed.1, mixed.2) }
        return .indexed(Color.nearestIndexed(red: mixed.0, green: mixed.1, blue: mixed.2))
    }

    private static func basic(_ color: Color) -> Color {
        // The terminal's default counts as xterm's white (229, 229, 229), as `compute` takes it.
        color == .terminalDefault ? .indexed(7) : color.fitted(to: .basic8)
    }
}
