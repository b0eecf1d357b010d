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
    /// Under truecolor, the fade level whose exact mix stands for each level: one per run of
    /// levels that share a colour at 256 colours, so a fading piece changes colour as often as
    /// it does there and no more (each change is a cell written again, and `38;2;R;G;B` is long).
    /// 0 marks a palette entry and glint whose runs are not worked out yet.
    private var truecolorSteps: [UInt8]

    /// `background` is the colour pieces fade into; the terminal's own default counts as black.
    init(palette: [Color], colorMode: ColorMode, background: Color) {
        self.palette = palette
        self.colorMode = colorMode
        let components = background.components ?? (0, 0, 0)
        self.background = (Double(components.red), Double(components.green), Double(components.blue))
        let slots = colorMode >= .indexed256 ? palette.count * Self.glints.count * (Self.levels + 1) : palette.count
        table = Array(repeating: .terminalDefault, count: slots)
        truecolorSteps = Array(repeating: 0, count: colorMode == .truecolor ? slots : 0)
    }

    /// The colour for palette entry `index` at a glint step and fade level (1 to `levels`).
    /// 8-colour terminals get the nearest basic colour with neither glint nor fade.
    mutating func color(_ index: Int, glint: Int, level: Int) -> Color {
        guard index < palette.count else { return .terminalDefault }
        if colorMode < .indexed256 {
            if case .terminalDefault = table[index] { table[index] = Self.basic(palette[index]) }
            return table[index]
        }
        let row = (index * Self.glints.count + glint) * (Self.levels + 1)
        let slot = row + level
        if case .terminalDefault = table[slot] {
            let step =
                colorMode == .truecolor ? truecolorStep(row: row, index: index, glint: glint, level: level) : level
            table[slot] = compute(palette[index], glint: glint, level: step, mode: colorMode)
        }
        return table[slot]
    }

    /// The level whose mix a truecolor piece shows at `level`: the middle of its run of levels
    /// with one 256-colour shade, or full strength in the run that reaches it, so that a piece
    /// at full strength keeps the deck's exact colour.
    private mutating func truecolorStep(row: Int, index: Int, glint: Int, level: Int) -> Int {
        if truecolorSteps[row + level] == 0 {
            let shades = (0...Self.levels).map { compute(palette[index], glint: glint, level: $0, mode: .indexed256) }
            var start = 1
            while start <= Self.levels {
                var end = start
                while end < Self.levels && shades[end + 1] == shades[start] { end += 1 }
                let step = end == Self.levels ? end : (start + end + 1) / 2
                for member in start...end { truecolorSteps[row + member] = UInt8(step) }
                start = end + 1
            }
        }
        return Int(truecolorSteps[row + level])
    }

    private func compute(_ base: Color, glint: Int, level: Int, mode: ColorMode) -> Color {
        if glint == 0 && level == Self.levels {
            // A full-strength indexed colour stays the exact colour the deck asked for.
            if mode == .indexed256, case .indexed = base { return base }
            if mode == .truecolor, case .rgb = base { return base }
        }
        let (red, green, blue) = base.components ?? (229, 229, 229)
        let brightness = Self.glints[glint]
        let strength = Double(level) / Double(Self.levels)
        func mix(_ value: UInt8, _ under: Double) -> UInt8 {
            UInt8(max(0, min(255, (under + (Double(value) * brightness - under) * strength).rounded())))
        }
        let mixed = (mix(red, background.red), mix(green, background.green), mix(blue, background.blue))
        if mode == .truecolor { return .rgb(mixed.0, mixed.1, mixed.2) }
        return .indexed(Color.nearestIndexed(red: mixed.0, green: mixed.1, blue: mixed.2))
    }

    private static func basic(_ color: Color) -> Color {
        // The terminal's default counts as xterm's white (229, 229, 229), as `compute` takes it.
        color == .terminalDefault ? .indexed(7) : color.fitted(to: .basic8)
    }
}
