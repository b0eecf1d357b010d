import FoundationEssentials
import OnboardBase

/// A license in a few lines for a person (`verify`, `inspect`, `license list`), every text from
/// the license sanitized: it is untrusted until verified, and its words are the vendor's.
public enum LicenseSummary {
    // The lines are English sentences for a terminal's own bidi (or none), laid out left to
    // right in any language; a value that could reorder them is still isolated.
    /// With `entitlements` (the catalog's entitlement ids), a verified license that grants
    /// nothing of them now says so instead of "valid", and each grant of an entitlement the
    /// catalog does not have (renamed since) says it grants nothing.
    public static func text(of license: License, now: Date, verified: Bool, entitlements: [String]? = nil) -> String {
        let useless =
            verified ? LicenseUsefulness.reasonItGrantsNothing(license, entitlements: entitlements, now: now) : nil
        var lines = [
            useless.map { reason in
                BidiText.line(
                    [
                        .text("verified license "), .value(SafeText.sanitize(license.id)), .text(" for "),
                        .value(SafeText.sanitize(license.appID)), .text(", but \(reason)"),
                    ], rightToLeft: false)
            }
                ?? BidiText.line(
                    [
                        .text(verified ? "valid license " : "license "), .value(SafeText.sanitize(license.id)),
                        .text(" for "), .value(SafeText.sanitize(license.appID)),
                    ], rightToLeft: false)
        ]
        if let licensee = license.licensee?.text {
            lines.append(
                BidiText.line([.text("  licensed to "), .value(SafeText.sanitize(licensee))], rightToLeft: false))
        }
        lines.append("  issued \(RFC3339Date.text(of: license.issued))")
        if let fileExpires = license.fileExpires {
            lines.append(
                license.isFileExpired(at: now)
                    ? "  file expired \(RFC3339Date.text(of: fileExpires)): check out a new one"
                    : "  file valid until \(RFC3339Date.text(of: fileExpires)), then check out a new one")
        }
        if let status = license.keygenStatus { lines.append("  keygen status \(SafeText.sanitize(status))") }
        for grant in license.grants {
            let unknown = entitlements.map { !$0.contains(grant.entitlement) } ?? false
            lines.append(
                BidiText.line(
                    [
                        .text("  "), .value(SafeText.sanitize(grant.entitlement)), .text(": "),
                        .text(grantText(grant, now: now) + (unknown ? " (not in the catalog: grants nothing)" : "")),
                    ], rightToLeft: false))
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
