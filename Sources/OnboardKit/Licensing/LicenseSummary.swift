import FoundationEssentials

/// A license in a few lines for a person (`verify`, `inspect`, `license list`), every text from
/// the license sanitized: it is untrusted until verified, and its words are the vendor's.
public enum LicenseSummary {
    /// With `catalog`, a verified license that grants nothing of it now says so instead of
    /// "valid", and each grant of an entitlement the catalog does not have (renamed since) says
    /// it grants nothing.
    public static func text(of license: License, now: Date, verified: Bool, catalog: Catalog? = nil) -> String {
        let useless = verified ? LicenseUsefulness.reasonItGrantsNothing(license, catalog: catalog, now: now) : nil
        var lines = [
            useless.map { reason in
                BidiText.line([
                    .text("verified license "), .value(SafeText.sanitize(license.id)), .text(" for "),
                    .value(SafeText.sanitize(license.appID)), .text(", but \(reason)"),
                ])
            }
                ?? BidiText.line([
                    .text(verified ? "valid license " : "license "), .value(SafeText.sanitize(license.id)),
                    .text(" for "), .value(SafeText.sanitize(license.appID)),
                ])
        ]
        if let licensee = license.licensee?.text {
            lines.append(BidiText.line([.text("  licensed to "), .value(SafeText.sanitize(licensee))]))
        }
        lines.append("  issued \(RFC3339Date.text(of: license.issued))")
        if let fileExpires = license.fileExpires {
            lines.append("  file valid until \(RFC3339Date.text(of: fileExpires))")
        }
        if let status = license.keygenStatus { lines.append("  keygen status \(SafeText.sanitize(status))") }
        for grant in license.grants {
            let unknown = catalog.map { $0.entitlement(id: grant.entitlement) == nil } ?? false
            lines.append(
                BidiText.line([
                    .text("  "), .value(SafeText.sanitize(grant.entitlement)), .text(": "),
                    .text(grantText(grant, now: now) + (unknown ? " (not in the catalog: grants nothing)" : "")),
                ]))
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

    /// One line per entitlement `licenses` grant now, for the paywall: "Pro: licensed to Ada, lifetime".
    public static func statusLines(_ licenses: [License], catalog: Catalog, now: Date) -> [String] {
        var lines: [String] = []
        for entitlement in catalog.entitlements {
            let grants = licenses.flatMap { license in
                license.activeGrants(at: now).filter { $0.entitlement == entitlement.id }.map { (license, $0) }
            }
            guard
                let (license, grant) = grants.max(by: {
                    ($0.1.accessEnds ?? .distantFuture) < ($1.1.accessEnds ?? .distantFuture)
                })
            else { continue }
            let who = license.licensee?.name ?? license.licensee?.email
            let until = grant.accessEnds.map { "until " + String(RFC3339Date.text(of: $0).prefix(10)) } ?? "lifetime"
            // The names are the catalog's and the vendor's: neither can turn the date around.
            var pieces: [LinePiece] = [.value(SafeText.sanitize(entitlement.displayName)), .text(": licensed")]
            if let who { pieces += [.text(" to "), .value(SafeText.sanitize(who))] }
            pieces += [.text(", "), .value(until)]
            lines.append(BidiText.line(pieces))
        }
        return lines
    }
}
