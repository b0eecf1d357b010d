import Foundation
import Testing

@testable import OnboardKit

/// What the app keeps between keys (each paywall page's formatted prices and copy, the status
/// lines, the list's window, each text page's scroll limit) is always what working it out
/// afresh gives, whatever happened before: thousands of random keys, ticks, clock jumps,
/// ledger changes and resizes, checked after every message.
@Suite struct PaywallPresentationCacheTests {
    static let start = StoreFixtures.date(2026, 1, 1)
    static let longText = (1...40).map { "Line \($0) of a page whose text does not fit." }.joined(separator: "\n")

    static func app() throws -> OnboardingApp {
        let catalog = try PaywallFixtures.listCatalog()
        let deck = PaywallFixtures.deck([
            .step(StepPage(heading: "Long", text: longText)),
            .paywall(PaywallPage(offeringID: "default")),
            .paywall(PaywallPage(offeringID: "default", title: "Only {{ price }} for {{ product_name }}")),
            .paywall(PaywallPage(offeringID: "tip_jar", features: ["One", "Two"])),
            .step(StepPage(heading: "After", text: "Short")),
        ])
        let setup = PaywallSetup(
            catalog: catalog, ledger: Ledger(), latency: 0.2,
            clock: StoreClock(startWallDate: start, timeRate: 86_400))
        return PaywallFixtures.app(deck, setup: setup)
    }

    /// Ledgers the shell might report: nothing, a subscription, a lifetime purchase, a request
    /// waiting for approval.
    static let ledgers: [Ledger] = [
        Ledger(),
        Ledger([
            LedgerTransaction(
                id: "m", productID: "tui_onboard_pro_monthly", purchaseDate: start,
                expiresDate: StoreFixtures.date(2026, 2, 1), willRenew: true)
        ]),
        Ledger([LedgerTransaction(id: "l", productID: "tui_onboard_pro_lifetime", purchaseDate: start)]),
        Ledger([
            LedgerTransaction(id: "p", productID: "tui_onboard_tip", purchaseDate: start, state: .pending)
        ]),
    ]

    static let keys: [Key] = [.down, .up, .down, .left, .right, .character("x"), .enter, .character("a"), .home]

    static func randomMessage(_ random: inout SeededGenerator, wall: inout Date) -> Message {
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<11: return .key(keys.randomElement(using: &random)!)
        case 11..<14: return .tick(seconds: 1.0 / 60)
        case 14..<16:
            wall.addTimeInterval(Double.random(in: 0..<40, using: &random))
            return .clock(wall)
        case 16: return .ledgerChanged(ledgers.randomElement(using: &random)!)
        case 17: return .presented
        default:
            return .resize(
                width: Int.random(in: 30...120, using: &random), height: Int.random(in: 8...40, using: &random))
        }
    }

    @Test(arguments: [1, 2, 3, 42] as [UInt64])
    func whatIsKeptEqualsWhatIsWorkedOutAfresh(seed: UInt64) throws {
        var app = try Self.app()
        var random = SeededGenerator(seed: seed)
        var wall = Self.start
        _ = app.update(.resize(width: 80, height: 24))
        var paywallChecks = 0
        for step in 0..<3_000 {
            let message = Self.randomMessage(&random, wall: &wall)
            for case .record(let transaction) in app.update(message) {
                var ledger = app.paywall?.ledger ?? Ledger()
                ledger.append(transaction)
                _ = app.update(.recordFinished(transactionID: transaction.id, result: .saved(ledger)))
            }
            #expect(app.scrollLimit == app.freshScrollLimit, "step \(step): \(message)")
            guard let page = app.currentPaywallPage, let paywall = app.paywall else { continue }
            let kept = try #require(paywall.presentation(for: page))
            let fresh = try #require(paywall.freshPresentation(for: page))
            #expect(kept == fresh, "step \(step): \(message)")
            // After a key, the list is where a whole layout of the paywall would put it.
            if case .key = message, !app.layout.isTooSmall {
                let content = app.layout.content
                let placement = PaywallView(presentation: fresh, theme: app.theme).placement(in: content, clip: content)
                #expect(placement.listTop == fresh.listTop, "step \(step): \(message)")
                paywallChecks += 1
            }
        }
        #expect(paywallChecks > 100)
    }

    /// A designed paywall's texts are worked out for every tab and side of the switch before it
    /// shows: changing them formats nothing, and what is kept is what would be worked out.
    @Test func everyTabAndSideIsKeptBeforeThePaywallShows() throws {
        let deck = PaywallFixtures.deck([.paywall(PaywallPage(offeringID: "default"))])
        let setup = PaywallSetup(
            catalog: try PaywallFixtures.defaultCatalog(), ledger: Ledger(),
            clock: StoreClock(startWallDate: Self.start))
        var app = PaywallFixtures.app(deck, setup: setup)
        _ = app.update(.resize(width: 80, height: 24))
        let kept = try #require(app.paywall?.offeringTexts.count)
        for key in [Key.tab, .character("b"), .tab, .character("b"), .backTab] {
            _ = app.update(.key(key))
            let page = try #require(app.currentPaywallPage)
            let paywall = try #require(app.paywall)
            let designed = try #require(paywall.designed(for: page))
            let view = PaywallController.viewKey(designed.visible)
            #expect(paywall.offeringTexts[OfferingTextKey(page: page, view: view)] != nil, "\(key): \(view)")
            #expect(paywall.presentation(for: page) == paywall.freshPresentation(for: page), "\(key)")
        }
        #expect(app.paywall?.offeringTexts.count == kept)
        #expect(kept >= 3, "Pro monthly, Pro yearly and Lifetime")
    }

    /// Moving the selection keeps every formatted text: only the marks and the copy picked for
    /// the selected package differ from before.
    @Test func aSelectionKeyChangesOnlyWhatTheSelectionPicks() throws {
        var app = try Self.app()
        _ = app.update(.resize(width: 80, height: 24))
        _ = app.update(.key(.right))
        let page = try #require(app.currentPaywallPage)
        let before = try #require(app.paywall?.presentation(for: page))
        _ = app.update(.key(.down))
        let after = try #require(app.paywall?.presentation(for: page))
        #expect(after.selectedIndex != before.selectedIndex)
        #expect(after.rows.map(\.price) == before.rows.map(\.price))
        #expect(after.rows.map(\.badge) == before.rows.map(\.badge))
        #expect(after.statusLines == before.statusLines)
    }
}
