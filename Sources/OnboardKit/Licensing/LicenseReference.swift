import FoundationEssentials

/// Which license an entitlement's access comes from, as `status` shows it.
public struct LicenseReference: Hashable, Sendable {
    public var id: String
    public var licensee: License.Licensee?
    /// The grant's own expiry; nil for a lifetime grant.
    public var expires: Date?
    /// When access ends after the grace period; nil without one.
    public var graceEnds: Date?

    public init(id: String, licensee: License.Licensee?, expires: Date?, graceEnds: Date?) {
        self.id = id
        self.licensee = licensee
        self.expires = expires
        self.graceEnds = graceEnds
    }
}
