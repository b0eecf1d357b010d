import FoundationEssentials
import OnboardKit
import OnboardRun

/// `license list --json`: every stored license, verified now, and each file refused with why.
enum LicenseListJSON {
    /// A grant is `active` when it is in force at `now` and, given a catalog, the catalog has
    /// its entitlement; `inCatalog` says which (null without a catalog).
    static func text(_ stored: StoredLicenses, now: Date, catalog: Catalog?) -> String {
        let licenses = stored.verified.map { license in
            let grants = license.grants.map { grant in
                let inCatalog = catalog.map { $0.entitlement(id: grant.entitlement) != nil }
                let active = grant.state(at: now).isActive && inCatalog != false
                return "{\"active\": \(active), \"inCatalog\": \(inCatalog.map(String.init) ?? "null"), "
                    + "\"entitlement\": \(JSONString.quoted(grant.entitlement)), "
                    + "\"expires\": \(dateJSON(grant.expires)), \"accessEnds\": \(dateJSON(grant.accessEnds))}"
            }
            return "    {\"id\": \(JSONString.quoted(license.id)), \"app\": \(JSONString.quoted(license.appID)), "
                + "\"format\": \(JSONString.quoted(license.format.rawValue)), \"issued\": \(dateJSON(license.issued)), "
                + "\"licensee\": \(licenseeJSON(license.licensee)), \"grants\": [\(grants.joined(separator: ", "))]}"
        }
        let refused = stored.refused.map {
            "    {\"path\": \(JSONString.quoted($0.path)), \"reason\": \(JSONString.quoted($0.reason))}"
        }
        return "{\n  \"version\": 1,\n  \"now\": \(dateJSON(now)),\n  \"licenses\": [\n"
            + licenses.joined(separator: ",\n")
            + "\n  ],\n  \"refused\": [\n" + refused.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    static func dateJSON(_ date: Date?) -> String { date.map { JSONString.quoted(RFC3339Date.text(of: $0)) } ?? "null" }

    static func licenseeJSON(_ licensee: License.Licensee?) -> String {
        guard let licensee else { return "null" }
        let name = licensee.name.map(JSONString.quoted) ?? "null"
        let email = licensee.email.map(JSONString.quoted) ?? "null"
        return "{\"email\": \(email), \"name\": \(name)}"
    }
}
