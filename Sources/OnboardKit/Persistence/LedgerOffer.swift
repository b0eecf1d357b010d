/// The kind of offer a purchase was made under, kept as an open set of names so that a ledger
/// written by a newer version with a new kind of offer still loads.
public struct LedgerOffer: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// An introductory period that costs nothing.
    public static let freeTrial = LedgerOffer(rawValue: "freeTrial")
    /// A discounted price paid each period for a number of periods.
    public static let payAsYouGo = LedgerOffer(rawValue: "payAsYouGo")
    /// A discounted price paid once for an introductory duration.
    public static let payUpFront = LedgerOffer(rawValue: "payUpFront")

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
