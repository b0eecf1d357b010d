/// Something a customer can be granted, such as "Ad-free access", and the products that grant it.
public struct Entitlement: Hashable, Sendable {
    public var id: String
    /// The name shown to the customer.
    public var displayName: String
    /// The products whose purchase grants this entitlement.
    public var productIDs: [String]

    public init(id: String, displayName: String, productIDs: [String]) {
        self.id = id
        self.displayName = displayName
        self.productIDs = productIDs
    }
}
