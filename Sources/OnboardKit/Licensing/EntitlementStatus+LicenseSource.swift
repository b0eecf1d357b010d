import FoundationEssentials
import FoundationInternationalization

/// What a status says about where its access comes from, and about a license file's own expiry,
/// in the user's language.
extension EntitlementStatus {
    /// True when a license still grants the entitlement but its file has expired.
    public var licenseFileExpired: Bool {
        if case .licenseFileExpired = state { return true }
        return false
    }

    /// What grants the entitlement, for a catalog that sells licenses beside its simulated store:
    /// "licensed to Ada Lovelace", "purchase", "simulated purchase, not counted"; nil when
    /// nothing grants it. Names are the vendor's and the catalog's: sanitized.
    public var sourceText: String? {
        if let license {
            guard state.isActive else { return nil }
            guard let who = license.licensee?.name ?? license.licensee?.email else { return Messages.tr("license") }
            return Messages.tr("licensed to {{ name }}", ["name": SafeText.sanitize(who)])
        }
        guard productID != nil, state.isActive else { return nil }
        return counts ? Messages.tr("purchase") : Messages.tr("simulated purchase, not counted")
    }

    /// The sentence about the license file's own expiry, beside the entitlement's end: "This
    /// license file must be renewed by Oct 4, 2026: check out a new one from URL" while the file
    /// is valid, what to do once it has expired, nil for access that is not from a file with an
    /// expiry (or from a license that has itself expired).
    public func licenseFileNote(locale: Locale, timeZone: TimeZone) -> String? {
        guard let license, let fileExpires = license.fileExpires else { return nil }
        let url = license.accountURL.map { SafeText.sanitize($0) }
        switch state {
        case .licenseFileExpired:
            return url.map {
                Messages.tr(
                    "Check out a new license file from {{ url }}: the license itself is still valid", ["url": $0])
            } ?? Messages.tr("Ask for a new license file where you got this one: the license itself is still valid")
        case .lifetime, .active:
            let day = Self.day(fileExpires, locale: locale, timeZone: timeZone)
            return url.map {
                Messages.tr(
                    "This license file must be renewed by {{ date }}: check out a new one from {{ url }}",
                    ["date": day, "url": $0])
            }
                ?? Messages.tr(
                    "This license file must be renewed by {{ date }}: ask for a new one where you got it",
                    ["date": day])
        default:
            return nil
        }
    }
}
