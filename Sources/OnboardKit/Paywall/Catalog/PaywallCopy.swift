/// The words of one offering's paywall. Each text may hold `{{ variable }}` placeholders that
/// `PaywallCopyTemplate` fills from the selected package.
public struct PaywallCopy: Hashable, Sendable {
    public var title: String
    public var subtitle: String
    public var features: [String]
    public var callToAction: String
    /// Shown instead of `callToAction` when the customer may still take an introductory offer.
    public var callToActionWithIntroOffer: String?
    /// Replaces the terms generated under the call to action of an auto-renewable subscription
    /// (`SubscriptionDisclosure`).
    public var disclosure: String?

    public init(
        title: String, subtitle: String = "", features: [String] = [], callToAction: String = Messages.tr("Continue"),
        callToActionWithIntroOffer: String? = nil, disclosure: String? = nil
    ) {
        self.disclosure = disclosure
        self.title = title
        self.subtitle = subtitle
        self.features = features
        self.callToAction = callToAction
        self.callToActionWithIntroOffer = callToActionWithIntroOffer
    }

    /// Copy for catalogs that bring none (a bare StoreKit file). The button names the plan:
    /// rows of long names may be cut, and the button is where the choice is confirmed.
    public static var standard: PaywallCopy {
        PaywallCopy(
            title: Messages.tr("Unlock everything"), subtitle: Messages.tr("Choose the plan that suits you."),
            features: [], callToAction: Messages.tr("Continue with {{ product_name }} for {{ price_per_period }}"),
            callToActionWithIntroOffer: Messages.tr("Start my {{ sub_offer }} of {{ product_name }}"))
    }

    /// The call to action to show, by whether the customer can still take the package's
    /// introductory offer (a store grants it once per subscription group).
    public func callToAction(for package: Package, introOfferEligible: Bool) -> String {
        if introOfferEligible, package.product.introductoryOffer != nil, let withOffer = callToActionWithIntroOffer {
            return withOffer
        }
        return callToAction
    }
}
