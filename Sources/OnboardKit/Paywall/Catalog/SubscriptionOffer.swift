import FoundationEssentials

/// A subscription offer beyond the introductory one: a promotional offer for current or lapsed
/// subscribers, an offer code a customer redeems, or a win-back offer for lapsed subscribers,
/// as App Store Connect and Xcode's `.storekit` files describe them (`adHocOffers`,
/// `codeOffers`, `winbackOffers`).
public struct SubscriptionOffer: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Offered by the app to current or lapsed subscribers (`.storekit` `adHocOffers`).
        case promotional
        /// Redeemed by typing a code (`.storekit` `codeOffers`, a catalog's `offerCodes`).
        case code
        /// Shown to lapsed subscribers (`.storekit` `winbackOffers`).
        case winBack
    }

    /// Who may take an offer, by where they stand in the product's subscription group.
    public enum Eligibility: String, Hashable, Sendable, CaseIterable {
        /// Never subscribed in the group.
        case new
        /// Subscribed now.
        case existing
        /// Subscribed before, lapsed now.
        case expired
    }

    public var kind: Kind
    /// The offer's identifier: `offerID` for promotional and win-back offers, the code a customer
    /// types for an offer code (compared without regard to case).
    public var id: String
    /// The product the offer subscribes to.
    public var productID: String
    /// What the customer pays and for how long, in the shape of an introductory offer.
    public var terms: IntroductoryOffer
    public var eligibility: Set<Eligibility>
    /// The offer's name for the seller (`referenceName`); nil when the file gives none.
    public var referenceName: String?
    /// For win-back offers: how long the customer must have paid before, and how long ago they
    /// lapsed, to be offered it. Nil means no condition.
    public var winBack: WinBackCondition?

    public init(
        kind: Kind, id: String, productID: String, terms: IntroductoryOffer, eligibility: Set<Eligibility>,
        referenceName: String? = nil, winBack: WinBackCondition? = nil
    ) {
        self.kind = kind
        self.id = id
        self.productID = productID
        self.terms = terms
        self.eligibility = eligibility
        self.referenceName = referenceName
        self.winBack = winBack
    }

    /// The eligibility each kind has when a file does not say: promotional offers go to current
    /// and lapsed subscribers, win-back offers to lapsed ones, codes to anyone.
    public static func defaultEligibility(of kind: Kind) -> Set<Eligibility> {
        switch kind {
        case .promotional: return [.existing, .expired]
        case .winBack: return [.expired]
        case .code: return [.new, .existing, .expired]
        }
    }
}

/// The conditions App Store Connect puts on a win-back offer, in months.
public struct WinBackCondition: Hashable, Sendable {
    /// The customer must have paid for at least this many months in the group.
    public var minimumPaidMonths: Int?
    /// The customer must have lapsed at least, and at most, this many months ago.
    public var minimumMonthsSinceLapse: Int?
    public var maximumMonthsSinceLapse: Int?

    public init(minimumPaidMonths: Int? = nil, minimumMonthsSinceLapse: Int? = nil, maximumMonthsSinceLapse: Int? = nil)
    {
        self.minimumPaidMonths = minimumPaidMonths
        self.minimumMonthsSinceLapse = minimumMonthsSinceLapse
        self.maximumMonthsSinceLapse = maximumMonthsSinceLapse
    }
}
