import Testing

@testable import OnboardKit

/// Right-to-left text and a mirrored layout, drawn by the core into a canvas: Hebrew and
/// Arabic in visual order, their paragraphs aligned right, the dots and Back and Next mirrored
/// under a right-to-left language, and the arrows turning pages the way they lie.
@Suite struct RightToLeftRenderingTests {
    static let hebrewDeck = Deck(
        app: AppInfo(id: "com.example.rtl", name: "Thai Drive", version: "1.0.0"),
        labels: ButtonLabels(next: "הבא", back: "הקודם", skip: "דלג", done: "בואו נתחיל"),
        pages: [
            .step(
                StepPage(
                    art: [], heading: "ברוכים הבאים ל-Thai Drive 1.5",
                    text:
                        "המנוי עולה 9.99 $ לחודש, וניתן לבטל בכל עת (בהגדרות).\nEnglish stays left.\n• פריט ראשון ברשימה"
                )),
            .step(StepPage(art: [], heading: "مَرْحَبًا بكم", text: "اشترك مقابل 9.99 US$ شهريا")),
            .step(StepPage(art: [], heading: "Last", text: "done")),
        ])

    static func app(direction: LayoutDirection, width: Int = 60, height: Int = 14) -> OnboardingApp {
        OnboardingApp(
            deck: hebrewDeck, colorMode: .indexed256, width: width, height: height,
            settings: AppSettings(layoutDirection: direction))
    }

    @Test(arguments: [LayoutDirection.rightToLeft, .leftToRight])
    func pagesMatchTheirSnapshots(direction: LayoutDirection) {
        var app = Self.app(direction: direction)
        let name = direction == .rightToLeft ? "rtl" : "ltr-layout"
        for page in 0..<2 {
            TestDecks.settle(&app)
            assertSnapshot(framed(TestDecks.screen(app).lines, width: 60), named: "\(name)-page\(page + 1)-60x14")
            _ = app.update(.key(direction == .rightToLeft ? .left : .right))
        }
        TestDecks.settle(&app)
        #expect(app.carousel.currentIndex == 2)
    }

    /// The body's right-to-left paragraphs end at the block's right edge; the English one
    /// starts at its left edge.
    @Test func rightToLeftParagraphsAlignRight() throws {
        let lines = TestDecks.screen(Self.app(direction: .leftToRight)).lines
        let hebrew = try #require(lines.first { $0.contains("תע לכב") })
        let english = try #require(lines.first { $0.contains("English stays left.") })
        let item = try #require(lines.first { $0.contains("ןושאר טירפ") })
        #expect(DisplayWidth.of(hebrew) == DisplayWidth.of(item), "both end at the block's right edge")
        #expect(item.hasSuffix("•"), "the bullet goes to the right: \(item)")
        #expect(english.prefix { $0 == " " }.count < item.prefix { $0 == " " }.count)
    }

    @Test func theDotsAndButtonsMirror() {
        var app = Self.app(direction: .rightToLeft)
        _ = app.update(.key(.left))
        TestDecks.settle(&app)
        let lines = TestDecks.screen(app).lines
        #expect(lines[12].contains("○ ● ○"))
        // Visual order: the labels read right to left, each arrow on its button's outer side.
        #expect(lines[13].hasPrefix("  < אבה"))
        #expect(lines[13].hasSuffix("םדוקה >"))
        #expect(lines[0].hasPrefix("  גלד"), "Skip moves to the left: \(lines[0])")
        #expect(lines[0].hasSuffix("Thai Drive"))
        let layout = app.layout
        #expect(layout.dotColumns == layout.dotColumns.sorted(by: >), "page 1's dot is the rightmost")
        for (page, column) in layout.dotColumns.enumerated() {
            #expect(layout.page(atDotColumn: column) == page)
        }
    }

    @Test func rightGoesBackUnderRightToLeft() {
        var app = Self.app(direction: .rightToLeft)
        _ = app.update(.key(.left))
        _ = app.update(.key(.character("h")))
        #expect(app.carousel.currentIndex == 2)
        _ = app.update(.key(.right))
        #expect(app.carousel.currentIndex == 1)
        _ = app.update(.key(.character("l")))
        #expect(app.carousel.currentIndex == 0)
    }

    /// The help names the keys as they work: Left for the next page.
    @Test func theHelpListsTheMirroredArrows() {
        let map = KeyBindings.carousel.mirroredHorizontally
        #expect(map.action(for: .left) == .nextPage)
        #expect(map.action(for: .right) == .previousPage)
        #expect(map.keyNames(for: .nextPage).first == Key.left.displayName)
        #expect(map.action(for: .backspace) == .previousPage)
    }

    @Test(arguments: [
        ("ar", LayoutDirection.rightToLeft), ("he-IL", .rightToLeft), ("fa_IR", .rightToLeft), ("ur", .rightToLeft),
        ("yi", .rightToLeft), ("ps", .rightToLeft), ("sd", .rightToLeft), ("ug", .rightToLeft), ("dv", .rightToLeft),
        ("ckb", .rightToLeft), ("iw", .rightToLeft), ("ku-Arab", .rightToLeft), ("ug-Latn", .leftToRight),
        ("en", .leftToRight), ("de-DE", .leftToRight), ("arn", .leftToRight), ("", .leftToRight),
        ("zh-Hans", .leftToRight),
    ])
    func aLanguageTagGivesItsLayoutDirection(tag: String, direction: LayoutDirection) {
        #expect(LayoutDirection(languageTag: tag) == direction)
    }
}
