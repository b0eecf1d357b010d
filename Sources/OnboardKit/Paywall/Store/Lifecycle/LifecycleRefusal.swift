/// Why the store will not do an action; nothing is recorded. `unknownName` is a name the catalog
/// or the ledger does not have (a usage error); `notAllowed` is an action that does not fit the
/// customer's standing (a refund of a refunded purchase, a code they are not eligible for).
public struct LifecycleRefusal: Error, Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case unknownName
        case notAllowed
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
