/// Where a product is really bought: a web address whose `{ref}` is replaced by the checkout's
/// reference, so the vendor can match the payment to this terminal (and its pairing code).
public struct ProductCheckout: Hashable, Sendable {
    public static let referencePlaceholder = "{ref}"

    /// The address as the catalog writes it, `{ref}` included.
    public var urlTemplate: String

    public init(urlTemplate: String) {
        self.urlTemplate = urlTemplate
    }

    /// The address for one checkout; a reference is Crockford base32, safe in any URL.
    public func url(reference: String) -> String {
        urlTemplate.replacing(Self.referencePlaceholder, with: reference)
    }

    public var carriesReference: Bool { urlTemplate.contains(Self.referencePlaceholder) }
}
