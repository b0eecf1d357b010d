import FoundationEssentials
import OnboardDisk
import OnboardKit

/// Whether an entitlement is active, as `tui-onboard has` answers: the ledger's purchases with the
/// stored licenses applied. The one rule `has`, `status`, `paywall --if-needed` and a Swift host
/// answer by; read without the lock and without writing, so a host may ask at every start.
public enum EntitlementCheck {
    /// True when `entitlementID` is defined by `catalog` and active at `now`: by the purchases
    /// recorded in `ledgerDirectory` (unless the catalog's licensing is `signed`) and by the
    /// signed licenses of `appID` stored in `licenseDirectory` (default: the ledger's), verified
    /// with the catalog's keys and `extraKeys`; false otherwise, a ledger that cannot be read
    /// included.
    public static func isActive(
        _ entitlementID: String, catalog: Catalog, appID: String, ledgerDirectory: String,
        licenseDirectory: String? = nil, extraKeys: [LicensePublicKey] = [], now: Date = Date()
    ) -> Bool {
        guard let entitlement = catalog.entitlement(id: entitlementID) else { return false }
        let ledger = (try? LedgerFile(directory: ledgerDirectory).loadWithoutRepair()) ?? Ledger()
        return answer(
            for: entitlement, of: catalog, in: ledger, appID: appID,
            licenseDirectory: licenseDirectory ?? ledgerDirectory,
            extraKeys: extraKeys, now: now
        ).isActive
    }

    /// The answer for one entitlement and the licenses that were refused on the way.
    public struct Answer: Sendable {
        public var isActive: Bool
        /// Each stored license file that grants nothing, with why (said with `--warnings`).
        public var refused: [(path: String, reason: String)]
    }

    /// Whether `entitlement` of `catalog` grants access at `now`: the ledger's answer with the
    /// stored licenses applied (`statuses`).
    public static func answer(
        for entitlement: Entitlement, of catalog: Catalog, in ledger: Ledger, appID: String, licenseDirectory: String,
        extraKeys: [LicensePublicKey] = [], now: Date
    ) -> Answer {
        let simulated = EntitlementResolver.status(
            of: entitlement, in: StoreContext(catalog: catalog, ledger: ledger, now: now, calendar: calendar))
        let applied = statuses(
            simulated: [simulated], catalog: catalog, appID: appID, licenseDirectory: licenseDirectory,
            extraKeys: extraKeys, now: now)
        return Answer(isActive: applied.statuses[0].grantsAccess, refused: applied.refused)
    }

    /// `simulated` (one status per entitlement, from the ledger) with the stored licenses applied:
    /// the catalog's keys and `extraKeys` (`--public-key`) verify them. Under `signed` licensing
    /// simulated purchases stop counting; with only extra keys (no licensing in the catalog) they
    /// still count beside licenses; with no catalog only licenses count. With no key at all,
    /// `simulated` as it is.
    public static func statuses(
        simulated: [EntitlementStatus], catalog: Catalog?, appID: String, licenseDirectory: String,
        extraKeys: [LicensePublicKey] = [], now: Date
    ) -> (statuses: [EntitlementStatus], refused: [(path: String, reason: String)]) {
        let keys = StoredLicenses.keys(of: catalog, extraKeys: extraKeys)
        guard !keys.isEmpty else { return (simulated, []) }
        let stored = StoredLicenses.read(
            stateDirectory: licenseDirectory, keys: keys,
            audience: .init(appID: appID, keygenProduct: catalog?.licensing?.keygenProduct), now: now)
        guard let catalog else {
            return (EntitlementAnswers.statuses(licenses: stored.verified, now: now), stored.refused)
        }
        let statuses = EntitlementAnswers.statuses(
            simulated: simulated, licenses: stored.verified, countsSimulated: catalog.countsSimulatedPurchases,
            now: now,
            accountURL: catalog.licensing?.accountURL)
        return (statuses, stored.refused)
    }

    /// What `has` and `paywall` say when there is no catalog to find the entitlement in.
    public static func noCatalog(toLookUp entitlementID: String) -> String {
        "no catalog to look up \"\(SafeText.excerpt(entitlementID))\" in; pass the app's --deck FILE "
            + "(whose catalog is used) or --catalog FILE"
    }

    /// "unknown entitlement "pri": the catalog FILE has "pro"; did you mean "pro"?", for `has`
    /// and `paywall --if-needed`.
    public static func unknownEntitlement(_ entitlementID: String, in catalog: Catalog, path: String) -> String {
        let known = catalog.entitlements.map(\.id)
        let hint = Suggestions.closest(to: entitlementID, in: known, limit: 1).first.map { "; did you mean \"\($0)\"?" }
        return "unknown entitlement \"\(SafeText.excerpt(entitlementID))\": the catalog \(path) has "
            + (known.isEmpty ? "none" : known.map { "\"\($0)\"" }.joined(separator: ", ")) + (hint ?? "")
    }

    /// The store's calendar: Gregorian in the user's time zone, as the paywall reckons periods.
    public static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return calendar
    }
}
