import Foundation
import Testing

@testable import OnboardKit

/// Every box over a page (help, the paywall's notices, links and the test store's sheet) has a
/// blank one-cell margin, and the page behind it is dimmed to the backdrop style.
@Suite struct OverlayTests {
    enum Overlay: String, CaseIterable, CustomTestStringConvertible {
        case help, privacyLink, notice, testStoreSheet
        var testDescription: String { rawValue }
    }

    /// The built-in tour at its paywall page (or, for help, its second page) with `overlay` up.
    static func screen(_ overlay: Overlay, mode: ColorMode, width: Int = 80, height: Int = 24) throws -> (
        Canvas, Theme
    ) {
        let deck = try ColorFallbackTests.builtInDeck(accent: nil)
        let setup = PaywallSetup(
            catalog: try PaywallFixtures.listCatalog(), mode: overlay == .testStoreSheet ? .prompt : .success,
            latency: 0, clock: StoreClock(startWallDate: StoreFixtures.date(2026, 1, 1), timeRate: 1))
        var app = PaywallFixtures.app(deck, setup: setup, width: width, height: height, colorMode: mode)
        let paywallIndex = try #require(deck.pages.firstIndex { if case .paywall = $0 { true } else { false } })
        switch overlay {
        case .help:
            _ = app.update(.key(.right))
            _ = app.update(.key(.character("?")))
        case .privacyLink:
            _ = app.update(.key(.character(Character("\(paywallIndex + 1)"))))
            _ = app.update(.key(.character("p")))
        case .notice:
            _ = app.update(.key(.character(Character("\(paywallIndex + 1)"))))
            _ = PaywallFlowTests.press([.character("r")], &app)
            _ = PaywallFlowTests.run(&app, seconds: 0.1)
        case .testStoreSheet:
            _ = app.update(.key(.character(Character("\(paywallIndex + 1)"))))
            _ = app.update(.key(.enter))
        }
        TestDecks.settle(&app)
        return (TestDecks.screen(app), app.theme)
    }

    /// The box on top: the rectangle of rounded corners not dimmed as the page behind it is.
    static func box(in canvas: Canvas, theme: Theme) throws -> Rect {
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x, y].grapheme == "╭" && canvas[x, y].style != theme.backdrop {
                guard let right = (x..<canvas.width).first(where: { canvas[$0, y].grapheme == "╮" }),
                    let bottom = (y..<canvas.height).first(where: { canvas[x, $0].grapheme == "╰" })
                else { continue }
                return Rect(x: x, y: y, width: right - x + 1, height: bottom - y + 1)
            }
        }
        Issue.record("no box on screen:\n\(canvas.lines.joined(separator: "\n"))")
        throw CancellationError()
    }

    @Test(
        "a blank margin around the box and the page dimmed behind it",
        arguments: Overlay.allCases, [ColorMode.indexed256, .basic8, .monochrome])
    func marginAndBackdrop(overlay: Overlay, mode: ColorMode) throws {
        let (canvas, theme) = try Self.screen(overlay, mode: mode)
        let box = try Self.box(in: canvas, theme: theme)
        let margin = Rect(x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2)
        var touching: [String] = []
        var undimmed: [String] = []
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where !box.contains(x: x, y: y) {
                let cell = canvas[x, y]
                if margin.contains(x: x, y: y), cell.grapheme != " " { touching.append("\(x),\(y) \(cell.grapheme)") }
                if cell.grapheme != " ", !cell.isContinuation, cell.style != theme.backdrop {
                    undimmed.append("\(x),\(y) \(cell.grapheme) \(cell.style)")
                }
            }
        }
        let screen = canvas.lines.joined(separator: "\n")
        #expect(touching.isEmpty, "the page touches the box: \(touching.prefix(5))\n\(screen)")
        #expect(undimmed.isEmpty, "the page is not dimmed: \(undimmed.prefix(5))\n\(screen)")
    }

    @Test func helpOverAPageWithText() throws {
        let (canvas, _) = try Self.screen(.help, mode: .indexed256)
        assertSnapshot(framed(canvas.lines, width: 80), named: "help-over-page2-80x24")
    }

    @Test func privacyLinkOverThePaywall() throws {
        let (canvas, _) = try Self.screen(.privacyLink, mode: .indexed256)
        assertSnapshot(framed(canvas.lines, width: 80), named: "privacy-link-over-paywall-80x24")
    }
}
