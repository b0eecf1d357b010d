/// One page of the carousel.
public enum Page: Hashable, Sendable {
    /// Art, a heading and text: the usual onboarding step.
    case step(StepPage)
    /// A large named symbol with a title and subtitle.
    case hero(HeroPage)
    /// The paywall for one offering of the catalog.
    case paywall(PaywallPage)
    /// A question whose answer the host gets (`QuestionPage`).
    case question(QuestionPage)

    /// The question the page asks; nil for other pages.
    public var question: QuestionPage? {
        if case .question(let page) = self { return page }
        return nil
    }

    public var isPaywall: Bool {
        if case .paywall = self { return true }
        return false
    }

    /// The words a page is known by, for plain output and help.
    public var title: String {
        switch self {
        case .step(let page): return page.heading
        case .hero(let page): return page.title
        case .paywall(let page): return page.title ?? "Upgrade"
        case .question(let page): return page.heading
        }
    }
}

public struct StepPage: Hashable, Sendable {
    /// Text-art lines, already made safe and free of tabs and escapes.
    public var art: [String]
    /// The art's colours, one style per grapheme of each line, from the SGR escapes it was
    /// written with; empty for art in the page's own colour.
    public var artStyles: [[Style]]
    public var heading: String
    public var text: String
    /// A PNG picture shown in place of the art (`"image": "logo.png"`).
    public var picture: PagePicture?

    public init(
        art: [String] = [], artStyles: [[Style]] = [], heading: String, text: String, picture: PagePicture? = nil
    ) {
        self.art = art
        self.artStyles = artStyles
        self.heading = heading
        self.text = text
        self.picture = picture
    }
}

public struct HeroPage: Hashable, Sendable {
    public var symbolName: String
    public var title: String
    public var subtitle: String
    /// The symbol drops in and settles with a bouncy spring when the page appears.
    public var bounceOnAppear: Bool
    /// A PNG picture shown instead of the symbol (`"image": "logo.png"`); the symbol's name is
    /// then empty.
    public var picture: PagePicture?

    public init(
        symbolName: String, title: String, subtitle: String = "", bounceOnAppear: Bool = false,
        picture: PagePicture? = nil
    ) {
        self.symbolName = symbolName
        self.title = title
        self.subtitle = subtitle
        self.bounceOnAppear = bounceOnAppear
        self.picture = picture
    }
}

/// A paywall page: which offering, and the words the deck gives it. Each word the deck sets
/// replaces the catalog's, so a deck over a bare `.storekit` file (which has no copy) can still
/// say what it sells.
public struct PaywallPage: Hashable, Sendable {
    /// The offering to show; nil means the catalog's current offering.
    public var offeringID: String?
    public var title: String?
    public var subtitle: String?
    public var features: [String]?
    public var callToAction: String?
    public var callToActionWithIntroOffer: String?
    /// What the page offers once to a user who leaves it without buying.
    public var exitOffer: ExitOffer?
    /// What the page asks once of a user who declined it.
    public var survey: PaywallSurvey?
    /// The page's layout and period switch, over the catalog's (`PaywallDesign.overriding`).
    public var design = PaywallDesign()

    public init(
        offeringID: String? = nil, title: String? = nil, subtitle: String? = nil, features: [String]? = nil,
        callToAction: String? = nil, callToActionWithIntroOffer: String? = nil, exitOffer: ExitOffer? = nil,
        survey: PaywallSurvey? = nil
    ) {
        self.exitOffer = exitOffer
        self.survey = survey
        self.offeringID = offeringID
        self.title = title
        self.subtitle = subtitle
        self.features = features
        self.callToAction = callToAction
        self.callToActionWithIntroOffer = callToActionWithIntroOffer
    }

    /// The catalog's copy with every word this page sets put in its place.
    public func overriding(_ copy: PaywallCopy) -> PaywallCopy {
        var result = copy
        if let title { result.title = title }
        if let subtitle { result.subtitle = subtitle }
        if let features { result.features = features }
        if let callToAction { result.callToAction = callToAction }
        if let callToActionWithIntroOffer { result.callToActionWithIntroOffer = callToActionWithIntroOffer }
        return result
    }
}
