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

    public init(
        app: AppInfo, accent: Color? = nil, labels: ButtonLabels = ButtonLabels(), pages: [Page],
        catalogPath: String? = nil, confetti: ConfettiTriggers = .default
    ) {
        self.confetti = confetti
        self.app = app
        self.accent = accent
        self.labels = labels
        self.pages = pages
        self.catalogPath = catalogPath
    }

    /// True when some page is a paywall, which then needs a catalog.
    public var hasPaywall: Bool {
        pages.contains { if case .paywall = $0 { return true } else { return false } }
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

/// The words on the carousel's buttons; a deck may override any of them.
public struct ButtonLabels: Hashable, Sendable {
    public var next: String
    public var back: String
    public var skip: String
    public var done: String

    public init(next: String = "Next", back: String = "Back", skip: String = "Skip", done: String = "Get started") {
        self.next = next
        self.back = back
        self.skip = skip
        self.done = done
    }
}
