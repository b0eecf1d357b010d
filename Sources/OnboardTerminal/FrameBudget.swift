import OnboardKit

/// Chooses which of a frame's changed cells go out now when the terminal reads more slowly than
/// frames are made: at most `bytes` (estimated) of them, so that what is on its way when a key
/// comes is read within a few hundredths of a second. The cells left out stay changed for the
/// next frame, which starts where this one stopped, so every row gets its turn.
///
/// A key's own cells (those it changed in the canvas) are never held back: the key's answer is
/// the one thing that must not wait. Only what animation changed is.
struct FrameBudget {
    /// Estimated bytes a frame may take.
    var bytes: Int
    /// The row the next held-back frame starts at.
    private(set) var nextRow = 0

    init(bytes: Int) { self.bytes = bytes }

    /// The runs of `pending` to write now: every run that meets one of `keyRuns`, then the
    /// others in row order from `nextRow` while the estimate stays within `bytes` (always one
    /// at least, so a frame makes progress).
    mutating func select(
        _ pending: [CellRun], keyRuns: [CellRun] = [], height: Int, trueColor: Bool
    ) -> [CellRun] {
        guard !pending.isEmpty else { return [] }
        let costs = pending.map { Self.estimatedBytes(of: $0, trueColor: trueColor) }
        guard costs.reduce(0, +) > bytes else { return pending }
        var chosen = [Bool](repeating: false, count: pending.count)
        var spent = 0
        if !keyRuns.isEmpty {
            var keyColumns: [Int: [Range<Int>]] = [:]
            for run in keyRuns { keyColumns[run.y, default: []].append(run.x..<(run.x + run.cells.count)) }
            for (index, run) in pending.enumerated() {
                let columns = run.x..<(run.x + run.cells.count)
                if keyColumns[run.y]?.contains(where: { $0.overlaps(columns) }) == true {
                    chosen[index] = true
                    spent += costs[index]
                }
            }
        }
        // The rest in row order, starting at `nextRow` and wrapping round.
        let rows = max(1, height)
        let order = pending.indices.sorted { first, second in
            let a = (pending[first].y - nextRow + rows) % rows
            let b = (pending[second].y - nextRow + rows) % rows
            return a != b ? a < b : pending[first].x < pending[second].x
        }
        var lastRow: Int?
        for index in order where !chosen[index] {
            guard spent + costs[index] <= bytes || (spent == 0 && lastRow == nil) else { break }
            chosen[index] = true
            spent += costs[index]
            lastRow = pending[index].y
        }
        if let lastRow { nextRow = (lastRow + 1) % rows }
        return pending.indices.filter { chosen[$0] }.map { pending[$0] }
    }

    /// What a run costs on the wire, roughly: a cursor move, a change of attributes at each
    /// change of style (a 24-bit one twice as long), and the text. The rate a frame budget
    /// comes from is measured in the same estimate, so its errors cancel out.
    static func estimatedBytes(of run: CellRun, trueColor: Bool) -> Int {
        var bytes = 8
        var lastStyle: Style?
        for cell in run.cells where !cell.isContinuation {
            if cell.style != lastStyle {
                bytes += trueColor && TrueColorWriter.needsTrueColor(cell) ? 36 : 14
                lastStyle = cell.style
            }
            for index in 0..<cell.scalarCount {
                let scalar = cell.scalar(at: index)
                bytes += scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
            }
        }
        return bytes
    }
}
