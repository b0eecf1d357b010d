import Foundation
import Testing

@testable import OnboardKit

/// A right-to-left paywall, with Arabic words from a table in place of a catalog: the key line's
/// parts are clickable where they are drawn, rows put the name on the right, and a price keeps
/// its order inside a sentence.
@Suite struct RightToLeftPaywallTests {
    struct ArabicWords: MessageLookup {
        static let words = [
            "restore": "استعادة", "privacy": "الخصوصية", "terms": "الشروط", "not now": "ليس الآن", "choose": "اختيار",
            "buy": "شراء", "{{ price }}/{{ period }}": "{{ price }}/{{ period }}", "yr": "سنة", "mo": "شهر",
        ]
        func translation(of english: String) -> String { Self.words[english] ?? english }
        func translation(of english: String, plural: String, count: Int) -> String { count == 1 ? english : plural }
    }

    static let arabic = Messages(language: "ar", lookup: ArabicWords())

    static func drawn(width: Int, height: Int) throws -> (Canvas, PaywallView) {
        try Messages.$current.withValue(arabic) {
            let view = PaywallView(
                presentation: try PaywallViewTests.presentation(), theme: Theme(colorMode: .indexed256),
                layoutDirection: .rightToLeft)
            var canvas = Canvas(width: width, height: height)
            view.draw(into: &canvas, in: canvas.bounds, clip: canvas.bounds)
            return (canvas, view)
        }
    }

    @Test func eachKeyOfTheKeyLineIsClickableWhereItsWordIsDrawn() throws {
        let (canvas, view) = try Self.drawn(width: 80, height: 30)
        let placement = Messages.$current.withValue(Self.arabic) {
            view.placement(in: canvas.bounds, clip: canvas.bounds)
        }
        for (target, key) in [
            (PaywallView.Target.restore, "r"), (.privacyPolicy, "p"), (.termsOfUse, "t"), (.notNow, "n"),
        ] {
            let region = try #require(placement.regions.first { $0.target == target }, "\(target)")
            let row = Array(canvas.lines[region.rect.y])
            let covered = String(row[region.rect.x..<(region.rect.x + region.rect.width)])
            #expect(covered.contains(key), "\(target): the region covers \"\(covered)\"")
        }
    }

    @Test func rowsPutTheNameOnTheRight() throws {
        let (canvas, _) = try Self.drawn(width: 80, height: 30)
        let row = try #require(canvas.lines.first { $0.contains("Pro Annual") && $0.contains("39.99") })
        let name = try #require(row.range(of: "Pro Annual"))
        let price = try #require(row.range(of: "$39.99"))
        #expect(price.upperBound <= name.lowerBound, "\(row)")
        #expect(row.trimmingCharacters(in: .whitespaces).hasSuffix("●"), "the selection mark starts the row: \(row)")
    }
    /// The highlight of the chosen row and the rows' click areas are the list's columns, the
    /// same whichever way the row's text runs.
    @Test(arguments: [0, 1, 2])
    func theChosenRowsHighlightCoversTheListAndNoMore(selected: Int) throws {
        let theme = Theme(colorMode: .indexed256)
        var placements: [[Rect]] = []
        var highlights: [Range<Int>] = []
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            try Messages.$current.withValue(direction == .rightToLeft ? Self.arabic : .english) {
                let view = PaywallView(
                    presentation: try PaywallViewTests.presentation(selected: selected), theme: theme,
                    layoutDirection: direction)
                var canvas = Canvas(width: 100, height: 30)
                view.draw(into: &canvas, in: canvas.bounds, clip: canvas.bounds)
                let placement = view.placement(in: canvas.bounds, clip: canvas.bounds)
                let rows = placement.regions.filter { $0.target == .package(selected) }.map(\.rect)
                let row = try #require(rows.first)
                let lit = (0..<canvas.width).filter { canvas[$0, row.y].style == theme.primaryButton }
                let first = try #require(lit.first), last = try #require(lit.last)
                #expect(lit.count == last - first + 1, "the highlight is one run")
                highlights.append(first..<(last + 1))
                placements.append(rows)
                let list =
                    view.listLeft(
                        in: canvas.bounds)..<(view.listLeft(in: canvas.bounds) + view.listWidth(in: canvas.bounds))
                #expect(first..<(last + 1) == list, "\(direction): the highlight is columns \(first)...\(last)")
            }
        }
        #expect(highlights[0] == highlights[1])
        #expect(placements[0] == placements[1], "a click on a row lands in the same columns either way")
    }

    /// A name that ends in an Arabic letter beside a price: the price reads as formatted, the
    /// lifetime one ("$99.99") as much as the subscriptions' ("$4.99/mo").
    @Test func everyPriceBesideAnArabicNameReadsAsFormatted() throws {
        var presentation = try PaywallViewTests.presentation()
        let names = ["برو السنوي", "برو الشهري", "برو مدى الحياة"]
        for index in presentation.rows.indices { presentation.rows[index].name = names[index] }
        let canvas = try Messages.$current.withValue(Self.arabic) {
            var canvas = Canvas(width: 80, height: 30)
            PaywallView(presentation: presentation, theme: Theme(colorMode: .indexed256), layoutDirection: .rightToLeft)
                .draw(into: &canvas, in: canvas.bounds, clip: canvas.bounds)
            return canvas
        }
        let lifetime = try #require(canvas.lines.first { $0.contains("99.99") }, "\(canvas.text)")
        #expect(lifetime.contains("$99.99") && !lifetime.contains("99.99$"), "\(lifetime)")
        let monthly = try #require(canvas.lines.first { $0.contains("4.99") }, "\(canvas.text)")
        #expect(monthly.contains("$4.99/mo"), "\(monthly)")
    }
}
