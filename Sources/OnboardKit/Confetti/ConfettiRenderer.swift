import FoundationEssentials

/// Draws the confetti of a `ParticleSystem` over whatever the page drew into a canvas.
public enum ConfettiRenderer {
    /// Overlays every live piece on `canvas`. With no pieces in flight the canvas is left
    /// exactly as the page drew it.
    ///
    /// `background` is the colour pieces fade into (the terminal's default counts as black).
    /// Fades need colours to blend: 256-colour terminals get the nearest palette colour of the
    /// blend, truecolor terminals the blend itself; 8-colour terminals show pieces unfaded until
    /// they vanish, and monochrome ones fade through `▓▒░·` in the default colours.
    public static func draw(
        _ system: ParticleSystem, into canvas: inout Canvas, mode: ConfettiRenderMode = .halfBlock,
        colorMode: ColorMode, background: Color = .terminalDefault
    ) {
        guard !system.particles.isEmpty, canvas.width > 0, canvas.height > 0 else { return }
        var painter = Painter(
            width: canvas.width, height: canvas.height, mode: mode, colorMode: colorMode,
            shading: ConfettiShading(palette: system.palette, colorMode: colorMode, background: background))
        for particle in system.particles {
            let index = Int(particle.glyphIndex)
            guard index < system.glyphs.count else { continue }
            painter.draw(particle, glyphs: system.glyphs[index], into: &canvas)
        }
    }

    /// What confetti already covers in a cell this frame, so a second pixel joins the first.
    private enum Mark: UInt8 {
        case none = 0
        case top = 1
        case bottom = 2
        case both = 3
        case glyph = 4
    }

    private static let upperHalf: Character = "▀"
    private static let lowerHalf: Character = "▄"
    private static let fullBlock: Character = "█"
    /// Monochrome fading, strongest first.
    private static let monochromeRamp: [Character] = ["▓", "▒", "░", "·"]
    private static let monochromeDot: Character = "·"
    private static let monochromeShade: Character = "░"

    /// One frame's drawing state: the marks of covered cells and the colours worked out so far.
    private struct Painter {
        let width: Int
        let height: Int
        let mode: ConfettiRenderMode
        let colorMode: ColorMode
        var shading: ConfettiShading
        var marks: [Mark]

        init(width: Int, height: Int, mode: ConfettiRenderMode, colorMode: ColorMode, shading: ConfettiShading) {
            self.width = width
            self.height = height
            self.mode = mode
            self.colorMode = colorMode
            self.shading = shading
            marks = Array(repeating: .none, count: width * height)
        }

        mutating func draw(_ particle: Particle, glyphs: ConfettiGlyphs, into canvas: inout Canvas) {
            let alpha = particle.alpha
            let x = particle.drawnX
            let y = particle.y
            // Far off-screen (or broken) positions are skipped before they are turned into Ints.
            guard alpha > 0, x > -64, y > -64, x < Double(width + 64), y < Double(height * 2 + 64) else { return }
            let column = Int(x.rounded(.down))
            let pixelRow = Int(y.rounded(.down))
            let step = particle.spinStep
            switch glyphs.kind {
            case .emoji:
                // Emoji keep their own colours, so instead of fading they vanish.
                guard alpha >= 0.3 else { return }
                putGlyph(
                    glyphs.steps[0], width: glyphs.width, column: column, row: pixelRow >> 1,
                    foreground: .terminalDefault, into: &canvas)
            case .text:
                drawGlyph(
                    glyphs.steps[0], width: glyphs.width, particle, alpha: alpha, column: column,
                    row: pixelRow >> 1, into: &canvas)
            case .shape where mode == .glyph:
                drawGlyph(
                    glyphs.steps[step], width: 1, particle, alpha: alpha, column: column, row: pixelRow >> 1,
                    into: &canvas)
            case .shape:
                drawPixels(particle, alpha: alpha, column: column, pixelRow: pixelRow, step: step, into: &canvas)
            }
        }

        // MARK: Glyphs

        private mutating func drawGlyph(
            _ glyph: Character, width glyphWidth: Int, _ particle: Particle, alpha: Double, column: Int, row: Int,
            into canvas: inout Canvas
        ) {
            if colorMode == .monochrome {
                // Without colours a fading glyph thins out to a shade and a dot.
                let shown: Character = alpha >= 0.55 ? glyph : alpha >= 0.3 ? monochromeShade : monochromeDot
                guard alpha >= 0.08 else { return }
                putGlyph(
                    shown, width: alpha >= 0.55 ? glyphWidth : 1, column: column, row: row,
                    foreground: nil, into: &canvas)
                return
            }
            guard let color = color(of: particle, glint: 0, alpha: alpha) else { return }
            putGlyph(glyph, width: glyphWidth, column: column, row: row, foreground: color, into: &canvas)
        }

        /// Puts a grapheme over the page, on the page's own background; `foreground` nil means
        /// the plain default style (monochrome).
        private mutating func putGlyph(
            _ glyph: Character, width glyphWidth: Int, column: Int, row: Int, foreground: Color?,
            into canvas: inout Canvas
        ) {
            guard row >= 0, row < height, column >= 0, column + glyphWidth <= width else { return }
            let index = row * width + column
            let style: Style
            if let foreground {
                style = Style(foreground: foreground, background: Self.background(under: canvas.cells[index]))
            } else {
                style = .plain
            }
            canvas.setCell(x: column, y: row, Cell(grapheme: glyph, style: style))
            marks[index] = .glyph
            if glyphWidth == 2 {
                canvas.setCell(x: column + 1, y: row, Cell(grapheme: Cell.continuationMark, style: style))
                marks[index + 1] = .glyph
            }
        }

