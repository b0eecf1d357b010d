import Foundation
import Testing

@testable import OnboardKit

/// Every paywall control answers the mouse: packages, the button, the markers and the key line.
@Suite struct PaywallMouseTests {
    /// Where `text` is drawn: the column of its middle and its row.
    /// Package names are looked for in the list only, not in the subtitle.
    static func point(of text: String, in app: OnboardingApp) throws -> (x: Int, y: Int) {
        let lines = TestDecks.screen(app).lines
        let isPackage = text.hasPrefix("Pro ")
        let row = try #require(
            lines.firstIndex { $0.contains(text) && (!isPackage || $0.contains("●") || $0.contains("○")) },
            "\(text) is not on screen:\n\(lines.joined(separator: "\n"))")
        let line = lines[row]
        let prefix = String(line[..<line.range(of: text)!.lowerBound])
        return (DisplayWidth.of(prefix) + DisplayWidth.of(text) / 2, row)
    }

    enum Gesture: CaseIterable { case pressAndRelease, click }

    static func click(_ text: String, _ app: inout OnboardingApp, gesture: Gesture = .pressAndRelease) throws
        -> [LedgerTransaction]
    {
        let (x, y) = try point(of: text, in: app)
        // The click is on what the screen shows.
        _ = app.update(.presented)
        switch gesture {
        case .pressAndRelease:
            _ = app.update(.mouse(MouseEvent(.press, x: x, y: y)))
            return PaywallFlowTests.answer(app.update(.mouse(MouseEvent(.release, x: x, y: y))), &app)
        case .click:
            return PaywallFlowTests.answer(app.update(.mouse(MouseEvent(.click, x: x, y: y))), &app)
        }
    }

    static func selected(_ app: OnboardingApp) -> Int { PaywallSmallWindowTests.selected(app) }

    @Test(arguments: Gesture.allCases)
    func clickingAPackageSelectsItAndClickingItAgainBuysIt(gesture: Gesture) throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        #expect(Self.selected(app) == 0)
        #expect(try Self.click("Pro Monthly", &app, gesture: gesture).isEmpty)
        #expect(Self.selected(app) == 1)
        #expect(TestDecks.screen(app).text.contains("● Pro Monthly"))
        #expect(try Self.click("Pro Lifetime", &app, gesture: gesture).isEmpty)
        #expect(Self.selected(app) == 2)
        let bought = try Self.click("Pro Lifetime", &app, gesture: gesture)
        #expect(bought.map(\.productID) == ["tui_onboard_pro_lifetime"])
    }

    @Test(arguments: Gesture.allCases)
    func clickingTheButtonBuysTheSelectedPackage(gesture: Gesture) throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        let bought = try Self.click("Start your 1-week free trial", &app, gesture: gesture)
        #expect(bought.map(\.productID) == ["tui_onboard_pro_annual"])
        #expect(TestDecks.screen(app).text.contains("You're all set"))
    }

    @Test func restorePrivacyTermsAndNotNowAreClickable() throws {
        var app = try PaywallFixtures.flowApp(latency: 1)
        _ = try Self.click("r restore", &app)
        #expect(app.paywall?.store.phase == .restoring(remaining: 1))
        _ = PaywallFlowTests.run(&app, seconds: 1.1)
        _ = app.update(.presented)
        _ = app.update(.key(.escape))

        _ = try Self.click("p privacy", &app)
        #expect(app.paywall?.openLink == .privacyPolicy)
        _ = app.update(.presented)
        _ = app.update(.key(.escape))
        _ = try Self.click("t terms", &app)
        #expect(app.paywall?.openLink == .termsOfUse)
        _ = app.update(.presented)
        _ = app.update(.key(.escape))

        _ = try Self.click("n not now", &app)
        #expect(app.carousel.currentIndex == 2)
    }

    @Test func theShortKeyLineOfANarrowWindowIsClickableToo() throws {
        var app = PaywallSmallWindowTests.app(try PaywallFixtures.listCatalog(), width: 40, height: 16)
        #expect(TestDecks.screen(app).text.contains("⏎ buy·Restore·Privacy·Terms·Not now"))
        _ = try Self.click("Terms", &app)
        #expect(app.paywall?.openLink == .termsOfUse)
        _ = app.update(.presented)
        _ = app.update(.key(.escape))
        _ = try Self.click("Privacy", &app)
        #expect(app.paywall?.openLink == .privacyPolicy)
    }

    @Test func theMarkersScrollTheList() throws {
        var app = PaywallSmallWindowTests.app(PaywallSmallWindowTests.manyPackages(), width: 40, height: 12)
        _ = try Self.click("↓ ", &app)
        #expect(Self.selected(app) > 0)
        let lines = TestDecks.screen(app).lines
        #expect(PaywallSmallWindowTests.rowsOnScreen(lines).selected == Self.selected(app))
        _ = PaywallFlowTests.press(Array(repeating: .down, count: 10), &app)
        let before = Self.selected(app)
        _ = try Self.click("↑ ", &app)
        #expect(Self.selected(app) < before)
        #expect(PaywallSmallWindowTests.rowsOnScreen(TestDecks.screen(app).lines).selected == Self.selected(app))
    }

    @Test func aDragAcrossThePaywallStillPages() throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        let (x, y) = try Self.point(of: "Pro Monthly", in: app)
        _ = app.update(.mouse(MouseEvent(.press, x: x, y: y)))
        _ = app.update(.mouse(MouseEvent(.drag, x: x - 30, y: y)))
        #expect(PaywallFlowTests.answer(app.update(.mouse(MouseEvent(.release, x: x - 30, y: y))), &app).isEmpty)
        #expect(app.carousel.currentIndex == 2)
        #expect(Self.selected(app) == -1)
    }
}
