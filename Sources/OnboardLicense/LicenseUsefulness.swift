import FoundationEssentials
import OnboardBase

/// Whether a verified license is worth storing: `license add` refuses one that grants nothing
/// now, saying which grant failed how, so a user is not left wondering why `has` says no.
public enum LicenseUsefulness {
    /// Why `license` grants nothing at `now` (every grant expired, or only entitlements outside
    /// `entitlements`, the catalog's entitlement ids, when there is a catalog); nil when it
    /// grants something.
    public static func reasonItGrantsNothing(_ license: License, entitlements: [String]?, now: Date) -> String? {
        if let rejection = license.fileExpiryRejection(at: now) { return rejection.reason }
        let active = license.activeGrants(at: now)
        guard !active.isEmpty else {
            let grants = license.grants.map {
                "\(SafeText.sanitize($0.entitlement)) \(LicenseSummary.grantText($0, now: now))"
            }
            return "it grants nothing now: " + grants.joined(separator: ", ")
        }
        guard let entitlements else { return nil }
        guard !active.contains(where: { entitlements.contains($0.entitlement) }) else { return nil }
        let named = active.map { "\"\(SafeText.sanitize($0.entitlement))\"" }.joined(separator: ", ")
        let known = entitlements.map { "\"\(SafeText.sanitize($0))\"" }.joined(separator: ", ")
        return "it grants \(named), which the catalog does not have (it has \(known.isEmpty ? "none" : known))"
    }
}
