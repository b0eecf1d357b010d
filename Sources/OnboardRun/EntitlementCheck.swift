import FoundationEssentials
import OnboardDisk
import OnboardKit

/// Whether an entitlement is active by the ledger on disk, as `tui-onboard has` answers: read
/// without the lock and without writing, so a host may ask at every start.
public enum EntitlementCheck {
    /// True when `entitlementID` is defined by `catalog` and active at `now` by the purchases
    /// recorded in `ledgerDirectory`; false otherwise, a ledger that cannot be read included.
    public static func isActive(
        _ entitlementID: String, catalog: Catalog, ledgerDirectory: String, now: Date = Date()
    ) -> Bool {
        guard let entitlement = catalog.entitlement(id: entitlementID),
            let ledger = try? LedgerFile(directory: ledgerDirectory).loadWithoutRepair()
        else { return false }
        return EntitlementResolver.status(
            of: entitlement, in: StoreContext(catalog: catalog, ledger: ledger, now: now, calendar: calendar)
        ).isActive
    }

    /// The store's calendar: Gregorian in the user's time zone, as the paywall reckons periods.
    public static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return calendar
    }
}
