import FoundationEssentials

/// The whole app as a value: `update` takes a message and returns effects for the shell,
/// `render` draws the current state. Nothing here touches a terminal, a clock or a file.
public struct OnboardingApp: Sendable {
    public let deck: Deck
    /// Changes once when the terminal says its background is other than guessed.
    public internal(set) var theme: Theme
    public internal(set) var carousel: Carousel
    public internal(set) var width: Int
    public internal(set) var height: Int
    public internal(set) var isShowingHelp = false
    public let settings: AppSettings
    public internal(set) var slide: SlideMotion
    /// How far above its resting row the hero symbol of the current page is (rows).
    var symbolDrop: SpringAnimation
    /// The paywall's state; nil when no catalog was given, and until a paywall page is one
    /// step away (see `pendingPaywall`).
    public internal(set) var paywall: PaywallController?
    /// What makes the paywall's setup, until a paywall page is about to show: its locale,
    /// time zone and prices come from ICU, whose data costs milliseconds and megabytes to read,
    /// so a tour that never comes near its paywall never pays for it.
    var pendingPaywall: (@Sendable () -> PaywallSetup)?
    /// A ledger the shell sent before the paywall was built, newer than the setup's.
    private var pendingLedger: Ledger?
    /// The wall time the shell last reported, for a paywall built after it.
    private var lastWallDate: Date?
    /// Set while the shell finds the terminal slower than the frames (`Message.terminalPace`):
    /// page changes jump instead of sliding.
    var terminalIsSlow = false
    /// Confetti in flight, drawn over everything but the help.
    public internal(set) var confetti = ParticleSystem()
    /// One line in place of the progress dots until the next key: with reduced motion, what
    /// the confetti would have celebrated; under autoplay, why a purchase key did nothing.
    public internal(set) var celebrationNote: String?
    /// Rows each page is scrolled by, for pages whose text does not fit (clamped when drawn).
    var scrolls: [Int: Int] = [:]
    /// Makes one flick of the wheel one step.
    var wheel = WheelGesture()
    private var random: SeededGenerator
    private var hasAppeared = false
    /// Set when the tour is done and its finishing confetti flies: the quit waits for it.
    var pendingOutcome: TourEnding?
    /// Where the mouse button went down, so a release on the same spot is a click.
    var pressPoint: (x: Int, y: Int)?
    /// The paywall list's window for each set of inputs it was worked out from
    /// (`revealPaywallSelection`): a key that changes none of them, which is most keys and every
    /// key that only moves the selection, needs no new layout of the paywall. Copy that names
    /// the selected package's price gives one set per package, so a few are kept, not one.
    var paywallWindows: [PaywallRevealInputs: Int?] = [:]
    /// How far each page can scroll, for the content rectangle and theme it was worked out in:
    /// laying out a page's text for every Down or Up cost a millisecond.
    var scrollLimits: [Int: (content: Rect, theme: Theme, limit: Int)] = [:]
    /// Every page that came into view (indexes into the deck's pages), for the result.
    public internal(set) var pagesSeen: Set<Int> = []
    /// The review prompt while it is open, and once answered (closed).
    public internal(set) var reviewBox: ReviewBox?
    /// Pages turning by themselves; nil unless asked for (`AppSettings.autoplay`).
    public internal(set) var autoplay: Autoplay?
    /// Each question page's state, by page index: what is picked or typed, and the answer.
    public internal(set) var questions: [Int: QuestionState] = [:]
    /// What happened since the shell last took it (`takeEvents()`), for the event stream.
    var queuedEvents: [TourEvent] = []
    /// Paywall pages (deck indexes) showing their exit offer in their place, for the rest of the run.
    var exitOfferPages: Set<Int> = []
    /// The survey of a declined paywall while it is on screen (`OnboardingApp+Decline`).
    public internal(set) var survey: SurveyPrompt?
    /// The exit offers and surveys first shown in this run, for the state to keep.
    public internal(set) var declinesShown = DeclineMemory()
    /// The surveys' answers given in this run, with their "Other" lines, by id.
    var surveyAnswers: [String: Answer] = [:]

    public init(
        deck: Deck, colorMode: ColorMode, width: Int, height: Int, settings: AppSettings = AppSettings(),
        paywall: PaywallSetup? = nil
    ) {
        var makeSetup: (@Sendable () -> PaywallSetup)?
        if let paywall { makeSetup = { paywall } }
        self.init(
            deck: deck, colorMode: colorMode, width: width, height: height, settings: settings,
            paywallWhenNeeded: makeSetup)
    }

