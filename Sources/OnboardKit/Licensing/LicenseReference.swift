import FoundationEssentials

/// Which license an entitlement's access comes from, as `status` shows it.
public struct LicenseReference: Hashable, Sendable {
    public var id: String
    public var licensee: License.Licensee?
    /// The grant's own expiry; nil for a lifetime grant.
    public var expires: Date?
    /// When access ends after the grace period; nil without one.
    public var graceEnds: Date?
    /// The file's own expiry (keygen's `meta.expiry`): a new file must be checked out by then,
    /// whatever the license's expiry.
    public var fileExpires: Date?
    /// Where the vendor says a new file is checked out (the catalog's `licensing.accountURL`).
    public var accountURL: String?

    public init(
        id: String, licensee: License.Licensee?, expires: Date?, graceEnds: Date?, fileExpires: Date? = nil,
        accountURL: String? = nil
    ) {
        self.id = id
        self.licensee = licensee
        self.expires = expires
        self.graceEnds = graceEnds
        self.fileExpires = fileExpires
        self.accountURL = accountURL
    }
}
