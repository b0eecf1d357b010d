import Foundation
import Testing

@testable import OnboardKit

/// The paywall's boxes stack in one order (`PaywallController.openBoxes`), which drawing and
/// keys both read: the box that takes a key is always the one drawn on top, whichever boxes are
/// open together.
@Suite struct PaywallBoxStackingTests {
    static let page = PaywallPage(offeringID: "default")

    /// A paywall with `boxes` open (the test store's sheet by a purchase under `--simulate
    /// prompt`, the paywall's own boxes bottom first, as `PaywallBox.Kind` lists them).
    static func paywall(with boxes: Set<PaywallBox.Kind>) throws -> PaywallController {
        var paywall = PaywallController(
            setup: PaywallSetup(
                catalog: try PaywallFixtures.defaultCatalog(), mode: .prompt, latency: 0,
                clock: StoreClock(startWallDate: StoreFixtures.date(2026, 1, 1))),
            seed: 1)
        if boxes.contains(.testStoreSheet) { _ = paywall.perform(.buy, on: Self.page) }
        for kind in PaywallBox.Kind.allCases where boxes.contains(kind) && kind != .testStoreSheet {
            paywall.open(try PaywallTopBoxTests.box(kind, of: paywall))
        }
        return paywall
    }

    static func drawn(_ paywall: PaywallController) -> Canvas {
        var canvas = Canvas(width: 100, height: 40)
        PaywallOverlay.draw(paywall, into: &canvas, theme: Theme(colorMode: .indexed256))
        return canvas
    }

    /// Every combination of boxes: 128 of them.
    static let combinations: [Set<PaywallBox.Kind>] = (1..<(1 << PaywallBox.Kind.allCases.count)).map { mask in
        Set(PaywallBox.Kind.allCases.filter { mask & (1 << $0.rawValue) != 0 })
    }

    @Test func theBoxThatTakesTheKeysIsTheOneDrawnOnTop() throws {
        for boxes in Self.combinations {
            let paywall = try Self.paywall(with: boxes)
            let order = PaywallBox.Kind.allCases.filter(boxes.contains)
            #expect(paywall.openBoxes.map(\.kind) == order)
            let top = try #require(paywall.top)
            #expect(top.kind == order.last)
            #expect(paywall.keyContext == top.keyContext, "\(order)")
            // Drawn alone, the top box's every mark is still there when all are drawn.
            let alone = Self.drawn(try Self.paywall(with: [top.kind]))
            let all = Self.drawn(paywall)
            var covered: [String] = []
            for y in 0..<alone.height {
                for x in 0..<alone.width where alone[x, y] != all[x, y] && alone[x, y].grapheme != " " {
                    covered.append("(\(x), \(y))")
                }
            }
            #expect(covered.isEmpty, "\(top.kind) is under another box of \(order) at \(covered.prefix(5))")
        }
    }

    /// Escape closes the box on top and no other, whatever lies under it.
    @Test func escapeClosesTheBoxOnTop() throws {
        for boxes in Self.combinations {
            var paywall = try Self.paywall(with: boxes)
            paywall.framePresented()
            let order = paywall.openBoxes
            _ = paywall.dismissBox(on: Self.page)
            #expect(paywall.openBoxes == Array(order.dropLast()), "\(order.map(\.kind))")
        }
    }

    /// The ledger is found damaged while the test store's sheet asks how the purchase ends:
    /// the notice comes over the sheet, the first key closes it, the next one answers the sheet.
    @Test func aNoticeOverTheTestStoresSheetIsSeenAndTakesTheFirstKey() throws {
        var app = try PaywallFixtures.flowApp(mode: .prompt, latency: 0)
        _ = PaywallFlowTests.press([.enter], &app)
        #expect(app.paywall?.keyContext == .testStoreSheet)
        _ = app.update(.storageProblem(StorageBoxKeyTests.problem))
        let screen = TestDecks.screen(app).text
        #expect(screen.contains("Purchase records could not be read"), "the notice is not drawn:\n\(screen)")
        #expect(app.paywall?.keyContext == .notice)
        let first = PaywallFlowTests.press([.character("1")], &app)
        #expect(first.isEmpty, "the key that closed the notice bought: \(first)")
        #expect(app.paywall?.store.notice == nil)
        #expect(TestDecks.screen(app).text.contains("Test Store"), "the sheet is gone:\n\(TestDecks.screen(app).text)")
        let second = PaywallFlowTests.press([.character("1")], &app)
        #expect(second.count == 1, "the sheet's 1 did not buy")
    }
}