    /// An app whose paywall setup is made by `paywallWhenNeeded`, called once, when a paywall
    /// page is about to come into view (or `preparePaywall()` asks for it).
    public init(
        deck: Deck, colorMode: ColorMode, width: Int, height: Int, settings: AppSettings = AppSettings(),
        paywallWhenNeeded: (@Sendable () -> PaywallSetup)?
    ) {
        self.pendingPaywall = paywallWhenNeeded
        self.random = SeededGenerator(seed: settings.seed)
        self.deck = deck
        self.theme = Theme(accent: deck.accent, colorMode: colorMode, appearance: settings.appearance)
        self.carousel = Carousel(pageCount: deck.pages.count)
        self.width = width
        self.height = height
        self.settings = settings
        self.autoplay = settings.autoplay
        self.slide = SlideMotion(
            pageWidth: width, index: 0, timeStep: settings.timeStep, reducesMotion: settings.reducesMotion)
        self.symbolDrop = SpringAnimation(spring: SpringPreset.drop.spring(timeStep: settings.timeStep), restingAt: 0)
        for (index, page) in deck.pages.enumerated() {
            guard let question = page.question else { continue }
            questions[index] = QuestionState(question: question, startingWith: settings.answers)
        }
        // The tour starts on the first page its conditions show; a condition on an entitlement
        // takes the paywall's answer (its ledger and licenses), so it is built at once.
        if deck.conditionsReadEntitlements { preparePaywall() }
        if deck.hasConditions { carousel = Carousel(path: deck.path(in: conditionContext)) }
        queuedEvents.append(.tourStarted(pageCount: deck.pages.count))
        // The paywall first, so that the first page's events can name its offering.
        if case .paywall = deck.pages[carousel.currentIndex] { preparePaywall() }
        pageDidAppear()
    }

    /// Builds the paywall from its setup, if that is still to do: before a paywall page can
    /// come into view, and for the run's result.
    public mutating func preparePaywall() {
        guard let makeSetup = pendingPaywall else { return }
        pendingPaywall = nil
        var controller = PaywallController(setup: makeSetup(), seed: settings.seed)
        if let lastWallDate { controller.setWallDate(lastWallDate) }
        if let pendingLedger { controller.replaceLedger(pendingLedger) }
        pendingLedger = nil
        // Every paywall page's prices and copy are formatted once here, whatever brings the
        // page into view (a key, autoplay, a drag), not again in each frame that draws it.
        for case .paywall(let page) in deck.pages {
            controller.prepare(page)
            if let offer = page.exitOffer { controller.prepare(offer.page) }
        }
        paywall = controller
    }

    /// Builds the paywall when a page on the path from position `start` to `end`, or a
    /// neighbour of theirs, is a paywall page: a slide passes every page between, and a spring
    /// or a drag shows part of the next one.
    mutating func preparePaywall(between start: Int, and end: Int) {
        guard pendingPaywall != nil else { return }
        let positions = carousel.path.indices.clamped(to: (min(start, end) - 1)..<(max(start, end) + 2))
        if positions.contains(where: { deck.pages[carousel.path[$0]].isPaywall }) { preparePaywall() }
    }

    /// Rows a dropping symbol starts above its place.
    static let symbolDropHeight = 6.0

    /// Starts what a page does when it comes into view (the hero symbol's drop-in).
    mutating func pageDidAppear() {
        pagesSeen.insert(carousel.currentIndex)
        notePageViewed()
        guard case .hero(let hero) = deck.pages[carousel.currentIndex], hero.bounceOnAppear, !settings.reducesMotion,
            !terminalIsSlow
        else {
            symbolDrop.jump(to: 0)
            return
        }
        symbolDrop = SpringAnimation(
            spring: symbolDrop.spring, position: OnboardingApp.symbolDropHeight, velocity: 0, target: 0)
    }

    /// Moves to `position` on the path (clamped) and starts the slide; returns whether the
    /// page changed. A required question on the way stops it there (`reachablePage`).
    @discardableResult
    mutating func select(_ position: Int) -> Bool {
        let previous = carousel.position
        // Leaving a paywall forward may bring up its exit offer or survey instead.
        if position > previous, holdsBack(.forward(to: position)) {
            slide.show(previous)
            return false
        }
        guard carousel.select(reachablePage(toward: position)) else { return false }
        preparePaywall(between: previous, and: carousel.position)
        slide.show(carousel.position)
        if terminalIsSlow { slide.settle() }
        pageDidAppear()
        return true
    }

    /// Puts the page at `position` on the path on screen at once, whatever question comes
    /// before it, unanswered: for pictures of every page as it first looks, which no user
    /// could page to.
    mutating func cut(to position: Int) {
        let previous = carousel.position
        guard carousel.select(position) else { return }
        preparePaywall(between: previous, and: carousel.position)
        slide.show(carousel.position)
        slide.settle()
        pageDidAppear()
    }

