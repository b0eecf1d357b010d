import FoundationEssentials
import OnboardBase

/// A license in a few lines for a person (`verify`, `inspect`, `license list`), every text from
/// the license sanitized: it is untrusted until verified, and its words are the vendor's.
public enum LicenseSummary {
    /// With `entitlements` (the catalog's entitlement ids), a verified license that grants
    /// nothing of them now says so instead of "valid", and each grant of an entitlement the
    /// catalog does not have (renamed since) says it grants nothing.
    public static func text(of license: License, now: Date, verified: Bool, entitlements: [String]? = nil) -> String {
        let name = "license \(SafeText.sanitize(license.id)) for \(SafeText.sanitize(license.appID))"
        let useless =
            verified ? LicenseUsefulness.reasonItGrantsNothing(license, entitlements: entitlements, now: now) : nil
        var lines = [
            useless.map { "verified \(name), but \($0)" } ?? (verified ? "valid " : "") + name
        ]
        if let licensee = license.licensee?.text { lines.append("  licensed to \(SafeText.sanitize(licensee))") }
        lines.append("  issued \(RFC3339Date.text(of: license.issued))")
        if let fileExpires = license.fileExpires {
            lines.append("  file valid until \(RFC3339Date.text(of: fileExpires))")
        }
        if let status = license.keygenStatus { lines.append("  keygen status \(SafeText.sanitize(status))") }
        for grant in license.grants {
            let unknown = entitlements.map { !$0.contains(grant.entitlement) } ?? false
            lines.append(
                "  \(SafeText.sanitize(grant.entitlement)): \(grantText(grant, now: now))"
                    + (unknown ? " (not in the catalog: grants nothing)" : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func grantText(_ grant: License.Grant, now: Date) -> String {
        switch grant.state(at: now) {
        case .lifetime: return "lifetime"
        case .active(let until):
            let grace = grant.accessEnds.flatMap { $0 == until ? nil : " (then grace to \(RFC3339Date.text(of: $0)))" }
            return "until \(RFC3339Date.text(of: until))" + (grace ?? "")
        case .inGrace(let expired, let until):
            return "expired \(RFC3339Date.text(of: expired)), in grace until \(RFC3339Date.text(of: until))"
        case .expired(let on): return "expired \(RFC3339Date.text(of: on))"
        }
    }
}
