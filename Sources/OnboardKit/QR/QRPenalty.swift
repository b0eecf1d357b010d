/// The penalty of a masked symbol (§7.8.3.1, Table 11): the lowest wins. Scored the way
/// segno, the reference encoder the tests compare with, scores it, which is the standard's
/// reading where it is ambiguous:
/// - The symbol is scored before the format and version information are drawn (§7.8: masking
///   comes first): those areas and the dark module count as light.
/// - Rule 3 (1:1:3:1:1 with four light modules on either side) counts the area outside the
///   symbol as light, so a finder-like run near an edge scores even with fewer than four
///   modules before the edge. After a pattern that scored, the search resumes after its
///   seven modules; after one that did not, at its fourth. An overlapping second pattern is
///   then missed, as in segno.
/// - Rule 4 computes the percentage in floating point as segno does, so that a proportion
///   exactly on a 5 % step rounds the same way.
enum QRPenalty {
    /// A row or column of the symbol's modules, read in place: `count` modules from `start`,
    /// `stride` apart (1 along a row, the symbol's size down a column).
    struct Line {
        let modules: [Bool]
        let start: Int
        let stride: Int
        let count: Int

        init(_ modules: [Bool], start: Int = 0, stride: Int = 1, count: Int? = nil) {
            self.modules = modules
            self.start = start
            self.stride = stride
            self.count = count ?? modules.count
        }

        subscript(index: Int) -> Bool { modules[start + index * stride] }

        /// Whether modules `from..<to`, clipped to the line, are all light.
        func isLight(from: Int, to: Int) -> Bool {
            let (lower, upper) = (max(from, 0), min(to, count))
            guard lower < upper else { return true }
            for index in lower..<upper where self[index] { return false }
            return true
        }
    }

    static func score(_ grid: QRModuleGrid) -> Int {
        let size = grid.size
        var total = 0
        for index in 0..<size {
            let row = Line(grid.dark, start: index * size, stride: 1, count: size)
            let column = Line(grid.dark, start: index, stride: size, count: size)
            total += runs(row) + runs(column) + finderLikePatterns(row) + finderLikePatterns(column)
        }
        return total + blocks(grid.dark, size: size) + proportion(grid.dark)
    }

    /// Rule 1: 3 + (n - 5) for each run of n ≥ 5 modules of one colour in a row or column.
    static func runs(_ line: Line) -> Int {
        var score = 0
        var runLength = 1
        for index in 1...line.count {
            if index < line.count && line[index] == line[index - 1] {
                runLength += 1
                continue
            }
            if runLength >= 5 { score += runLength - 2 }
            runLength = 1
        }
        return score
    }

    /// Rule 2: 3 for each 2×2 block of one colour (overlapping blocks count separately).
    static func blocks(_ modules: [Bool], size: Int) -> Int {
        var score = 0
        for row in 1..<size {
            for column in 1..<size {
                let here = row * size + column
                let colour = modules[here]
                if modules[here - 1] == colour && modules[here - size] == colour && modules[here - size - 1] == colour {
                    score += 3
                }
            }
        }
        return score
    }

    /// Dark, light, three dark, light, dark.
    private static let finderLike: [Bool] = [true, false, true, true, true, false, true]

    /// Rule 3: 40 for each dark-light-dark×3-light-dark pattern with four light modules (or
    /// the symbol's edge) before or after it.
    static func finderLikePatterns(_ line: Line) -> Int {
        var score = 0
        var match = 0
        while match + 7 <= line.count {
            guard isFinderLike(line, at: match) else {
                match += 1
                continue
            }
            if line.isLight(from: match - 4, to: match) || line.isLight(from: match + 7, to: match + 11) {
                score += 40
                match += 7
            } else {
                match += 4
            }
        }
        return score
    }

    private static func isFinderLike(_ line: Line, at offset: Int) -> Bool {
        for index in 0..<7 where line[offset + index] != finderLike[index] { return false }
        return true
    }

    /// Rule 4: 10 for each full 5 % the dark modules' share is away from 50 %.
    static func proportion(_ modules: [Bool]) -> Int {
        var dark = 0
        for module in modules where module { dark += 1 }
        let percent = Double(dark) / Double(modules.count)
        return 10 * Int(abs(percent * 100 - 50) / 5)
    }
}