    public var layout: CarouselLayout {
        CarouselLayout(
            width: width, height: height, pageIndex: carousel.position, pageCount: carousel.pageCount,
            labels: deck.labels, direction: settings.layoutDirection)
    }

    /// True while something moves; the shell then wakes for frames, otherwise it sleeps on input.
    public var isAnimating: Bool {
        slide.isMoving || !symbolDrop.isSettled || paywall?.isAnimating == true || confetti.isAlive || wheel.isOpen
    }

    /// True while a purchase or restore is on its way: being charged, restored or written to
    /// the ledger. A stop (Ctrl-Z) waits until this is false, so the terminal is not handed
    /// back with a purchase half done. The test store's sheet waits for the user, so it is not.
    public var isSettlingPurchase: Bool {
        switch paywall?.store.phase {
        case .purchasing, .restoring, .saving: return true
        case .idle, .confirming, nil: return false
        }
    }

    /// The next wall time something changes without input (a subscription renews or ends, the
    /// next page turns by itself): the shell sleeps until then and sends `.clock`.
    public var nextChange: Date? {
        [paywall?.nextChange, autoplay?.deadline, countdownTick].compactMap { $0 }.min()
    }

    /// Autoplay's turn: the next page, the first again after the last when looping; without
    /// looping the last page stays and autoplay ends. Nothing on the paywall is touched. A
    /// question page is left as Next leaves it, with the answer it holds; one that holds none
    /// (the user emptied it, then resumed) pauses autoplay rather than have it wait there.
    mutating func turnPageByItself() {
        guard pendingOutcome == nil, !isShowingReview, !slide.isDragging else { return }
        if !carousel.isLast {
            if !select(carousel.position + 1) { autoplay?.pause() }
        } else if autoplay?.loops == true {
            select(0)
        } else {
            autoplay?.finish()
        }
    }

    /// The paywall page on screen, if the current page is one and a catalog exists.
    var currentPaywallPage: PaywallPage? {
        guard paywall != nil else { return nil }
        return shownPaywallPage(at: carousel.currentIndex)
    }

    /// Carries out what the store did: the session's ledger learns it, the shell writes it.
    mutating func perform(_ events: [StoreEvent]) -> [Effect] {
        var effects: [Effect] = []
        for event in events {
            switch event {
            case .record(let transaction): effects.append(.record(transaction))
            case .celebrate: celebrate()
            case .openAddress(let url): effects.append(.openAddress(url))
            case .checkoutOpened(let sheet): effects.append(.rememberCheckout(sheet))
            case .verifyLicense(let text, let key): effects.append(.verifyLicense(text, key: key))
            }
        }
        return effects
    }

    static var purchasedNote: String { Messages.tr("✓ Purchased") }
    static var noConfettiNote: String { Messages.tr("No confetti with reduced motion") }

    /// A successful purchase is celebrated.
    mutating func celebrate() { fire(deck.confetti.onPurchase, reducedMotionNote: OnboardingApp.purchasedNote) }

    /// Throws a cannon's confetti; with reduced motion nothing flies and `note` shows instead.
    mutating func fire(_ cannon: ConfettiCannon?, reducedMotionNote note: String? = nil) {
        guard let cannon, width > 0, height > 0 else { return }
        if settings.reducesMotion {
            celebrationNote = note
        } else {
            confetti.fire(cannon, in: (width, height), rng: &random)
        }
    }

    /// The page the user was on last.
    public var lastPage: Int { carousel.currentIndex }

    /// True while the review box is on screen.
    public var isShowingReview: Bool { reviewBox.map { !$0.isClosed } ?? false }

    /// How the review prompt was answered; nil when it was not shown or left unanswered.
    public var reviewAnswer: ReviewAnswer? { reviewBox?.answer }

    /// Ends the tour: a completed one first asks for a rating when the caller allows it; with
    /// finishing confetti, the quit waits until the last piece lands.
    mutating func finish(_ outcome: TourEnding) -> [Effect] {
        if outcome == .completed, reviewBox == nil, holdsBack(.finish) { return [] }
        if outcome == .completed, reviewBox == nil, settings.offersReview, let prompt = deck.review {
            reviewBox = ReviewBox(prompt: prompt)
            return []
        }
        // Done on a question page answers it first, as Next would.
        if outcome == .completed, !leaveQuestion(at: carousel.currentIndex) { return [] }
        guard let cannon = deck.confetti.onFinish, !settings.reducesMotion, width > 0 else { return [.quit(outcome)] }
        fire(cannon)
        pendingOutcome = outcome
        return []
    }

