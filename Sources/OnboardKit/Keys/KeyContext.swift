/// Where a key is pressed: each context has its own bindings, and one key does one thing in it.
public enum KeyContext: String, Hashable, Sendable, CaseIterable {
    /// Keys that work whatever is on screen (the shell carries out the suspend).
    case anywhere
    /// The pages of the tour.
    case carousel
    /// A paywall page; keys it does not bind are the carousel's.
    case paywall
    /// The test store's sheet asking how a purchase ends (`--simulate prompt`).
    case testStoreSheet
    /// The checkout sheet of a product sold for real: its QR code, address and license paste.
    case checkoutSheet
    /// A box asking to confirm a plan change, or a purchase of what is already active.
    case confirmation
    /// The transaction manager: the store's transactions, acted on one at a time.
    case transactionManager
    /// The box an offer code is typed into.
    case offerCode
    /// A notice after a purchase or restore.
    case notice
    /// A box showing an address (a link of the paywall, where to leave a review).
    case message
    /// A question page with choices: the arrows move among them, Space picks.
    case choiceQuestion
    /// A question page with a text field: every character is typed, q and digits too.
    case inputQuestion
    /// A yes-or-no question page: Left and Right move between the answers.
    case confirmQuestion
    /// The survey a declined paywall asks: its choices' keys, and Esc to go on without an answer.
    case survey
    /// The `?` overlay.
    case help
    /// The review prompt after a completed tour.
    case review
    /// Pages turning by themselves (`--autoplay`): a key pauses.
    case autoplay
    /// Autoplay paused by a key; keys it does not bind are the page's.
    case autoplayPaused
}
