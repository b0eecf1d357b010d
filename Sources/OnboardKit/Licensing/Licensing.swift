/// A catalog's `licensing` section: which public keys sign the app's licenses, and whether
/// purchases in the simulated store count beside them.
public struct Licensing: Hashable, Sendable {
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// Only signed licenses grant; simulated purchases show as simulated and grant nothing
        /// to `has` and `status`.
        case signed
        /// Signed licenses and simulated purchases both grant (a demo that can also sell).
        case mixed
    }

    public var mode: Mode
    /// Several keys, so a vendor can rotate: licenses signed by any of them verify.
    public var publicKeys: [LicensePublicKey]
    /// A keygen.sh product id that also names this app in keygen license files.
    public var keygenProduct: String?
    /// Where a customer checks out a new license file once theirs expires (keygen files carry
    /// their own expiry): the vendor's account page. Said beside the file's expiry.
    public var accountURL: String?

    public init(mode: Mode, publicKeys: [LicensePublicKey], keygenProduct: String? = nil, accountURL: String? = nil) {
        self.mode = mode
        self.publicKeys = publicKeys
        self.keygenProduct = keygenProduct
        self.accountURL = accountURL
    }

    /// True when simulated purchases count toward `has` and `status`.
    public var countsSimulatedPurchases: Bool { mode == .mixed }
}
