/// One choice on a paywall: an identifier (`$rc_annual`, or any custom name) and the product
/// it sells.
public struct Package: Hashable, Sendable {
    public var identifier: String
    public var product: Product
    /// The catalog's badge ("Most popular", "{{ savings }}"), a copy template; nil: none.
    public var badge: String?

    public init(identifier: String, product: Product) {
        self.identifier = identifier
        self.product = product
    }

    /// The role derived from the identifier.
    public var packageType: PackageType { PackageType(identifier: identifier) }
}
