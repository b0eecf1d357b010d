import FoundationEssentials

/// The whole app as a value: `update` takes a message and returns effects for the shell,
/// `render` draws the current state. Nothing here touches a terminal, a clock or a file.
public struct OnboardingApp: Sendable {
    public let deck: Deck
    /// Changes once when the terminal says its background is other than guessed.
    public private(set) var theme: Theme
    public private(set) var carousel: Carousel
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var isShowingHelp = false
    public let settings: AppSettings
    public private(set) var slide: SlideMotion
    /// How far above its resting row the hero symbol of the current page is (rows).
    private var symbolDrop: SpringAnimation
    /// The paywall's state; nil when no catalog was given, and until a paywall page is one
    /// step away (see `pendingPaywall`).
    public private(set) var paywall: PaywallController?
    /// What makes the paywall's setup, until a paywall page is about to show: its locale,
    /// time zone and prices come from ICU, whose data costs milliseconds and megabytes to read,
    /// so a tour that never comes near its paywall never pays for it.
    private var pendingPaywall: (@Sendable () -> PaywallSetup)?
    /// A ledger the shell sent before the paywall was built, newer than the setup's.
    private var pendingLedger: Ledger?
    /// The wall time the shell last reported, for a paywall built after it.
    private var lastWallDate: Date?
    /// Set while the shell finds the terminal slower than the frames (`Message.terminalPace`):
    /// page changes jump instead of sliding.
    private var terminalIsSlow = false
    /// Confetti in flight, drawn over everything but the help.
    public private(set) var confetti = ParticleSystem()
    /// One line in place of the progress dots until the next key: with reduced motion, what
    /// the confetti would have celebrated; under autoplay, why a purchase key did nothing.
    public private(set) var celebrationNote: String?
    /// Rows each page is scrolled by, for pages whose text does not fit (clamped when drawn).
    private var scrolls: [Int: Int] = [:]
    /// Makes one flick of the wheel one step.
    private var wheel = WheelGesture()
    private var random: SeededGenerator
    private var hasAppeared = false
    /// Set when the tour is done and its finishing confetti flies: the quit waits for it.
    private var pendingOutcome: Outcome?
    /// Where the mouse button went down, so a release on the same spot is a click.
    private var pressPoint: (x: Int, y: Int)?
    /// The paywall list's window for each set of inputs it was worked out from
    /// (`revealPaywallSelection`): a key that changes none of them, which is most keys and every
    /// key that only moves the selection, needs no new layout of the paywall. Copy that names
    /// the selected package's price gives one set per package, so a few are kept, not one.
    private var paywallWindows: [PaywallRevealInputs: Int?] = [:]
    /// How far each page can scroll, for the content rectangle and theme it was worked out in:
    /// laying out a page's text for every Down or Up cost a millisecond.
    private var scrollLimits: [Int: (content: Rect, theme: Theme, limit: Int)] = [:]
    /// Every page that came into view (indexes into the deck's pages), for the result.
    public private(set) var pagesSeen: Set<Int> = []
    /// The review prompt while it is open, and once answered (closed).
    public private(set) var reviewBox: ReviewBox?
    /// Pages turning by themselves; nil unless asked for (`AppSettings.autoplay`).
    public private(set) var autoplay: Autoplay?

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
        pageDidAppear()
        if case .paywall? = deck.pages.first { preparePaywall() }
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
        for case .paywall(let page) in deck.pages { controller.prepare(page) }
        paywall = controller
    }

    /// Builds the paywall when a page from `start` to `end`, or a neighbour of theirs, is a
    /// paywall page: a slide passes every page between, and a spring or a drag shows part of
    /// the next one.
    private mutating func preparePaywall(between start: Int, and end: Int) {
        guard pendingPaywall != nil else { return }
        let pages = deck.pages.indices.clamped(to: (min(start, end) - 1)..<(max(start, end) + 2))
        if pages.contains(where: { deck.pages[$0].isPaywall }) { preparePaywall() }
    }

    /// Rows a dropping symbol starts above its place.
    static let symbolDropHeight = 6.0

    /// Starts what a page does when it comes into view (the hero symbol's drop-in).
    private mutating func pageDidAppear() {
        pagesSeen.insert(carousel.currentIndex)
        guard case .hero(let hero) = deck.pages[carousel.currentIndex], hero.bounceOnAppear, !settings.reducesMotion,
            !terminalIsSlow
        else {
            symbolDrop.jump(to: 0)
            return
        }
        symbolDrop = SpringAnimation(
            spring: symbolDrop.spring, position: OnboardingApp.symbolDropHeight, velocity: 0, target: 0)
    }

    /// Moves to `index` (clamped) and starts the slide; returns whether the page changed.
    @discardableResult
    private mutating func select(_ index: Int) -> Bool {
        let previous = carousel.currentIndex
        guard carousel.select(index) else { return false }
        preparePaywall(between: previous, and: carousel.currentIndex)
        slide.show(carousel.currentIndex)
        if terminalIsSlow { slide.settle() }
        pageDidAppear()
        return true
    }

    public var layout: CarouselLayout {
        CarouselLayout(
            width: width, height: height, pageIndex: carousel.currentIndex, pageCount: carousel.pageCount,
            labels: deck.labels)
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
        [paywall?.nextChange, autoplay?.deadline].compactMap { $0 }.min()
    }

    /// Autoplay's turn: the next page, the first again after the last when looping; without
    /// looping the last page stays and autoplay ends. Nothing on the paywall is touched.
    private mutating func turnPageByItself() {
        guard pendingOutcome == nil, !isShowingReview, !slide.isDragging else { return }
        if !carousel.isLast {
            select(carousel.currentIndex + 1)
        } else if autoplay?.loops == true {
            select(0)
        } else {
            autoplay?.finish()
        }
    }

    /// The paywall page on screen, if the current page is one and a catalog exists.
    var currentPaywallPage: PaywallPage? {
        guard paywall != nil, case .paywall(let page) = deck.pages[carousel.currentIndex] else { return nil }
        return page
    }

    /// Carries out what the store did: the session's ledger learns it, the shell writes it.
    private mutating func perform(_ events: [StoreEvent]) -> [Effect] {
        var effects: [Effect] = []
        for event in events {
            switch event {
            case .record(let transaction): effects.append(.record(transaction))
            case .celebrate: celebrate()
            }
        }
        return effects
    }

    static let purchasedNote = "✓ Purchased"
    static let noConfettiNote = "No confetti with reduced motion"

    /// A successful purchase is celebrated.
    private mutating func celebrate() { fire(deck.confetti.onPurchase, reducedMotionNote: OnboardingApp.purchasedNote) }

    /// Throws a cannon's confetti; with reduced motion nothing flies and `note` shows instead.
    private mutating func fire(_ cannon: ConfettiCannon?, reducedMotionNote note: String? = nil) {
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
    private mutating func finish(_ outcome: Outcome) -> [Effect] {
        if outcome == .completed, reviewBox == nil, settings.offersReview, let prompt = deck.review {
            reviewBox = ReviewBox(prompt: prompt)
            return []
        }
        guard let cannon = deck.confetti.onFinish, !settings.reducesMotion, width > 0 else { return [.quit(outcome)] }
        fire(cannon)
        pendingOutcome = outcome
        return []
    }

    public mutating func update(_ message: Message) -> [Effect] {
        switch message {
        case .key(let key):
            defer { revealPaywallSelection() }
            return handle(key)
        case .mouse(let event):
            defer { revealPaywallSelection() }
            return handle(event)
        case .resize(let newWidth, let newHeight):
            defer { revealPaywallSelection() }
            width = max(0, newWidth)
            height = max(0, newHeight)
            slide.resize(pageWidth: width, index: carousel.currentIndex)
            confetti.resize(width: width, height: height)
            if !hasAppeared && width > 0 && height > 0 {
                hasAppeared = true
                fire(deck.confetti.onAppear)
            }
            return []
        case .tick(let seconds):
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
            if let events = paywall?.tick(seconds: seconds) { effects += perform(events) }
            return effects
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
        case .paste:
            // No page takes text yet; a paste is never taken for keys.
            return []
        }
    }

    /// What is on screen, top first: the layers a key or a click goes down until one takes it.
    /// The carousel is always at the bottom.
    public var focusStack: [Focus] {
        var stack: [Focus] = []
        if pendingOutcome != nil { stack.append(.finishing) }
        if let reviewBox, isShowingReview {
            stack.append(.review(reviewBox.stage == .showingAddress ? .message : .review))
        }
        if isShowingHelp { stack.append(.help) }
        if let autoplay, !autoplay.isFinished { stack.append(.autoplay(isPaused: autoplay.isPaused)) }
        if let paywall {
            if currentPaywallPage != nil {
                stack.append(.paywall(paywall.keyContext))
            } else if paywall.keyContext == .notice {
                stack.append(.storeNotice)
            }
        }
        stack.append(.carousel)
        return stack
    }

    /// What is on top: what the next key goes to first.
    public var focus: Focus { focusStack[0] }

    /// Carries out what `key` does, as the table of key bindings (`KeyBindings`) says for the
    /// layers on screen, top first.
    private mutating func handle(_ key: Key) -> [Effect] {
        if KeyBindings.action(for: key, in: .anywhere) == .interrupt { return [.quit(.interrupted)] }
        // While the finishing confetti flies, any key ends at once.
        if let outcome = pendingOutcome { return [.quit(outcome)] }
        celebrationNote = nil
        // A key in the middle of a drag ends the drag: the key decides the page.
        slide.cancelDrag(index: carousel.currentIndex)
        for layer in focusStack {
            if let effects = handle(key, in: layer) { return effects }
        }
        return []
    }

    /// What `key` does in one layer; nil when the layer leaves it to the one below.
    private mutating func handle(_ key: Key, in layer: Focus) -> [Effect]? {
        let action = KeyBindings.action(for: key, in: layer.keyContext)
        switch layer {
        case .finishing:
            return pendingOutcome.map { [.quit($0)] } ?? []
        case .review:
            reviewBox?.handle(key)
            return isShowingReview ? [] : finish(.completed)
        case .help:
            if action == .close { isShowingHelp = false }
            return []
        case .autoplay:
            switch action {
            case .pauseAutoplay: autoplay?.pause()
            case .resumeAutoplay: autoplay?.resume()
            case .quit: return [.quit(.dismissed)]
            case nil: return nil
            default: break
            }
            return []
        case .storeNotice:
            // A storage box can come up over any page; there, as on the paywall, it takes the
            // keys rather than leave them to the pages under it.
            if Self.quitsThroughPaywall(key) { return nil }
            return perform(paywall!.handleNoticeKey(key))
        case .paywall(let context):
            if Self.quitsThroughPaywall(key) { return nil }
            return handlePaywallPage(action, isPageKey: context == .paywall)
        case .carousel:
            return action.map { perform($0, key: key) } ?? []
        }
    }

    /// The tour's quit keys that the paywall leaves alone (q) quit through its boxes and
    /// purchases too.
    private static func quitsThroughPaywall(_ key: Key) -> Bool {
        KeyBindings.action(for: key, in: .carousel) == .quit && KeyBindings.action(for: key, in: .paywall) == nil
    }

    /// An action on the paywall page, from its key or a click: nil leaves it to the carousel.
    /// `isPageKey`: the action is the page's own (no box of the paywall's is up).
    private mutating func handlePaywallPage(_ action: KeyAction?, isPageKey: Bool = true) -> [Effect]? {
        guard let page = currentPaywallPage, let paywall else { return nil }
        // A demo never buys: the paywall's purchase and restore keys do nothing under autoplay.
        if autoplay != nil, isPageKey, action == .buy || action == .restore {
            // Paused, the key reached the paywall and would seem broken without a word.
            celebrationNote = Self.purchasesOffNote
            return []
        }
        let blocking = paywall.isBlockingNavigation
        // Enter buys only a package the customer can see, never one scrolled out of the list.
        if action == .buy, !blocking, !isSelectedPackageOnScreen { return [] }
        if let events = self.paywall!.perform(action, on: page) { return perform(events) }
        // While a purchase runs, Not now, Back and paging wait too.
        if blocking { return [] }
        if action == .notNow {
            if carousel.isLast { return [.quit(.skipped)] }
            select(carousel.currentIndex + 1)
            return []
        }
        return nil
    }

    /// Carries out an action of the tour's keys.
    private mutating func perform(_ action: KeyAction, key: Key) -> [Effect] {
        switch action {
        case .nextPage:
            select(carousel.currentIndex + 1)
        case .advance:
            if carousel.isLast { return finish(.completed) }
            select(carousel.currentIndex + 1)
        case .previousPage:
            select(carousel.currentIndex - 1)
        case .firstPage:
            select(0)
        case .lastPage:
            select(carousel.pageCount - 1)
        case .jumpToPage:
            // A digit past the last page is no page.
            if let page = key.digit, page <= carousel.pageCount { select(page - 1) }
        case .scrollDown:
            scrollPage(by: 1)
        case .scrollUp:
            scrollPage(by: -1)
        case .skip:
            return [.quit(.skipped)]
        case .showHelp:
            isShowingHelp = true
        case .celebrate:
            fire(deck.confetti.onCelebrate, reducedMotionNote: OnboardingApp.noConfettiNote)
        case .quit:
            return [.quit(.dismissed)]
        case .interrupt:
            return [.quit(.interrupted)]
        default:
            break
        }
        return []
    }

    private mutating func handle(_ event: MouseEvent) -> [Effect] {
        // A drag shows part of a neighbouring page.
        if event.kind == .press { preparePaywall(between: carousel.currentIndex, and: carousel.currentIndex) }
        let layout = self.layout
        guard !layout.isTooSmall else { return [] }
        let isPress = event.kind == .click || event.kind == .release
        if isPress { celebrationNote = nil }
        // The layers above the pages take the mouse whole, top first; a paused autoplay and a
        // paywall page without a box leave it to the pages.
        for layer in focusStack {
            switch layer {
            case .finishing:
                return isPress ? pendingOutcome.map { [.quit($0)] } ?? [] : []
            case .review:
                slide.cancelDrag(index: carousel.currentIndex)
                guard isPress else { return [] }
                reviewBox?.click(x: event.x, y: event.y, in: (width, height))
                return isShowingReview ? [] : finish(.completed)
            case .help:
                slide.cancelDrag(index: carousel.currentIndex)
                if isPress { isShowingHelp = false }
                return []
            case .autoplay(isPaused: false):
                // A click or the wheel takes over from autoplay, as a key does, and only that:
                // the press of a click is swallowed too, so its release cannot act once paused.
                if event.kind != .press && event.kind != .drag { autoplay?.pause() }
                return []
            case .storeNotice, .paywall(.notice), .paywall(.message), .paywall(.testStoreSheet):
                return dismissPaywallBox(isPress: isPress)
            case .paywall where paywall!.isBlockingNavigation:
                // A purchase under way: the pages wait, as for keys.
                return dismissPaywallBox(isPress: isPress)
            case .autoplay, .paywall, .carousel:
                continue
            }
        }
        switch event.kind {
        case .press:
            pressPoint = (event.x, event.y)
            if layout.content.contains(x: event.x, y: event.y) { slide.beginDrag(x: event.x) }
        case .drag:
            slide.drag(to: event.x, pageCount: carousel.pageCount)
        case .release where slide.isDragging:
            slide.drag(to: event.x, pageCount: carousel.pageCount)
            let index = slide.endDrag(currentIndex: carousel.currentIndex, pageCount: carousel.pageCount)
            if terminalIsSlow { slide.settle() }
            if carousel.select(index) {
                pageDidAppear()
            } else if let press = pressPoint, press.y == event.y, abs(press.x - event.x) <= 1,
                let effects = clickPaywall(x: event.x, y: event.y)
            {
                // A press and release in one place is a click on the paywall, not a swipe.
                pressPoint = nil
                return effects
            }
            pressPoint = nil
        case .click, .release:
            pressPoint = nil
            if let effects = clickPaywall(x: event.x, y: event.y) { return effects }
            if layout.backButton?.contains(x: event.x, y: event.y) == true {
                select(carousel.currentIndex - 1)
            } else if layout.nextButton?.contains(x: event.x, y: event.y) == true {
                select(carousel.currentIndex + 1)
            } else if layout.doneButton?.contains(x: event.x, y: event.y) == true {
                return finish(.completed)
            } else if layout.skipButton?.contains(x: event.x, y: event.y) == true {
                return [.quit(.skipped)]
            } else if event.y == layout.dotsRow, let page = layout.page(atDotColumn: event.x) {
                select(page)
            }
        case .wheelDown:
            turnWheel(1)
        case .wheelUp:
            turnWheel(-1)
        }
        return []
    }

    /// A wheel event scrolls a page whose text overflows, and pages at the text's ends; a
    /// flick's burst of events is one step (`WheelGesture`). Paywall pages only page.
    private mutating func turnWheel(_ direction: Int) {
        let allowance = wheel.allowance(direction: direction)
        guard allowance != .none else { return }
        if currentPaywallPage == nil, keptScrollLimit() > 0 {
            // The rest of a flick that reached the end of the text is spent there, not on paging.
            if scrollPage(by: direction) || allowance == .scrollOnly {
                wheel.record(.scrolled, direction: direction)
                return
            }
        }
        guard allowance == .any else { return }
        if select(carousel.currentIndex + direction) { wheel.record(.paged, direction: direction) }
    }

    /// The view of the page at `index`, as it is drawn now.
    private func pageView(at index: Int) -> PageView {
        let lift = index == carousel.currentIndex ? Int(symbolDrop.position.rounded()) : 0
        return PageView(page: deck.pages[index], theme: theme, symbolLift: lift, scroll: scrolls[index] ?? 0)
    }

    /// How far the current page can scroll at this size; 0 when it fits (or is a paywall).
    public var scrollLimit: Int {
        guard !layout.isTooSmall, currentPaywallPage == nil else { return 0 }
        let content = layout.content
        if let kept = scrollLimits[carousel.currentIndex], kept.content == content, kept.theme == theme {
            return kept.limit
        }
        return freshScrollLimit
    }

    /// `scrollLimit` laid out now, from nothing kept: what the kept limits must always equal.
    var freshScrollLimit: Int {
        guard !layout.isTooSmall, currentPaywallPage == nil else { return 0 }
        return pageView(at: carousel.currentIndex).scrollLimit(in: layout.content)
    }

    /// `scrollLimit`, kept for the page at this size: keys then lay out no text.
    private mutating func keptScrollLimit() -> Int {
        let limit = scrollLimit
        if !layout.isTooSmall, currentPaywallPage == nil {
            scrollLimits[carousel.currentIndex] = (layout.content, theme, limit)
        }
        return limit
    }

    /// Rows the current page is scrolled by.
    public var scrollOffset: Int { min(scrolls[carousel.currentIndex] ?? 0, scrollLimit) }

    /// Scrolls the current page by `rows` within its limit; returns whether it moved.
    @discardableResult
    private mutating func scrollPage(by rows: Int) -> Bool {
        let limit = keptScrollLimit()
        let current = min(scrolls[carousel.currentIndex] ?? 0, limit)
        let next = min(max(0, current + rows), limit)
        scrolls[carousel.currentIndex] = next
        return next != current
    }

    // MARK: The paywall on screen

    /// Where the current page's paywall is drawn now (the slide may have it part-way in), or
    /// once the slide has come to rest.
    private func paywallPlacement(atRest: Bool = false) -> PaywallView.Placement? {
        guard let page = currentPaywallPage, let presentation = paywall?.presentation(for: page) else { return nil }
        let content = layout.content
        let left = atRest ? 0 : carousel.currentIndex * max(1, content.width) - Int(slide.offset.rounded())
        return PaywallView(presentation: presentation, theme: theme).placement(
            in: content.offsetBy(dx: left), clip: content)
    }

    /// What the current page's paywall leaves out to fit the window at rest (`PaywallView.leftOut`);
    /// nil on a page that is not a paywall.
    public var paywallLeftOut: [String]? {
        guard let page = currentPaywallPage, let presentation = paywall?.presentation(for: page) else { return nil }
        return PaywallView(presentation: presentation, theme: theme).leftOut(in: layout.content)
    }

    /// True when the selected package's row is wholly on screen, or will be when the page
    /// sliding in comes to rest (the list, not the slide, is what can hide a package).
    private var isSelectedPackageOnScreen: Bool {
        guard let page = currentPaywallPage, let selected = paywall?.selectedIndex(on: page) else { return false }
        return paywallPlacement(atRest: true)?.visiblePackages.contains(selected) == true
    }

    /// Keeps the list scrolled where it was drawn, so it moves only as far as the selection needs.
    private mutating func revealPaywallSelection() {
        guard let page = currentPaywallPage, !layout.isTooSmall else { return }
        guard let presentation = paywall?.presentation(for: page) else { return }
        let content = layout.content
        let inputs = PaywallRevealInputs(presentation: presentation, theme: theme, content: content)
        // Laying the paywall out is most of what a key costs there: only a change is laid out;
        // the list's window then places the selection (where it lands depends on no slide).
        let window: Int?
        if let kept = paywallWindows[inputs] {
            window = kept
        } else {
            window = PaywallView(presentation: presentation, theme: theme).listWindow(in: content)
            // Sizes and ledgers come and go: keep the windows of a handful of them.
            if paywallWindows.count >= 32 { paywallWindows.removeAll() }
            paywallWindows[inputs] = window
        }
        let top = PaywallView.scrolledTop(
            from: presentation.listTop, selected: presentation.selectedIndex ?? 0, window: window,
            rowCount: presentation.rows.count)
        if top != presentation.listTop { paywall?.setListTop(top, on: page) }
    }

    /// A click on the paywall: a package selects it (the selected one buys it), the button buys,
    /// the markers scroll, and the key line's parts do what their keys do. Nil when the click
    /// is on nothing of the paywall's.
    private mutating func clickPaywall(x: Int, y: Int) -> [Effect]? {
        guard let page = currentPaywallPage, let placement = paywallPlacement(),
            let target = placement.target(atX: x, y: y)
        else { return nil }
        // Each target does what its key's action does (`KeyBindings.paywall`), whatever keys
        // the table binds to it.
        switch target {
        case .package(let index):
            if paywall?.selectedIndex(on: page) == index { return clickAction(.buy) }
            paywall?.select(index, on: page)
        case .moreAbove:
            if let first = placement.visiblePackages.min() { paywall?.select(first - 1, on: page) }
        case .moreBelow:
            if let last = placement.visiblePackages.max() { paywall?.select(last + 1, on: page) }
        case .button: return clickAction(.buy)
        case .restore: return clickAction(.restore)
        case .privacyPolicy: return clickAction(.showPrivacyPolicy)
        case .termsOfUse: return clickAction(.showTermsOfUse)
        case .notNow: return clickAction(.notNow)
        }
        return []
    }

    /// A click on one of the paywall's targets: its action, as the key would carry it out.
    private mutating func clickAction(_ action: KeyAction) -> [Effect] {
        celebrationNote = nil
        return handlePaywallPage(action) ?? []
    }

    /// A click while a box of the paywall's is up closes it, as Escape does there (the test
    /// store's sheet is cancelled); a purchase under way goes on. The pages never move under it.
    private mutating func dismissPaywallBox(isPress: Bool) -> [Effect] {
        slide.cancelDrag(index: carousel.currentIndex)
        guard isPress, paywall != nil else { return [] }
        return perform(paywall!.dismissBox(on: currentPaywallPage))
    }

    public func render(into canvas: inout Canvas) {
        if canvas.width != width || canvas.height != height {
            canvas.resize(width: width, height: height)
        } else {
            canvas.clear()
        }
        let layout = self.layout
        if layout.isTooSmall {
            TooSmallView.draw(into: &canvas, theme: theme)
            return
        }
        drawPages(into: &canvas, content: layout.content)
        if let note = celebrationNote {
            let shown = TextLayout.truncate(note, width: max(1, width - 4))
            canvas.draw(shown, x: (width - DisplayWidth.of(shown)) / 2, y: layout.dotsRow, style: theme.accentText)
        } else {
            ProgressDotsView.draw(into: &canvas, layout: layout, theme: theme)
        }
        ControlsView.draw(into: &canvas, layout: layout, appName: settings.headline ?? deck.app.name, theme: theme)
        // Confetti flies over the page but under any box, so a message stays readable.
        let confettiMode: ConfettiRenderMode = theme.colorMode == .monochrome ? .glyph : .halfBlock
        ConfettiRenderer.draw(confetti, into: &canvas, mode: confettiMode, colorMode: theme.colorMode)
        if let paywall { PaywallOverlay.draw(paywall, into: &canvas, theme: theme) }
        if isShowingHelp { HelpOverlay.draw(into: &canvas, theme: theme, maps: helpMaps) }
        if let reviewBox, isShowingReview { ReviewBoxView(box: reviewBox).draw(into: &canvas, theme: theme) }
        if autoplay?.isPaused == true { drawPausedHint(into: &canvas, layout: layout) }
    }

    /// What a purchase or restore key under autoplay says.
    static let purchasesOffNote = "purchases are off during autoplay"

    /// "paused · p resumes", centred on the top bar between the app's name and Skip.
    private func drawPausedHint(into canvas: inout Canvas, layout: CarouselLayout) {
        let hint = " \(Autoplay.pausedHint) "
        let hintWidth = DisplayWidth.of(hint)
        guard hintWidth + 4 <= width else { return }
        canvas.draw(hint, x: (width - hintWidth) / 2, y: layout.topBarRow, style: theme.muted)
    }

    /// The keys the help lists: the tour's, and a paywall's when the tour has one.
    var helpMaps: [KeyMap] {
        ((paywall != nil || pendingPaywall != nil) && deck.hasPaywall
            ? [KeyBindings.carousel, KeyBindings.paywall] : [KeyBindings.carousel])
            + (autoplay == nil ? [] : [KeyBindings.autoplayPaused]) + [KeyBindings.anywhere]
    }

    /// Draws every page the slide offset brings into view, each clipped to the content rows.
    private func drawPages(into canvas: inout Canvas, content: Rect) {
        let pageWidth = max(1, content.width)
        let offset = Int(slide.offset.rounded())
        // Only pages that exist, whatever the offset (a spring may swing past the ends).
        let first = min(carousel.pageCount - 1, max(0, Int((Double(offset) / Double(pageWidth)).rounded(.down))))
        for index in first...min(carousel.pageCount - 1, first + 1) {
            let left = index * pageWidth - offset
            guard left < content.maxX, left + pageWidth > content.x else { continue }
            let rect = content.offsetBy(dx: left)
            if case .paywall(let page) = deck.pages[index], let presentation = paywall?.presentation(for: page) {
                PaywallView(presentation: presentation, theme: theme).draw(into: &canvas, in: rect, clip: content)
                continue
            }
            pageView(at: index).draw(into: &canvas, in: rect, clip: content)
        }
        // Backgrounds go in once every page is drawn, so none is drawn beside a neighbour's text.
        guard let style = theme.pattern else { return }
        // Scrolls with the slide (half as fast with parallax); still under reduced motion.
        let travel = settings.reducesMotion ? 0 : offset
        let page = canvas
        for index in first...min(carousel.pageCount - 1, first + 1) {
            guard let background = deck.background(ofPage: index) else { continue }
            let area = content.offsetBy(dx: index * pageWidth - offset).intersection(content)
            guard !area.isEmpty else { continue }
            let shift = background.isParallax ? travel / 2 : travel
            BackgroundView(background: background, style: style).draw(
                into: &canvas, area: area, origin: (content.x - shift, content.y), over: page)
        }
    }
}
