import Foundation
import Testing

@testable import OnboardKit

/// For each box the paywall opens, and each kind of notice arriving over it: the box drawn on
/// top of the screen is the one the next key and the next click go to, and no other.
@Suite struct PaywallTopBoxTests {
    /// What is open on the paywall page before a notice comes.
    enum Opened: String, CaseIterable, Sendable {
        case transactionManager, refundOverTransactionManager, checkoutSheet, offerCode, confirmation, link
        case testStoreSheet, notice
    }

    /// How a notice arrives: from the shell (a storage problem, at any time) or from the store.
    enum Arrival: String, CaseIterable, Sendable {
        case none, storageProblem, refusal, retryableFailure, purchase, lifecycleChange

        var notice: StoreSimulator.Notice? {
            switch self {
            case .none, .storageProblem: nil
            case .refusal: .refused(message: "Refused notice")
            case .retryableFailure: .failed(reason: "Failed notice")
            case .purchase: .purchased(productName: "Purchased notice")
            case .lifecycleChange: .changed(title: "Changed", message: "Changed notice")
            }
        }
    }

    /// A box of `kind` as the paywall would carry it.
    static func box(_ kind: PaywallBox.Kind, of paywall: PaywallController) throws -> PaywallBox {
        let package = try #require(paywall.catalog.currentOffering?.packages.first)
        switch kind {
        case .transactionManager: return .transactionManager(TransactionManagerBox(selected: 0))
        case .checkoutSheet:
            return .checkoutSheet(
                CheckoutSheet(
                    productTitle: "Checkout box", productID: "p", url: "https://example.com/buy", reference: "R"))
        case .offerCode: return .offerCode(OfferCodeEntry())
        case .confirmation:
            return .confirmation(
                PaywallConfirmation(
                    title: "Confirmation box", message: "Buy it anyway?", confirmLabel: "Buy",
                    action: .purchase(package)))
        case .link: return .link(.privacyPolicy)
        case .testStoreSheet: return .testStoreSheet(package)
        case .notice: return .notice(.refused(message: "The first notice"))
        }
    }

    /// The app on its paywall page with `opened` up, the screen having shown it.
    static func app(with opened: Opened) throws -> OnboardingApp {
        var app = try PaywallFixtures.flowApp(mode: .prompt, latency: 0)
        let paywall = try #require(app.paywall)
        switch opened {
        case .transactionManager: app.paywall?.open(try box(.transactionManager, of: paywall))
        case .refundOverTransactionManager:
            app.paywall?.open(try box(.transactionManager, of: paywall))
            app.paywall?.open(try box(.confirmation, of: paywall))
        case .checkoutSheet: app.paywall?.open(try box(.checkoutSheet, of: paywall))
        case .offerCode: app.paywall?.open(try box(.offerCode, of: paywall))
        case .confirmation: app.paywall?.open(try box(.confirmation, of: paywall))
        case .link: app.paywall?.open(try box(.link, of: paywall))
        case .testStoreSheet: _ = PaywallFlowTests.press([.enter], &app)
        case .notice: app.paywall?.open(try box(.notice, of: paywall))
        }
        _ = app.update(.presented)
        return app
    }

    /// The open boxes whose every cell (border, words and the blanks between), drawn alone, is
    /// on the app's screen: the box drawn on top. A box under it has some cells covered, as
    /// they all sit in the middle.
    static func boxesDrawnWhole(_ app: OnboardingApp) throws -> [PaywallBox] {
        let paywall = try #require(app.paywall)
        let screen = TestDecks.screen(app)
        let untouched = Cell(grapheme: "░")
        return paywall.openBoxes.filter { box in
            var alone = Canvas(width: screen.width, height: screen.height, fill: untouched)
            PaywallOverlay.draw(box, of: paywall, into: &alone, theme: app.theme)
            for y in 0..<alone.height {
                for x in 0..<alone.width
                where alone[x, y].grapheme != untouched.grapheme && alone[x, y].grapheme != screen[x, y].grapheme {
                    return false
                }
            }
            return true
        }
    }

    @Test(arguments: Opened.allCases, Arrival.allCases)
    func theBoxDrawnOnTopTakesTheNextKeyAndClick(opened: Opened, arrival: Arrival) throws {
        var app = try Self.app(with: opened)
        switch arrival {
        case .none: break
        case .storageProblem: _ = app.update(.storageProblem(StorageBoxKeyTests.problem))
        case .refusal, .retryableFailure, .purchase, .lifecycleChange:
            app.paywall?.open(.notice(try #require(arrival.notice)))
        }
        _ = app.update(.presented)
        let before = try #require(app.paywall?.openBoxes)
        let drawnWhole = try Self.boxesDrawnWhole(app)
        try #require(drawnWhole.count == 1, "\(opened), \(arrival): drawn whole: \(drawnWhole.map(\.kind))")
        let drawnOnTop = drawnWhole[0]
        if arrival != .none { #expect(drawnOnTop.kind == .notice, "a notice came under \(opened)") }
        #expect(app.focus == .paywall(drawnOnTop.keyContext))

        // The next key (Escape) closes the box drawn on top, and leaves every other open.
        var keyed = app
        _ = keyed.update(.key(.escape))
        #expect(
            keyed.paywall?.openBoxes == before.filter { $0 != drawnOnTop },
            "\(opened), \(arrival): Escape closed another box than the \(drawnOnTop.kind) on top")

        // So does the next click, beside every box.
        var clicked = app
        _ = clicked.update(.mouse(MouseEvent(.click, x: 0, y: 0)))
        #expect(
            clicked.paywall?.openBoxes == before.filter { $0 != drawnOnTop },
            "\(opened), \(arrival): a click closed another box than the \(drawnOnTop.kind) on top")
    }
}
