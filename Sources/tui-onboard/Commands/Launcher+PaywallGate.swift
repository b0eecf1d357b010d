import OnboardKit
import OnboardRun

/// `paywall --if-needed ENTITLEMENT`: the paywall at the moment a feature needs it
/// (`OnboardingSession.runGate`). `tui-onboard paywall --if-needed pro && pro_feature`.
extension Launcher {
    /// The paywall alone, and 0 or 1 by the entitlement when it closes; with `--if-needed`, exit
    /// 0 at once when it is active, touching no terminal and writing nothing.
    func paywallGate(_ entitlementID: String) -> Int32 {
        let deck: Deck
        switch loadDeck(assigning: true) {
        case .success(let loaded): deck = loaded
        case .failure(let status): return status.code
        }
        return conclude(onboardingSession(deck).runGate(entitlementID, ifNeeded: options.paywall.isPaywallIfNeeded))
    }
}
