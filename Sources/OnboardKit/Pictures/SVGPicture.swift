import FoundationEssentials

/// A canvas as an SVG picture that looks in a browser as it does in a terminal: a monospace
/// grid of 10 x 20 units, the colours a 256-colour terminal shows (xterm's palette as RGB),
/// bold, dim, reverse and underline, wide graphemes over two cells, and block elements
/// (half-block pixel art) as rectangles. The output depends on the canvas alone: no dates,
/// no randomness, so pictures can be committed and compared byte for byte.
public struct SVGPicture: Sendable {
    /// A colour as it appears on screen.
    public struct RGB: Hashable, Sendable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#rrggbb`.
        public var hex: String {
            let digits = Array("0123456789abcdef")
            return "#"
                + [red, green, blue].map { String([digits[Int($0 / 16)], digits[Int($0 % 16)]]) }.joined()
        }

        /// This colour laid over `other` with the given opacity (dim text, shades).
        func over(_ other: RGB, opacity: Double) -> RGB {
            func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
                UInt8((Double(top) * opacity + Double(bottom) * (1 - opacity)).rounded())
            }
            return RGB(mix(red, other.red), mix(green, other.green), mix(blue, other.blue))
        }
    }

    /// The terminal's default colours, which the picture stands for: a dark terminal.
    public var defaultForeground = RGB(229, 229, 229)
    public var defaultBackground = RGB(28, 28, 28)
    /// The terminal the colours are shown on: styles are fitted to it as the shell fits them.
    public var colorMode: ColorMode

    public static let cellWidth = 10
    public static let cellHeight = 20
    static let fontSize = 16
    /// The baseline's distance from the top of a cell, which centres a 16-unit font in 20 rows.
    static let baseline = 15
    static let fontFamily = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"

    public init(colorMode: ColorMode = .indexed256) {
        self.colorMode = colorMode
    }

    /// A picture of a terminal of `appearance`: a light one's default colours are dark text on
    /// a near-white background.
    public init(colorMode: ColorMode = .indexed256, appearance: Appearance) {
        self.colorMode = colorMode
        if appearance == .light {
            defaultForeground = RGB(28, 28, 28)
            defaultBackground = RGB(250, 250, 250)
        }
    }

    /// The colours a cell of `style` shows: fitted to the terminal, reverse swapped, dim text
    /// halfway to its background, as common terminals draw it.
    func colors(of style: Style) -> (foreground: RGB, background: RGB) {
        let fitted = style.fitted(to: colorMode)
        var foreground = fitted.foreground.components.map { RGB($0.red, $0.green, $0.blue) } ?? defaultForeground
        var background = fitted.background.components.map { RGB($0.red, $0.green, $0.blue) } ?? defaultBackground
        if fitted.isReverse { swap(&foreground, &background) }
        if fitted.isDim { foreground = foreground.over(background, opacity: 0.5) }
        return (foreground, background)
    }

    /// The whole picture; `title` (untrusted text is fine: it is escaped) names it for screen readers.
    public func render(_ canvas: Canvas, title: String) -> String {
        let width = canvas.width * Self.cellWidth
        let height = canvas.height * Self.cellHeight
        var output = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" role="img">
            <title>\(Self.escaped(title))</title>
            <rect width="\(width)" height="\(height)" fill="\(defaultBackground.hex)"/>

            """
        output += content(canvas)
        output += "</svg>\n"
        return output
    }

    /// What the canvas shows, without the document around it: backgrounds and blocks, pictures,
    /// boxes, then text.
    public func content(_ canvas: Canvas) -> String {
        var output = "<g shape-rendering=\"crispEdges\">\n"
        for row in 0..<canvas.height {
            output += backgroundRects(canvas, row: row)
            output += blockRects(canvas, row: row)
        }
        output += "</g>\n"
        output += pictureImages(canvas)
        output += boxPaths(canvas)
        output += "<g font-family=\"\(Self.fontFamily)\" font-size=\"\(Self.fontSize)\" xml:space=\"preserve\">\n"
        for row in 0..<canvas.height { output += texts(canvas, row: row) }
        output += "</g>\n"
        return output
    }

    /// Runs of cells whose background is not the picture's own, one rectangle per run.
    private func backgroundRects(_ canvas: Canvas, row: Int) -> String {
        var output = ""
        var column = 0
        while column < canvas.width {
            let background = colors(of: canvas[column, row].style).background
            var end = column + 1
            while end < canvas.width, colors(of: canvas[end, row].style).background == background { end += 1 }
            if background != defaultBackground {
                output += rect(
                    x: column * Self.cellWidth * 4, y: row * Self.cellHeight * 4,
                    width: (end - column) * Self.cellWidth * 4, height: Self.cellHeight * 4, fill: background)
            }
            column = end
        }
        return output
    }

    /// The block elements of a row as rectangles in their foreground colour, neighbours of the
    /// same height and colour joined so that no seam shows between them.
    private func blockRects(_ canvas: Canvas, row: Int) -> String {
        struct Piece {
            var left: Int
            var right: Int
            var top: Int
            var bottom: Int
            var fill: RGB
        }
        var pieces: [Piece] = []
        for column in 0..<canvas.width {
            let cell = canvas[column, row]
            guard !cell.isContinuation, let block = BlockElement(cell.grapheme) else { continue }
            let (foreground, background) = colors(of: cell.style)
            let fill = block.coverage == 1 ? foreground : foreground.over(background, opacity: block.coverage)
            for part in block.parts {
                let piece = Piece(
                    left: column * 8 + part.left, right: column * 8 + part.right, top: part.top, bottom: part.bottom,
                    fill: fill)
                if let last = pieces.last, last.right == piece.left, last.top == piece.top,
                    last.bottom == piece.bottom, last.fill == piece.fill
                {
                    pieces[pieces.count - 1].right = piece.right
                } else {
                    pieces.append(piece)
                }
            }
        }
        // In quarter units: an eighth of a cell is 5/4 wide and 10/4 high.
        return pieces.map { piece in
            rect(
                x: piece.left * Self.cellWidth / 2, y: row * Self.cellHeight * 4 + piece.top * Self.cellHeight / 2,
                width: (piece.right - piece.left) * Self.cellWidth / 2,
                height: (piece.bottom - piece.top) * Self.cellHeight / 2, fill: piece.fill)
        }.joined()
    }

    /// A rectangle whose position and size are given in quarters of a unit.
    private func rect(x: Int, y: Int, width: Int, height: Int, fill: RGB) -> String {
        "<rect x=\"\(Self.quarters(x))\" y=\"\(Self.quarters(y))\" width=\"\(Self.quarters(width))\" "
            + "height=\"\(Self.quarters(height))\" fill=\"\(fill.hex)\"/>\n"
    }

    /// Box-drawing lines as strokes, one path per colour and weight, in the order they first
    /// appear. Square caps overlap neighbouring cells a little, so joined lines show no seam.
    private func boxPaths(_ canvas: Canvas) -> String {
        struct Pen: Hashable {
            var color: RGB
            var isHeavy: Bool
        }
        var pens: [Pen] = []
        var paths: [Pen: String] = [:]
        for row in 0..<canvas.height {
            for column in 0..<canvas.width {
                let cell = canvas[column, row]
                guard !cell.isContinuation, let box = BoxDrawing(cell.grapheme) else { continue }
                let pen = Pen(color: colors(of: cell.style).foreground, isHeavy: box.isHeavy)
                if paths[pen] == nil { pens.append(pen) }
                paths[pen, default: ""] += box.path(
                    x: column * Self.cellWidth, y: row * Self.cellHeight, width: Self.cellWidth,
                    height: Self.cellHeight)
            }
        }
        return pens.map { pen in
            "<path d=\"\(paths[pen]!)\" fill=\"none\" stroke=\"\(pen.color.hex)\" "
                + "stroke-width=\"\(pen.isHeavy ? "3" : "1.5")\" stroke-linecap=\"square\"/>\n"
        }.joined()
    }

    /// How text is drawn: runs of cells alike in these are one `<text>` element.
    private struct TextStyle: Equatable {
        var color: RGB
        var isBold: Bool
        var isUnderline: Bool
        var isItalic: Bool
    }

    /// The row's text. Every character is placed at its cell (a list of x positions per run),
    /// so the grid holds whatever the font's advance, as in a terminal; a wide grapheme is
    /// centred on its two cells.
    /// Graphemes of more than one scalar (combining marks, flags, skin tones) and those outside
    /// the Basic Multilingual Plane stand alone, since renderers count characters differently.
    /// Block elements and box lines are drawn as shapes instead; blanks at a run's ends are left out.
    private func texts(_ canvas: Canvas, row: Int) -> String {
        var output = ""
        var run: [(grapheme: Character, x: Int)] = []
        var runStyle: TextStyle?
        func flush() {
            while run.last?.grapheme == " " { run.removeLast() }
            if let runStyle, !run.isEmpty {
                output += textElement(
                    String(run.map(\.grapheme)), positions: run.map(\.x), row: row, style: runStyle, isCentred: false)
            }
            run = []
            runStyle = nil
        }
        for column in 0..<canvas.width {
            let cell = canvas[column, row]
            if cell.isContinuation { continue }
            let grapheme = cell.grapheme
            if BlockElement(grapheme) != nil || BoxDrawing(grapheme) != nil {
                flush()
                continue
            }
            let fitted = cell.style.fitted(to: colorMode)
            let style = TextStyle(
                color: colors(of: cell.style).foreground, isBold: fitted.isBold, isUnderline: fitted.isUnderline,
                isItalic: fitted.isItalic)
            let cells = max(1, DisplayWidth.of(grapheme))
            let x = column * Self.cellWidth
            let scalars = grapheme.unicodeScalars
            if cells > 1 || scalars.count > 1 || scalars.first!.value > 0xFFFF {
                flush()
                output += textElement(
                    String(grapheme), positions: [x + cells * Self.cellWidth / 2], row: row, style: style,
                    isCentred: true)
                continue
            }
            if grapheme == " ", !style.isUnderline {
                // A plain blank draws nothing: it joins the run whatever its colour.
                if runStyle != nil { run.append((grapheme, x)) }
                continue
            }
            if runStyle != style { flush() }
            runStyle = style
            run.append((grapheme, x))
        }
        flush()
        return output
    }

    private func textElement(
        _ text: String, positions: [Int], row: Int, style: TextStyle, isCentred: Bool
    ) -> String {
        var attributes =
            "x=\"\(positions.map(String.init).joined(separator: " "))\" y=\"\(row * Self.cellHeight + Self.baseline)\" fill=\"\(style.color.hex)\""
        if style.isBold { attributes += " font-weight=\"bold\"" }
        if style.isUnderline { attributes += " text-decoration=\"underline\"" }
        if style.isItalic { attributes += " font-style=\"italic\"" }
        // A single chunk: every renderer centres it the same way.
        if isCentred { attributes += " text-anchor=\"middle\"" }
        return "<text \(attributes)>\(Self.escaped(text))</text>\n"
    }

    /// A number of quarter units as SVG writes it: `12`, `12.25`, `12.5`, `12.75`.
    static func quarters(_ value: Int) -> String {
        let fractions = ["", ".25", ".5", ".75"]
        return "\(value / 4)\(fractions[value % 4])"
    }

    /// Text made safe inside an element or an attribute: the five markup characters as
    /// entities, and characters XML 1.0 does not allow at all (most C0 controls, U+FFFE,
    /// U+FFFF) as U+FFFD, since not even an entity may stand for them.
    public static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            default:
                let value = scalar.value
                let isAllowed =
                    value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                    || (0xE000...0xFFFD).contains(value) || value >= 0x10000
                output.unicodeScalars.append(isAllowed ? scalar : "\u{FFFD}")
            }
        }
        return output
    }

    /// The canvas's PNG pictures (`Canvas.pictures`), each file as it is inside the SVG, over
    /// the cells the page left for it, its shape kept.
    func pictureImages(_ canvas: Canvas) -> String {
        canvas.pictures.map { placement in
            let rect = placement.rect
            return "<image x=\"\(rect.x * Self.cellWidth)\" y=\"\(rect.y * Self.cellHeight)\" "
                + "width=\"\(rect.width * Self.cellWidth)\" height=\"\(rect.height * Self.cellHeight)\" "
                + "preserveAspectRatio=\"xMidYMid meet\" href=\"data:image/png;base64,"
                + Data(placement.picture.png).base64EncodedString() + "\">"
                + (placement.picture.alt.isEmpty ? "" : "<title>\(Self.escaped(placement.picture.alt))</title>")
                + "</image>\n"
        }.joined()
    }
}
