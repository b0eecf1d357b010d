import FoundationEssentials

/// The summaries of licenses against a catalog: its entitlements' ids.
extension LicenseSummary {
    /// `text(of:now:verified:entitlements:)` with the catalog's entitlements.
    public static func text(of license: License, now: Date, verified: Bool, catalog: Catalog?) -> String {
        text(of: license, now: now, verified: verified, entitlements: catalog?.entitlements.map(\.id))
    }
}
