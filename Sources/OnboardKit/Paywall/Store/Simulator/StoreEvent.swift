/// What the app's shell must do after a store operation; the core never writes files or
/// starts effects itself.
public enum StoreEvent: Hashable, Sendable {
    /// Append this transaction to the ledger.
    case record(LedgerTransaction)
    /// A purchase went through: fire the confetti.
    case celebrate
    /// Open this checkout address in the user's browser.
    case openAddress(String)
    /// The checkout sheet opened: keep it in the state as the pending checkout.
    case checkoutOpened(CheckoutSheet)
    /// Verify this license text (pasted or typed on the checkout sheet), opening it with `key`
    /// when it is encrypted, and store it if good.
    case verifyLicense(String, key: LicenseSecret? = nil)
}
