import FoundationEssentials
import OnboardBase

/// A license whose signature has been checked: who it is for and what it grants. Made only
/// by `LicenseVerifier` (or `LicenseReader` for `inspect`, which says it is unverified).
public struct License: Hashable, Sendable {
    public struct Licensee: Hashable, Sendable {
        public var name: String?
        public var email: String?

        public init(name: String?, email: String?) {
            self.name = name
            self.email = email
        }

        /// "Ada Lovelace <ada@example.com>", or whichever part there is.
        public var text: String? {
            switch (name, email) {
            case (let name?, let email?): return "\(name) <\(email)>"
            case (let name?, nil): return name
            case (nil, let email?): return email
            case (nil, nil): return nil
            }
        }
    }

    /// One entitlement the license grants, until `expires` (nil: for good), then for `grace` more.
    public struct Grant: Hashable, Sendable {
        public var entitlement: String
        public var expires: Date?
        public var grace: SubscriptionPeriod?

        public init(entitlement: String, expires: Date?, grace: SubscriptionPeriod? = nil) {
            self.entitlement = entitlement
            self.expires = expires
            self.grace = grace
        }

        /// When access ends: the expiry plus the grace, counted in UTC
        /// (`SubscriptionPeriod.addingInUTC`); nil for a lifetime grant.
        public var accessEnds: Date? {
            guard let expires else { return nil }
            guard let grace else { return expires }
            return grace.addingInUTC(to: expires)
        }

        /// Where this grant stands at `now`.
        public func state(at now: Date) -> GrantState {
            guard let expires, let ends = accessEnds else { return .lifetime }
            if now < expires { return .active(until: expires) }
            if now < ends { return .inGrace(expired: expires, until: ends) }
            return .expired(on: ends)
        }
    }

    public enum GrantState: Hashable, Sendable {
        case lifetime
        case active(until: Date)
        case inGrace(expired: Date, until: Date)
        case expired(on: Date)

        public var isActive: Bool {
            if case .expired = self { return false }
            return true
        }
    }

    public var format: LicenseArmor.Format
    /// The license id (`lid`, or keygen's `data.id`).
    public var id: String
    /// The app it is for: `app`, or for keygen files the metadata's `app` or the product id.
    public var appID: String
    public var issued: Date
    public var licensee: Licensee?
    public var grants: [Grant]
    /// A keygen file's own expiry (`meta.expiry`): after it the file must be checked out again.
    public var fileExpires: Date?
    /// A keygen license's status when the file was checked out (`data.attributes.status`,
    /// upper case: `ACTIVE`, `INACTIVE`, `EXPIRING`, `EXPIRED`, `SUSPENDED`, `BANNED`), and
    /// `SUSPENDED` when `attributes.suspended` is true; nil when the file says neither.
    public var keygenStatus: String?
    /// The fingerprint of the machine a keygen machine file was checked out for.
    public var machineFingerprint: String?
    /// True when the file was encrypted, so storing it means storing its license key too.
    public var isEncrypted = false

    /// The keygen statuses under which a license grants nothing: the vendor took it back.
    public static let withdrawnKeygenStatuses: Set<String> = ["SUSPENDED", "BANNED"]

    /// True when the vendor suspended or banned the license at keygen.sh.
    public var isWithdrawn: Bool { keygenStatus.map(Self.withdrawnKeygenStatuses.contains) ?? false }

    public init(
        format: LicenseArmor.Format, id: String, appID: String, issued: Date, licensee: Licensee?, grants: [Grant],
        fileExpires: Date? = nil, keygenStatus: String? = nil, machineFingerprint: String? = nil
    ) {
        self.machineFingerprint = machineFingerprint
        self.format = format
        self.id = id
        self.appID = appID
        self.issued = issued
        self.licensee = licensee
        self.grants = grants
        self.fileExpires = fileExpires
        self.keygenStatus = keygenStatus
    }

    /// The grants that give access at `now`: none once the file itself has expired, whatever
    /// the license's own expiry says (a new file must be checked out).
    public func activeGrants(at now: Date) -> [Grant] {
        isFileExpired(at: now) ? [] : grants.filter { $0.state(at: now).isActive }
    }

    /// True when the file's own expiry (`meta.expiry`, keygen's check-out TTL) has passed.
    public func isFileExpired(at now: Date) -> Bool {
        fileExpires.map { now >= $0 } ?? false
    }

    /// Why the file grants nothing at `now` because it has expired, or nil: what the vendor's
    /// `verify` and `license add` say. A stored file past its expiry still verifies, so that
    /// `status` can say that the license runs on and a new file is needed.
    public func fileExpiryRejection(at now: Date) -> LicenseRejection? {
        guard let fileExpires, isFileExpired(at: now) else { return nil }
        return LicenseRejection(
            .expired, "the license file expired at \(RFC3339Date.text(of: fileExpires)): check it out again")
    }
}