        // MARK: Pixels

        private mutating func drawPixels(
            _ particle: Particle, alpha: Double, column: Int, pixelRow: Int, step: Int, into canvas: inout Canvas
        ) {
            if colorMode == .monochrome && alpha < 0.75 {
                // Past its prime a monochrome piece becomes a whole-cell shade.
                let shade = alpha >= 0.55 ? 0 : alpha >= 0.35 ? 1 : alpha >= 0.15 ? 2 : 3
                guard alpha >= 0.05 else { return }
                putGlyph(
                    monochromeRamp[shade], width: 1, column: column, row: pixelRow >> 1, foreground: nil,
                    into: &canvas)
                return
            }
            // Rockets hold steady; everything else glints as it spins.
            let glint = particle.isRocket ? 0 : step
            guard let color = color(of: particle, glint: glint, alpha: alpha) else { return }
            let side = Int(particle.side)
            if side == 1 {
                plot(column, pixelRow, color, into: &canvas)
            } else {
                let start = (side - 1) / 2
                for dy in 0..<side {
                    for dx in 0..<side { plot(column - start + dx, pixelRow - start + dy, color, into: &canvas) }
                }
            }
            if particle.isRocket { drawTrail(particle, alpha: alpha, into: &canvas) }
        }

        /// Two fainter pixels behind a rising rocket.
        private mutating func drawTrail(_ particle: Particle, alpha: Double, into canvas: inout Canvas) {
            let speed = (particle.vx * particle.vx + particle.vy * particle.vy).squareRoot()
            guard speed > 4 else { return }
            let (ux, uy) = (particle.vx / speed, particle.vy / speed)
            for distance in 1...2 {
                let strength = distance == 1 ? 0.55 : 0.25
                guard let color = color(of: particle, glint: 0, alpha: alpha * strength) else { continue }
                let tx = particle.drawnX - ux * Double(distance)
                let ty = particle.y - uy * Double(distance)
                plot(Int(tx.rounded(.down)), Int(ty.rounded(.down)), color, into: &canvas)
            }
        }

        /// Lights one pixel: the top or bottom half of a cell, keeping a pixel already drawn in
        /// the other half and the page's background where there is none.
        private mutating func plot(_ x: Int, _ pixelY: Int, _ color: Color, into canvas: inout Canvas) {
            guard x >= 0, x < width, pixelY >= 0, pixelY < height * 2 else { return }
            let row = pixelY >> 1
            let isBottom = pixelY & 1 == 1
            let index = row * width + x
            let existing = canvas.cells[index]
            if colorMode == .monochrome {
                let mark = Self.merge(marks[index], isBottom: isBottom)
                let glyph: Character = mark == .both ? fullBlock : mark == .top ? upperHalf : lowerHalf
                canvas.setCell(x: x, y: row, Cell(grapheme: glyph, style: .plain))
                marks[index] = mark
                return
            }
            let cell: Cell
            let mark: Mark
            switch (marks[index], isBottom) {
            case (.top, false), (.bottom, true):
                cell = Cell(grapheme: existing.grapheme, style: existing.style.with(foreground: color))
                mark = marks[index]
            case (.top, true):
                cell = Cell(grapheme: upperHalf, style: Style(foreground: existing.style.foreground, background: color))
                mark = .both
            case (.bottom, false):
                cell = Cell(grapheme: upperHalf, style: Style(foreground: color, background: existing.style.foreground))
                mark = .both
            case (.both, false):
                cell = Cell(grapheme: upperHalf, style: existing.style.with(foreground: color))
                mark = .both
            case (.both, true):
                cell = Cell(grapheme: upperHalf, style: existing.style.with(background: color))
                mark = .both
            case (.none, _), (.glyph, _):
                let under = Self.background(under: existing)
                cell = Cell(
                    grapheme: isBottom ? lowerHalf : upperHalf, style: Style(foreground: color, background: under))
                mark = isBottom ? .bottom : .top
            }
            canvas.setCell(x: x, y: row, cell)
            marks[index] = mark
        }

        private static func merge(_ mark: Mark, isBottom: Bool) -> Mark {
            switch (mark, isBottom) {
            case (.both, _), (.top, true), (.bottom, false): return .both
            case (.top, false): return .top
            case (.bottom, true): return .bottom
            case (.none, _), (.glyph, _): return isBottom ? .bottom : .top
            }
        }

        // MARK: Colours

        /// The piece's colour at this strength, or nil when it has faded to nothing.
        private mutating func color(of particle: Particle, glint: Int, alpha: Double) -> Color? {
            let level = min(ConfettiShading.levels, Int((alpha * Double(ConfettiShading.levels)).rounded()))
            guard level > 0 else { return nil }
            return shading.color(Int(particle.colorIndex), glint: glint, level: level)
        }

        /// The colour the page shows behind a cell's text (its foreground when reversed).
        private static func background(under cell: Cell) -> Color {
            cell.style.isReverse ? cell.style.foreground : cell.style.background
        }
    }
}
