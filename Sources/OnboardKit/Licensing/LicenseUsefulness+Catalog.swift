import FoundationEssentials

extension LicenseUsefulness {
    /// `reasonItGrantsNothing(_:entitlements:now:)` with the catalog's entitlements.
    public static func reasonItGrantsNothing(_ license: License, catalog: Catalog?, now: Date) -> String? {
        reasonItGrantsNothing(license, entitlements: catalog?.entitlements.map(\.id), now: now)
    }
}
