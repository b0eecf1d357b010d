import FoundationEssentials
import OnboardDisk
import OnboardKit

/// Whether an entitlement is active by the ledger on disk, as `tui-onboard has` answers: read
/// without the lock and without writing, so a host may ask at every start.
public enum EntitlementCheck {
    /// True when `entitlementID` is defined by `catalog` and active at `now`: by a signed license
    /// of `appID` stored in `ledgerDirectory` when the catalog has `licensing`, or by the purchases
    /// recorded there unless the catalog's licensing is `signed`; false otherwise, a ledger that
    /// cannot be read included.
    public static func isActive(
        _ entitlementID: String, catalog: Catalog, appID: String, ledgerDirectory: String, now: Date = Date()
    ) -> Bool {
        guard let entitlement = catalog.entitlement(id: entitlementID) else { return false }
        let ledger = (try? LedgerFile(directory: ledgerDirectory).loadWithoutRepair()) ?? Ledger()
        let simulated = EntitlementResolver.status(
            of: entitlement, in: StoreContext(catalog: catalog, ledger: ledger, now: now, calendar: calendar))
        guard let licensing = catalog.licensing else { return simulated.grantsAccess }
        let licenses = StoredLicenses.read(
            stateDirectory: ledgerDirectory, keys: licensing.publicKeys,
            audience: .init(appID: appID, keygenProduct: licensing.keygenProduct), now: now)
        return EntitlementAnswers.statuses(
            simulated: [simulated], licenses: licenses.verified, countsSimulated: licensing.countsSimulatedPurchases,
            now: now
        )[0].grantsAccess
    }

    /// The store's calendar: Gregorian in the user's time zone, as the paywall reckons periods.
    public static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return calendar
    }
}
