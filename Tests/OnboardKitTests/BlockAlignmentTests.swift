import Foundation
import Testing

@testable import OnboardKit

/// Lists and wrapped sentences are blocks: their lines start in one column, and the block is
/// centred as a whole. Headings alone are centred line by line.
@Suite struct BlockAlignmentTests {
    /// The column where each line that contains `marker` has it.
    static func columns(of marker: Character, in canvas: Canvas) -> [Int] {
        canvas.lines.compactMap { line in
            line.firstIndex(of: marker).map { line.distance(from: line.startIndex, to: $0) }
        }
    }

    /// The first non-blank column of each row from `rows`.
    static func leftEdges(_ canvas: Canvas, rows: [Int]) -> [Int] {
        rows.map { row in canvas.lines[row].prefix { $0 == " " || $0 == "│" }.count }
    }

    @Test(arguments: [(80, 25), (60, 27), (120, 30)])
    func featureMarksShareOneColumn(width: Int, height: Int) throws {
        let canvas = PaywallViewTests.draw(try PaywallViewTests.presentation(), width: width, height: height)
        let marks = Self.columns(of: "✓", in: canvas)
        #expect(marks.count == 3)
        #expect(Set(marks).count == 1, "✓ in columns \(marks)")
    }

    @Test func statusLinesOfSeveralEntitlementsShareOneColumn() throws {
        var presentation = try PaywallViewTests.presentation()
        presentation.statusLines = ["Pro: Not purchased", "Tip jar: Active until Dec 3, 2026 (renews)"]
        let canvas = PaywallViewTests.draw(presentation, width: 80, height: 24)
        let rows = canvas.lines.indices.filter {
            canvas.lines[$0].contains("Pro: Not") || canvas.lines[$0].contains("Tip jar")
        }
        #expect(rows.count == 2)
        #expect(Set(Self.leftEdges(canvas, rows: rows)).count == 1)
    }

    @Test(arguments: [30, 44, 60])
    func aWrappedNoticeIsOneLeftAlignedBlock(width: Int) {
        var canvas = Canvas(width: width, height: 14)
        PaywallOverlay.box(
            title: " Nothing to buy ", lines: ["Your subscription is active; there is nothing more to buy."],
            footer: " any key continues ", into: &canvas, theme: Theme(colorMode: .indexed256))
        let rows = canvas.lines.indices.filter { row in
            let text = canvas.lines[row].trimmingCharacters(in: .whitespaces)
            return text.hasPrefix("│") && text.dropFirst().trimmingCharacters(in: .whitespaces).count > 1
        }
        #expect(rows.count >= 2, "\(canvas.lines)")
        #expect(Set(Self.leftEdges(canvas, rows: rows)).count == 1, "\(canvas.lines)")
    }

    @Test func theTooSmallMessageIsOneLeftAlignedBlock() {
        var canvas = Canvas(width: 24, height: 8)
        TooSmallView.draw(into: &canvas, theme: Theme(colorMode: .indexed256))
        let rows = canvas.lines.indices.filter { !canvas.lines[$0].trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(rows.count >= 2)
        #expect(Set(Self.leftEdges(canvas, rows: rows)).count == 1, "\(canvas.lines)")
    }
}
