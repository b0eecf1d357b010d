/// A run of neighbouring cells on one row that changed since the last frame.
public struct CellRun: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var cells: [Cell]

    public init(x: Int, y: Int, cells: [Cell]) {
        self.x = x
        self.y = y
        self.cells = cells
    }
}

extension Canvas {
    /// The runs of cells that differ from `previous`. A canvas of another size differs
    /// everywhere. A changed half of a wide grapheme brings its lead cell along, so the
    /// terminal always receives whole graphemes.
    public func changes(from previous: Canvas?) -> [CellRun] {
        guard let previous, previous.width == width, previous.height == height else {
            return (0..<height).map { row in
                CellRun(x: 0, y: row, cells: Array(cells[(row * width)..<((row + 1) * width)]))
            }
        }
        return previous.cells.withUnsafeBufferPointer { old in
            cells.withUnsafeBufferPointer { new in runs(of: new, where: { new[$0] != old[$0] }) }
        }
    }

    /// The runs of cells that are not blank: what a frame must write over a blank screen. The
    /// same runs as `changes(from:)` against a blank canvas, without making one.
    public func changesFromBlank() -> [CellRun] {
        let blank = Cell.blank
        return cells.withUnsafeBufferPointer { new in runs(of: new, where: { new[$0] != blank }) }
    }

    /// The runs of `cells` (this canvas's) for which `differs(index)` holds, wide graphemes
    /// kept whole. Inlined into each caller so that the comparison is too: a frame compares
    /// every cell, and a call per cell was a tenth of a start's instructions.
    @inline(__always)
    private func runs(of cells: UnsafeBufferPointer<Cell>, where differs: (Int) -> Bool) -> [CellRun] {
        var runs: [CellRun] = []
        for row in 0..<height {
            var column = 0
            let base = row * width
            while column < width {
                if !differs(base + column) {
                    column += 1
                    continue
                }
                var start = column
                if cells[base + start].isContinuation && start > 0 { start -= 1 }
                var end = column
                while end < width && differs(base + end) { end += 1 }
                // Keep a wide grapheme's right half with it.
                if end < width && cells[base + end].isContinuation { end += 1 }
                if let last = runs.last, last.y == row, last.x + last.cells.count >= start {
                    let merged = Array(cells[(base + last.x)..<(base + end)])
                    runs[runs.count - 1] = CellRun(x: last.x, y: row, cells: merged)
                } else {
                    runs.append(CellRun(x: start, y: row, cells: Array(cells[(base + start)..<(base + end)])))
                }
                column = end
            }
        }
        return runs
    }
}
