import FoundationEssentials

/// Whether a verified license is worth storing: `license add` refuses one that grants nothing
/// now, saying which grant failed how, so a user is not left wondering why `has` says no.
public enum LicenseUsefulness {
    /// Why `license` grants nothing at `now` (every grant expired, or only entitlements the
    /// catalog does not define); nil when it grants something.
    public static func reasonItGrantsNothing(_ license: License, catalog: Catalog?, now: Date) -> String? {
        let active = license.activeGrants(at: now)
        guard !active.isEmpty else {
            let grants = license.grants.map {
                "\(SafeText.sanitize($0.entitlement)) \(LicenseSummary.grantText($0, now: now))"
            }
            return "it grants nothing now: " + grants.joined(separator: ", ")
        }
        guard let catalog else { return nil }
        guard !active.contains(where: { catalog.entitlement(id: $0.entitlement) != nil }) else { return nil }
        let named = active.map { "\"\(SafeText.sanitize($0.entitlement))\"" }.joined(separator: ", ")
        let known = catalog.entitlements.map { "\"\(SafeText.sanitize($0.id))\"" }.joined(separator: ", ")
        return "it grants \(named), which the catalog does not have (it has \(known.isEmpty ? "none" : known))"
    }
}
