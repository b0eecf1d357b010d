/// One paywall's worth of choices: ordered packages, the one selected at first, and the copy.
public struct Offering: Hashable, Sendable {
    public var id: String
    /// The packages in the order the paywall lists them.
    public var packages: [Package]
    /// The package selected when the paywall opens; nil selects the first.
    public var defaultPackageID: String?
    public var copy: PaywallCopy
    /// The tiers a `tiers` or `comparison` paywall shows, as the catalog declares them; empty
    /// when it declares none (`designTiers` then works them out).
    public var tiers: [PaywallTier] = []
    /// The rows of a `comparison` paywall's table, as the catalog declares them; empty: the
    /// tiers' features, ✓ where a tier lists one and ✗ where not.
    public var comparison: [ComparisonRow] = []

    public init(id: String, packages: [Package], defaultPackageID: String? = nil, copy: PaywallCopy) {
        self.id = id
        self.packages = packages
        self.defaultPackageID = defaultPackageID
        self.copy = copy
    }

    public func package(identifier: String) -> Package? { packages.first { $0.identifier == identifier } }

    /// The first package of the given type, like RevenueCat's `offering.annual`.
    public func package(ofType type: PackageType) -> Package? { packages.first { $0.packageType == type } }

    /// The package selected when the paywall opens.
    public var defaultPackage: Package? {
        defaultPackageID.flatMap(package(identifier:)) ?? packages.first
    }
}
