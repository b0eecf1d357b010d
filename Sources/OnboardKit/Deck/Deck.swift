/// The onboarding content: which app it belongs to, its pages, and how it looks.
public struct Deck: Sendable {
    public var app: AppInfo
    /// The accent colour for highlights; nil means the default accent.
    public var accent: Color?
    public var labels: ButtonLabels
    public var pages: [Page]
    /// The paywall's catalog, resolved against the deck's folder; nil when the deck names none.
    public var catalogPath: String?
    /// Which confetti fires when: on appear, on finish, on a purchase, on `c`.
    public var confetti: ConfettiTriggers
    /// The version each page was introduced in (`"since"`), one entry per page; nil for a page
    /// as old as the app. Shorter than `pages` when the pages after it have none.
    public var pageSince: [String?]
    /// The review prompt offered after a completed tour; nil when the deck asks for none.
    public var review: ReviewPrompt?
    /// Drawn behind every page that has no background of its own; nil for none.
    public var background: Background?
    /// Each page's own `"background"`, one entry per page (nil: the deck's). Shorter than
    /// `pages` when the pages after it have none.
    public var pageBackgrounds: [Background?] = []
    /// Each page's `"when"`, one entry per page (nil: always shown). Shorter than `pages` when
    /// the pages after it have none.
    public var pageConditions: [PageCondition?] = []
    /// The deck's `"experiments"`, in its order; empty for none.
    public var experiments: [Experiment] = []
    /// The reader's variant of each experiment, as the deck's texts were chosen for; empty
    /// when the deck has no experiments, the reader is held out, or none was assigned.
    public var assignments: [String: String] = [:]

    public init(
        app: AppInfo, accent: Color? = nil, labels: ButtonLabels = ButtonLabels(), pages: [Page],
        catalogPath: String? = nil, confetti: ConfettiTriggers = .default, pageSince: [String?] = [],
        review: ReviewPrompt? = nil
    ) {
        self.confetti = confetti
        self.pageSince = pageSince
        self.review = review
        self.app = app
        self.accent = accent
        self.labels = labels
        self.pages = pages
        self.catalogPath = catalogPath
    }

    /// True when some page is a paywall, which then needs a catalog.
    public var hasPaywall: Bool {
        pages.contains(where: \.isPaywall)
    }

    /// The version page `index` was introduced in, if the deck says.
    public func since(ofPage index: Int) -> String? { index < pageSince.count ? pageSince[index] : nil }

    /// What is drawn behind page `index`: its own background, else the deck's; nil for none.
    public func background(ofPage index: Int) -> Background? {
        let own = index < pageBackgrounds.count ? pageBackgrounds[index] : nil
        guard let chosen = own ?? background, chosen.source != .none else { return nil }
        return chosen
    }

    /// The `since` of every page, one entry per page.
    public var allPageSince: [String?] { pages.indices.map(since(ofPage:)) }

    /// The same deck with only the pages at `indexes` (in the order given): "What's New".
    public func keepingPages(_ indexes: [Int]) -> Deck {
        var deck = self
        deck.pages = indexes.map { pages[$0] }
        deck.pageSince = indexes.map(since(ofPage:))
        deck.pageBackgrounds = indexes.map { $0 < pageBackgrounds.count ? pageBackgrounds[$0] : nil }
        deck.pageConditions = indexes.map(condition(ofPage:))
        return deck
    }
}

/// The deck's request for a rating once the tour is completed.
public struct ReviewPrompt: Hashable, Sendable {
    /// The question, "Enjoying Thai Drive?".
    public var prompt: String
    /// Where to leave a review; shown to those who give 4 or 5 stars.
    public var url: String?

    public init(prompt: String, url: String? = nil) {
        self.prompt = prompt
        self.url = url
    }
}

/// The app a deck introduces; its id and version decide when onboarding shows again.
public struct AppInfo: Hashable, Sendable {
    public var id: String
    public var name: String
    public var version: String

    public init(id: String, name: String, version: String) {
        self.id = id
        self.name = name
        self.version = version
    }
}

/// The words on the carousel's buttons; a deck may override any of them. The built-in words are
/// translated when shown, not when the deck is read: a run that shows nothing reads no catalog.
public struct ButtonLabels: Hashable, Sendable {
    private var nextOverride: String?
    private var backOverride: String?
    private var skipOverride: String?
    private var doneOverride: String?

    public var next: String {
        get { nextOverride ?? Messages.tr("Next") }
        set { nextOverride = newValue }
    }
    public var back: String {
        get { backOverride ?? Messages.tr("Back") }
        set { backOverride = newValue }
    }
    public var skip: String {
        get { skipOverride ?? Messages.tr("Skip") }
        set { skipOverride = newValue }
    }
    public var done: String {
        get { doneOverride ?? Messages.tr("Get started") }
        set { doneOverride = newValue }
    }

    public init(next: String? = nil, back: String? = nil, skip: String? = nil, done: String? = nil) {
        nextOverride = next
        backOverride = back
        skipOverride = skip
        doneOverride = done
    }
}
