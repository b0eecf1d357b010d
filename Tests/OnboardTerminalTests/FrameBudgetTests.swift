import OnboardKit
import Testing

@testable import OnboardTerminal

/// Behind a slow terminal a frame carries at most its budget of animation, the rest held for
/// the next frames in turn, and a key's own cells whatever they cost.
@Suite struct FrameBudgetTests {
    /// One run of `text` at the start of each of `rows`.
    static func runs(_ text: String, rows: some Sequence<Int>) -> [CellRun] {
        rows.map { row in CellRun(x: 0, y: row, cells: text.map { Cell(grapheme: $0, style: .plain) }) }
    }

    @Test func aFrameWithinItsBudgetGoesOutWhole() {
        var budget = FrameBudget(bytes: 10_000)
        let pending = Self.runs("confetti", rows: 0..<10)
        #expect(budget.select(pending, height: 24, trueColor: false) == pending)
    }

    @Test func aFrameOverItsBudgetSendsWhatFitsAndTheNextFrameGoesOnFromThere() {
        let pending = Self.runs("confetti", rows: 0..<10)
        let each = FrameBudget.estimatedBytes(of: pending[0], trueColor: false)
        var budget = FrameBudget(bytes: each * 3)
        let first = budget.select(pending, height: 24, trueColor: false)
        #expect(first.map(\.y) == [0, 1, 2])
        // The rows sent are no longer pending; the next frame starts after them.
        let second = budget.select(Array(pending.dropFirst(3)), height: 24, trueColor: false)
        #expect(second.map(\.y) == [3, 4, 5])
        // Wrapping round: rows before the start come last (and go out in row order).
        let third = budget.select(pending, height: 24, trueColor: false)
        #expect(third.map(\.y) == [6, 7, 8])
        let fourth = budget.select(pending, height: 24, trueColor: false)
        #expect(fourth.map(\.y) == [0, 1, 9])
        let fifth = budget.select(pending, height: 24, trueColor: false)
        #expect(fifth.map(\.y) == [2, 3, 4])
    }

    @Test func aBudgetSmallerThanAnyRunStillSendsOne() {
        var budget = FrameBudget(bytes: 1)
        let pending = Self.runs("a long run of confetti", rows: [4, 9])
        #expect(budget.select(pending, height: 24, trueColor: false).map(\.y) == [4])
        #expect(budget.select(pending, height: 24, trueColor: false).map(\.y) == [9])
    }

    @Test func theKeysOwnCellsGoWhateverTheyCostAndOnlyTheyIfTheBudgetIsSpent() {
        var budget = FrameBudget(bytes: 20)
        // Rows 0-9 pending; the key changed columns 0-4 of rows 5 and 6 (and one cell it
        // shares a run with on row 7), confetti the rest.
        let pending = Self.runs("0123456789", rows: 0..<10)
        let keyRuns =
            Self.runs("title", rows: [5, 6]) + [CellRun(x: 9, y: 7, cells: [Cell(grapheme: "x", style: .plain)])]
        let chosen = budget.select(pending, keyRuns: keyRuns, height: 24, trueColor: false)
        #expect(chosen.map(\.y) == [5, 6, 7])
    }

    @Test func aTwentyFourBitStyleCostsMoreThanAPaletteOne() {
        let palette = CellRun(x: 0, y: 0, cells: [Cell(grapheme: "▀", style: Style(foreground: .indexed(200)))])
        let deep = CellRun(x: 0, y: 0, cells: [Cell(grapheme: "▀", style: Style(foreground: .rgb(200, 10, 10)))])
        #expect(
            FrameBudget.estimatedBytes(of: deep, trueColor: true)
                > FrameBudget.estimatedBytes(of: palette, trueColor: true))
        #expect(
            FrameBudget.estimatedBytes(of: deep, trueColor: false)
                == FrameBudget.estimatedBytes(of: palette, trueColor: false))
        // 8 for the move, 14 for the style, 3 for the block's UTF-8.
        #expect(FrameBudget.estimatedBytes(of: palette, trueColor: false) == 25)
    }
}
