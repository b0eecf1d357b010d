/// Everything the paywall page shows, as text, worked out from the catalog, the selection, the
/// ledger and the store's state. The view only lays it out.
public struct PaywallPresentation: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        /// The product's own display name, in the customer's language.
        public var name: String
        /// The product's description, led by the package's period ("Annual") where the offering
        /// declares one and the name does not already say it; may be empty.
        public var detail: String
        /// "$39.99/yr", "$1.99 for 1 week", "$99.99"
        public var price: String
        /// "$3.33/mo", or nil for one-time purchases and monthly subscriptions.
        public var perMonth: String?
        /// "Save 33%" or "Best value · Save 33%".
        public var badge: String?
        /// "7-day free trial, then $39.99/yr" when the product has an introductory offer the
        /// user can take.
        public var offer: String?
        /// The offer alone ("1-week free trial"), as a card states it; nil where `offer` is.
        public var shortOffer: String?
        public var isSelected: Bool
        /// The subscription that is active, or a purchase that is owned: not for sale again.
        public var isOwned: Bool
        /// Another plan of a subscription group that is active: not for sale while it lasts.
        public var isBlocked: Bool
        /// What a signed license already gives (every entitlement of the product): owned too.
        public var isLicensed = false
        /// True for a one-time purchase (owned rather than subscribed to).
        public var isOneTime: Bool
        /// For another plan of the group the customer is subscribed in: what choosing it does
        /// ("upgrade now", "from Feb 10").
        public var planChangeTag: String?

        public init(
            name: String, detail: String = "", price: String, perMonth: String? = nil, badge: String? = nil,
            offer: String? = nil, isSelected: Bool = false, isOwned: Bool = false, isBlocked: Bool = false,
            isOneTime: Bool = false
        ) {
            self.name = name
            self.detail = detail
            self.price = price
            self.perMonth = perMonth
            self.badge = badge
            self.offer = offer
            self.isSelected = isSelected
            self.isOwned = isOwned
            self.isBlocked = isBlocked
            self.isOneTime = isOneTime
        }
    }

    public var title: String
    public var subtitle: String
    public var features: [String]
    public var rows: [Row]
    public var callToAction: String
    /// The call to action each package would show when selected, so the view can keep the
    /// button's height still while the selection moves.
    public var callToActions: [String]
    /// What Enter does to the selected package ("buy", "upgrade", "change plan", "resume");
    /// nil when it does nothing (the current plan, a purchase owned).
    public var buyLabel: String? = Messages.tr("buy")
    /// One line per entitlement: "tui-onboard Pro: Active until Dec 3, 2026 (renews)".
    public var statusLines: [String]
    /// Sentences under the status lines that must be read whole (a license file's renewal and
    /// where to renew it): wrapped, never cut.
    public var statusNotes: [String] = []
    /// A spinner frame and what is going on, while a purchase or restore runs.
    public var progress: String?
    public var privacyPolicy: String?
    public var termsOfUse: String?
    /// The terms under the call to action of the selected auto-renewable subscription
    /// (`SubscriptionDisclosure`), and each package's, so the lines below keep still.
    public var disclosure: String?
    public var disclosures: [String] = []
    /// The calls to action and terms of the packages on every tab and side of a designed
    /// paywall: the lines kept for the button and the terms are as many as the longest of
    /// these needs too, so changing tabs or sides moves nothing. Empty without tabs or a switch.
    public var callsToActionElsewhere: [String] = []
    public var disclosuresElsewhere: [String] = []
    /// A row's offer is a win-back offer, which the disclosure does not state.
    public var hasWinBackOffer = false
    /// The first package row the list showed last time; the view scrolls from there only as far
    /// as the selection needs.
    public var listTop: Int
    /// How the page is designed: its layout, tabs, period switch and comparison table.
    public var design = PaywallPresentationDesign()

    public init(
        title: String, subtitle: String = "", features: [String] = [], rows: [Row], callToAction: String,
        callToActions: [String]? = nil, statusLines: [String] = [], progress: String? = nil,
        privacyPolicy: String? = nil, termsOfUse: String? = nil, listTop: Int = 0
    ) {
        self.title = title
        self.subtitle = subtitle
        self.features = features
        self.rows = rows
        self.callToAction = callToAction
        self.callToActions = callToActions ?? [callToAction]
        self.statusLines = statusLines
        self.progress = progress
        self.privacyPolicy = privacyPolicy
        self.termsOfUse = termsOfUse
        self.listTop = listTop
    }

    /// The index of the selected row, if any.
    public var selectedIndex: Int? { rows.firstIndex { $0.isSelected } }
}