    /// Takes `message` and returns what the shell must do; what happened on the way is queued
    /// for `takeEvents()`.
    public mutating func update(_ message: Message) -> [Effect] {
        let before = EventProbe(self, message: message)
        let effects = respond(to: message)
        // A purchase, a restore or a license may change what the entitlements show; ticks
        // follow it only when the store did something (`advance`).
        if case .tick = message {} else if deck.conditionsReadEntitlements { followPath() }
        noteEvents(since: before)
        return effects
    }

    mutating func respond(to message: Message) -> [Effect] {
        switch message {
        case .key(let key):
            defer { revealPaywallSelection() }
            return handle(key)
        case .mouse(let event):
            defer { revealPaywallSelection() }
            return handle(event)
        case .resize(let newWidth, let newHeight):
            defer { revealPaywallSelection() }
            resize(width: newWidth, height: newHeight)
            return []
        case .tick(let seconds):
            return advance(seconds: seconds)
        case .clock(let date):
            lastWallDate = date
            paywall?.setWallDate(date)
            if autoplay?.clockDidMove(to: date) == true { turnPageByItself() }
            return []
        case .ledgerChanged(let ledger):
            if pendingPaywall != nil { pendingLedger = ledger }
            paywall?.replaceLedger(ledger)
            return []
        case .recordFinished(let transactionID, let result):
            guard let events = paywall?.finishRecording(transactionID, result: result) else { return [] }
            return perform(events)
        case .storageProblem(let problem):
            // The problem shows in the paywall's box, whatever page is on screen.
            preparePaywall()
            paywall?.reportStorageProblem(problem)
            return []
        case .terminalPace(let isSlow):
            terminalIsSlow = isSlow
            // A slide under way finishes at once; one the finger holds waits for its release.
            if isSlow {
                slide.settle()
                symbolDrop.jump(to: 0)
            }
            return []
        case .presented:
            // A box that is not drawn (a window too small for anything) has not been seen.
            if !layout.isTooSmall { paywall?.framePresented() }
            return []
        case .interrupt(let outcome):
            return [.quit(outcome)]
        case .terminalBackground(let color):
            if settings.followsTerminalBackground, color != theme.background {
                theme = Theme(accent: deck.accent, colorMode: theme.colorMode, background: color)
            }
            return []
        case .paste(let text):
            return paste(text)
        case .licenseChecked(let outcome, let licenses):
            return paywall.map { _ in perform(paywall!.finishLicenseCheck(outcome, licenses: licenses)) } ?? []
        case .addressOpened(let failure):
            paywall?.addressOpened(failure: failure)
            return []
        }
    }

    /// The window took a new size: the pages and the confetti follow it, and the tour's first
    /// confetti fires once there is room to show it.
    mutating func resize(width newWidth: Int, height newHeight: Int) {
        width = max(0, newWidth)
        height = max(0, newHeight)
        slide.resize(pageWidth: width, index: carousel.position)
        confetti.resize(width: width, height: height)
        if !hasAppeared && width > 0 && height > 0 {
            hasAppeared = true
            fire(deck.confetti.onAppear)
        }
    }

    /// One frame's time passed: the slide, the wheel, the dropping symbol, the confetti (whose
    /// end quits a finishing tour) and the store move on.
    mutating func advance(seconds: Double) -> [Effect] {
        slide.tick(seconds: seconds)
        wheel.tick(seconds: seconds, slideIsMoving: slide.isMoving)
        if symbolDrop.spring.timeStep != seconds {
            symbolDrop.spring = SpringPreset.drop.spring(timeStep: seconds)
        }
        symbolDrop.advance()
        var effects: [Effect] = []
        if confetti.isAlive {
            confetti.step(dt: seconds)
            effects += Array(repeating: .bell, count: min(1, confetti.takeBells()))
            if !confetti.isAlive, let outcome = pendingOutcome { return effects + [.quit(outcome)] }
        }
        if let events = paywall?.tick(seconds: seconds), !events.isEmpty {
            effects += perform(events)
            followPath()
        }
        return effects
    }

    /// Pasted text: only a text question and the paywall's box on top, when it takes text (a
    /// license on the checkout sheet, a code in the offer code box), take it; a paste is never
    /// taken for keys.
    mutating func paste(_ text: String) -> [Effect] {
        if case .question(.inputQuestion) = focus {
            _ = questions[carousel.currentIndex]?.paste(text)
            return []
        }
        if case .survey(.inputQuestion) = focus {
            _ = survey?.state.paste(text)
            return []
        }
        return paywall?.paste(text).map { perform($0) } ?? []
    }
}
