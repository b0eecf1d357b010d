/// Everything the paywall page shows, as text, worked out from the catalog, the selection, the
/// ledger and the store's state. The view only lays it out.
public struct PaywallPresentation: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        /// "Annual", "Monthly", or the product's title for custom packages.
        public var name: String
        /// "$39.99/yr"
        public var price: String
        /// "$3.33/mo", or nil for one-time purchases.
        public var perMonth: String?
        /// "Save 33%" or "Best value".
        public var badge: String?
        /// "7-day free trial" when the product has an introductory offer the user can take.
        public var offer: String?
        public var isSelected: Bool
        /// The subscription that is active, or a purchase that is owned: not for sale again.
        public var isOwned: Bool
        /// Another plan of a subscription group that is active: not for sale while it lasts.
        public var isBlocked: Bool

        public init(
            name: String, price: String, perMonth: String? = nil, badge: String? = nil, offer: String? = nil,
            isSelected: Bool = false, isOwned: Bool = false, isBlocked: Bool = false
        ) {
            self.isBlocked = isBlocked
            self.name = name
            self.price = price
            self.perMonth = perMonth
            self.badge = badge
            self.offer = offer
            self.isSelected = isSelected
            self.isOwned = isOwned
        }
    }

    public var title: String
    public var subtitle: String
    public var features: [String]
    public var rows: [Row]
    public var callToAction: String
    /// One line per entitlement: "tui-onboard Pro: Active until Dec 3, 2026 (renews)".
    public var statusLines: [String]
    /// A spinner frame and what is going on, while a purchase or restore runs.
    public var progress: String?
    public var privacyPolicy: String?
    public var termsOfUse: String?

    public init(
        title: String, subtitle: String = "", features: [String] = [], rows: [Row], callToAction: String,
        statusLines: [String] = [], progress: String? = nil, privacyPolicy: String? = nil, termsOfUse: String? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.features = features
        self.rows = rows
        self.callToAction = callToAction
        self.statusLines = statusLines
        self.progress = progress
        self.privacyPolicy = privacyPolicy
        self.termsOfUse = termsOfUse
    }

    /// The bottom line of keys, shortened to what fits.
    public var actionsLine: String {
        var parts = ["↑↓ choose", "⏎ buy", "r restore"]
        if privacyPolicy != nil { parts.append("p privacy") }
        if termsOfUse != nil { parts.append("t terms") }
        parts.append("n not now")
        return parts.joined(separator: " · ")
    }
}
