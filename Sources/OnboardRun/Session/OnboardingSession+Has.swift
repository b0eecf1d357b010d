import FoundationEssentials
import OnboardDisk
import OnboardKit

extension OnboardingSession {
    /// Whether `entitlementID` is active now (or at `settings.now`), as `tui-onboard has`
    /// answers (`EntitlementCheck`): the purchases in the real ledger (the sandbox's with
    /// `usesSandbox`) and the licenses stored in the state directory, by the session's catalog.
    /// False without a catalog, for an entitlement it does not define, and for a ledger that
    /// cannot be read; a catalog that cannot be read is said.
    public func has(_ entitlementID: String) -> Bool {
        guard let path = catalogPath(for: deck), case .success(let catalog) = loadCatalog(path) else { return false }
        return EntitlementCheck.isActive(
            entitlementID, catalog: catalog, appID: settings.appID ?? deck.app.id,
            ledgerDirectory: SandboxLedger.answerDirectory(
                stateDirectory: stateDirectory, usesSandbox: settings.usesSandbox),
            licenseDirectory: stateDirectory, extraKeys: settings.extraKeys, now: settings.now ?? Date())
    }
}
