import Foundation
import Testing

@testable import OnboardKit

/// The designed paywall's catalog (`Fixtures/designed/catalog.json`: Plus, Pro and Max, each
/// monthly and yearly) and apps showing it in each layout.
enum DesignedPaywallFixtures {
    static let directory = CatalogFixtures.testsDirectory.appendingPathComponent("Fixtures/designed").path

    static func catalog() throws -> Catalog {
        let result = CatalogDecoder.load(path: directory + "/catalog.json", fileReader: CatalogFixtures.diskReader)
        return try #require(result.catalog, "\(result.diagnostics)")
    }

    /// An app turned to a paywall page of `layout` (with the period switch), over the designed
    /// catalog, in a window of `width` × `height`.
    static func app(
        _ layout: PaywallLayout, periodSwitch: Bool = true, width: Int = 80, height: Int = 24,
        direction: LayoutDirection = .leftToRight
    ) throws -> OnboardingApp {
        var page = PaywallPage()
        page.design = PaywallDesign(layout: layout, periodSwitch: periodSwitch)
        let deck = PaywallFixtures.deck([.step(StepPage(heading: "Intro", text: "")), .paywall(page)])
        let setup = PaywallSetup(catalog: try catalog(), clock: StoreClock(startWallDate: PaywallFixtures.start))
        var settings = AppSettings(reducesMotion: true, seed: 1)
        settings.layoutDirection = direction
        var app = PaywallFixtures.app(deck, setup: setup, width: width, height: height, settings: settings)
        _ = app.update(.key(direction == .rightToLeft ? .left : .right))
        return app
    }

    static func page(_ app: OnboardingApp) throws -> PaywallPage {
        guard case .paywall(let page) = app.deck.pages[app.carousel.currentIndex] else {
            throw DesignedPaywallError.notOnThePaywall
        }
        return page
    }

    /// The names of the packages the page shows now.
    static func shownNames(_ app: OnboardingApp) throws -> [String] {
        try #require(app.paywall?.presentation(for: page(app))).rows.map(\.name)
    }

    static func selectedName(_ app: OnboardingApp) throws -> String? {
        try #require(app.paywall?.presentation(for: page(app))).rows.first { $0.isSelected }?.name
    }

    enum DesignedPaywallError: Error { case notOnThePaywall }
}
