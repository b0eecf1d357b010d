import FoundationEssentials

/// The summaries and usefulness of licenses against a catalog: its entitlements' ids and names.
extension LicenseSummary {
    /// `text(of:now:verified:entitlements:)` with the catalog's entitlements.
    public static func text(of license: License, now: Date, verified: Bool, catalog: Catalog?) -> String {
        text(of: license, now: now, verified: verified, entitlements: catalog?.entitlements.map(\.id))
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
