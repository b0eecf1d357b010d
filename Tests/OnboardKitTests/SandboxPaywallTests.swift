import Foundation
import Testing

@testable import OnboardKit

/// A paywall whose purchases go to the sandbox ledger says so at the head of its status line,
/// and the run's result carries it for the host.
@Suite struct SandboxPaywallTests {
    static func presentation(isSandbox: Bool, ledger: Ledger = Ledger()) throws -> PaywallPresentation {
        let setup = PaywallSetup(
            catalog: try PaywallFixtures.defaultCatalog(), ledger: ledger,
            clock: StoreClock(startWallDate: StoreFixtures.date(2026, 1, 1)), isSandbox: isSandbox)
        let controller = PaywallController(setup: setup, seed: 1)
        return try #require(controller.presentation(for: PaywallPage(offeringID: "default")))
    }

    @Test(arguments: [true, false])
    func theFirstStatusLineStartsWithSandboxOnlyInTheSandbox(isSandbox: Bool) throws {
        let lines = try Self.presentation(isSandbox: isSandbox).statusLines
        let first = try #require(lines.first)
        #expect(first.hasPrefix("Sandbox · ") == isSandbox, "\(lines)")
        #expect(first.hasSuffix("tui-onboard Pro: Not purchased"))
        #expect(lines.dropFirst().allSatisfy { !$0.contains("Sandbox") })
    }

    @Test func theLabelIsOnTheScreenAtEightyColumns() throws {
        var app = try PaywallFixtures.flowApp()
        #expect(!TestDecks.screen(app).text.contains("Sandbox"))
        let catalog = try PaywallFixtures.defaultCatalog()
        let deck = Deck(app: AppInfo(id: "a", name: "A", version: "1"), pages: [.paywall(PaywallPage())])
        app = OnboardingApp(
            deck: deck, colorMode: .indexed256, width: 80, height: 24,
            settings: AppSettings(reducesMotion: true, seed: 1),
            paywall: PaywallSetup(
                catalog: catalog, clock: StoreClock(startWallDate: PaywallFixtures.start), isSandbox: true))
        #expect(TestDecks.screen(app).text.contains("Sandbox · tui-onboard Pro: Not purchased"))
    }

    @Test(arguments: [true, false])
    func theResultSaysWhetherTheStoreWasTheSandbox(sandbox: Bool) throws {
        let result = RunResult(
            outcome: .completed, mode: .tour, plain: false,
            app: RunResult.App(id: "a", name: "A", version: "1", previousVersion: nil),
            state: RunResult.State(saved: true, path: "/s/state.json"), sandbox: sandbox, exitCode: 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.jsonData()) as? [String: Any])
        #expect(object["sandbox"] as? Bool == sandbox)
    }
}
