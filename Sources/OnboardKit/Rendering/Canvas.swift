/// A grid of cells that views draw into. Every draw clips to the canvas (and to an optional
/// rectangle), so a page sliding half off-screen is only a draw at a negative column.
public struct Canvas: Equatable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    /// Links over drawn text, for terminals that can make them clickable.
    public private(set) var hyperlinks: [Hyperlink] = []
    /// Pictures the shell draws with a graphics protocol over cells left blank for them.
    public private(set) var pictures: [PicturePlacement] = []

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return .blank }
            return cells[y * width + x]
        }
    }

    /// Clears every cell to `cell`, and forgets the links.
    public mutating func clear(to cell: Cell = .blank) {
        for index in cells.indices { cells[index] = cell }
        hyperlinks.removeAll()
        pictures.removeAll()
    }

    /// Takes back the pictures `isCovered` picks: they are no longer the shell's to draw.
    public mutating func removePictures(where isCovered: (PicturePlacement) -> Bool) -> [PicturePlacement] {
        let removed = pictures.filter(isCovered)
        if !removed.isEmpty { pictures.removeAll(where: isCovered) }
        return removed
    }

    /// Records a picture for the shell to draw over its cells; only one wholly on the canvas.
    public mutating func addPicture(_ placement: PicturePlacement) {
        guard !placement.rect.isEmpty, bounds.intersection(placement.rect) == placement.rect else { return }
        pictures.append(placement)
    }

    /// Marks drawn text as a link. Only links wholly on the canvas are kept, and only URLs
    /// without control characters (they are written inside an escape sequence).
    public mutating func addHyperlink(_ link: Hyperlink) {
        // A URL with control characters could end the OSC 8 sequence early: none is linked.
        let isControl = { (scalar: Unicode.Scalar) in
            scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
        }
        guard link.y >= 0, link.y < height, link.x >= 0, link.width > 0, link.x + link.width <= width,
            !link.url.unicodeScalars.contains(where: isControl)
        else { return }
        hyperlinks.append(link)
    }

    /// Fills a rectangle (clipped) with one style of blank.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { setCell(x: x, y: y, cell) }
        }
    }

    /// Draws a single line of text starting at column `x`, clipped to `clip` and the canvas.
    /// The line is written in logical order and drawn in visual order (`BidiText`): `direction`
    /// is its paragraph's, nil to take it from the line itself. Direction marks are used and
    /// take no cell; other control characters are shown as visible symbols; zero-width marks
    /// stay with their base grapheme. Returns the column after the last grapheme (drawn or
    /// clipped).
    @discardableResult
    public mutating func draw(
        _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil,
        direction: TextDirection? = nil
    ) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        var column = x
        guard y >= area.y, y < area.maxY else { return column + DisplayWidth.of(text) }
        for grapheme in BidiText.visualLine(text, direction: direction) {
            if SafeText.isUnsafe(grapheme) {
                // A cluster of controls ("\r\n" is one grapheme) becomes several visible symbols.
                for symbol in SafeText.sanitize(String(grapheme)) {
                    column = place(symbol, at: column, y: y, style: style, area: area)
                }
            } else {
                column = place(grapheme, at: column, y: y, style: style, area: area)
            }
        }
        return column
    }

    /// Puts one safe grapheme at `column` within `area`; returns the column after it. The
    /// terminal advances by each spacing scalar's width, so a grapheme of several (a ZWJ
    /// sequence, a flag, a conjunct) takes a cell for each (`DisplayWidth.pieces(of:)`), and the
    /// cells ncurses and the terminal hold are the canvas's cells.
    private mutating func place(_ grapheme: Character, at column: Int, y: Int, style: Style, area: Rect) -> Int {
        if grapheme.asciiValue != nil {
            let graphemeWidth = DisplayWidth.of(grapheme)
            if graphemeWidth == 0 || column >= area.maxX || column < area.x { return column + graphemeWidth }
            setCell(x: column, y: y, Cell(grapheme: grapheme, style: style))
            return column + 1
        }
        // One scalar (box lines, dots, confetti, most of any script) is its own piece: no
        // pieces are built for it, as this runs for every such character of every frame.
        let scalars = grapheme.unicodeScalars
        if let only = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            let columns = DisplayWidth.columns(ofScalar: only.value)
            if columns > 0 {
                place(Cell(grapheme: grapheme, style: style), columns: columns, at: column, y: y, area: area)
            }
            return column + columns
        }
        var next = column
        for piece in DisplayWidth.pieces(of: grapheme) {
            place(Cell(scalars: piece.scalars, style: style), columns: piece.columns, at: next, y: y, area: area)
            next += piece.columns
        }
        return next
    }

    /// Puts one piece of a grapheme, `columns` (one or two) wide, at `column` within `area`.
    private mutating func place(_ cell: Cell, columns: Int, at column: Int, y: Int, area: Rect) {
        let style = cell.style
        if column >= area.maxX || column + columns <= area.x { return }
        if column >= area.x && column + columns <= area.maxX {
            setCell(x: column, y: y, cell)
            if columns == 2 { setCell(x: column + 1, y: y, Cell.continuation(style: style)) }
        } else {
            // A wide character cut by the clip edge: show its visible half as a blank.
            for half in column..<(column + columns) where half >= area.x && half < area.maxX {
                setCell(x: half, y: y, Cell(grapheme: " ", style: style))
            }
        }
    }

    /// Sets one cell, keeping wide graphemes whole: overwriting either half of a wide grapheme
    /// blanks its other half.
    public mutating func setCell(x: Int, y: Int, _ cell: Cell) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let index = y * width + x
        let old = cells[index]
        if old.isContinuation && !cell.isContinuation, x > 0 {
            cells[index - 1] = Cell(grapheme: " ", style: cells[index - 1].style)
        }
        if !old.isContinuation, x + 1 < width, cells[index + 1].isContinuation {
            if !cell.isContinuation && DisplayWidth.columns(ofScalar: cell.leadScalar) < 2 {
                cells[index + 1] = Cell(grapheme: " ", style: cells[index + 1].style)
            }
        }
        if cell.isContinuation && x == 0 {
            cells[index] = Cell(grapheme: " ", style: cell.style)
            return
        }
        cells[index] = cell
    }

    /// Changes only the style of the cells in a rectangle, keeping their text.
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                cells[y * width + x].style = transform(cells[y * width + x].style)
            }
        }
    }

    /// The text of each row, wide graphemes once, trailing blanks trimmed: what a snapshot holds.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width {
                let cell = cells[row * width + column]
                if !cell.isContinuation { line.append(cell.grapheme) }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// All rows joined by newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// Resizes to a new size, clearing every cell.
    public mutating func resize(width newWidth: Int, height newHeight: Int) {
        self = Canvas(width: newWidth, height: newHeight)
    }
}

extension Canvas {
    /// Puts the cells of `runs` (taken from a canvas of this size) in place as they are, wide
    /// graphemes' halves included: the picture of a terminal that was sent only those runs of
    /// a newer frame.
    public mutating func apply(_ runs: [CellRun]) {
        for run in runs where run.y >= 0 && run.y < height {
            for (offset, cell) in run.cells.enumerated() where run.x + offset >= 0 && run.x + offset < width {
                cells[run.y * width + run.x + offset] = cell
            }
        }
    }

    /// The run of cells `link` covers, as this canvas holds them.
    public func run(under link: Hyperlink) -> CellRun {
        let start = max(0, min(width, link.x))
        let end = max(start, min(width, link.x + link.width))
        guard link.y >= 0, link.y < height else { return CellRun(x: start, y: link.y, cells: []) }
        return CellRun(x: start, y: link.y, cells: Array(cells[(link.y * width + start)..<(link.y * width + end)]))
    }

    /// Replaces the canvas's links with `links` (those the terminal was sent).
    public mutating func replaceHyperlinks(with links: [Hyperlink]) { hyperlinks = links }
}
