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
}
