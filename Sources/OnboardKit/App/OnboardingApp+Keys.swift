import FoundationEssentials

/// Keys: what is on top (`Focus`), and what each key does there.
extension OnboardingApp {
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
        if let survey, survey.pageIndex == carousel.currentIndex {
            stack.append(.survey(survey.state.keyContext))
        } else if let question = questions[carousel.currentIndex] {
            stack.append(.question(question.keyContext))
        }
        if let paywall, survey == nil {
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
    mutating func handle(_ key: Key) -> [Effect] {
        if KeyBindings.action(for: key, in: .anywhere) == .interrupt { return [.quit(.interrupted)] }
        // While the finishing confetti flies, any key ends at once.
        if let outcome = pendingOutcome { return [.quit(outcome)] }
        celebrationNote = nil
        // A key in the middle of a drag ends the drag: the key decides the page.
        slide.cancelDrag(index: carousel.position)
        for layer in focusStack {
            if let effects = handle(key, in: layer) { return effects }
        }
        return []
    }

    /// The carousel's keys as they work under the user's language: right-to-left, Left and
    /// `h` turn to the next page and Right and `l` to the previous one, the way the mirrored
    /// pages lie (DECISIONS.md).
    var carouselKeys: KeyMap {
        settings.layoutDirection == .rightToLeft ? KeyBindings.carousel.mirroredHorizontally : KeyBindings.carousel
    }

    /// What `key` does in one layer; nil when the layer leaves it to the one below.
    mutating func handle(_ key: Key, in layer: Focus) -> [Effect]? {
        let action: KeyAction?
        switch layer {
        case .carousel: action = carouselKeys.action(for: key)
        case .survey: action = nil
        case .question(.confirmQuestion) where settings.layoutDirection == .rightToLeft:
            // Yes is on the right there: Left moves to No, as the buttons lie.
            action = KeyBindings.confirmQuestion.mirroredHorizontally.action(for: key)
        default: action = KeyBindings.action(for: key, in: layer.keyContext)
        }
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
            // License text being typed on the checkout sheet takes every key, q included, until
            // its END line; so does a code being typed into the offer code box.
            if let events = paywall!.type(key) { return perform(events) }
            if Self.quitsThroughPaywall(key) { return nil }
            return handlePaywallPage(action, isPageKey: context == .paywall)
        case .survey(let context):
            return handleSurvey(key, context: context)
        case .question:
            let index = carousel.currentIndex
            guard var question = questions[index] else { return nil }
            let result = question.handle(action, key: key)
            keepQuestion(question, at: index)
            switch result {
            case .handled: return []
            case .answered: return perform(.advance, key: key)
            case .ignored: break
            }
            // Shift-Tab, which the carousel does not bind, goes back from every question.
            if action == .previousPage {
                select(carousel.position - 1)
                return []
            }
            return nil
        case .carousel:
            return action.map { perform($0, key: key) } ?? []
        }
    }

    /// The tour's quit keys that the paywall leaves alone (q) quit through its boxes and
    /// purchases too.
    static func quitsThroughPaywall(_ key: Key) -> Bool {
        KeyBindings.action(for: key, in: .carousel) == .quit && KeyBindings.action(for: key, in: .paywall) == nil
    }

    /// An action on the paywall page, from its key or a click: nil leaves it to the carousel.
    /// `isPageKey`: the action is the page's own (no box of the paywall's is up).
    mutating func handlePaywallPage(_ action: KeyAction?, isPageKey: Bool = true) -> [Effect]? {
        guard let page = currentPaywallPage, let paywall else { return nil }
        // A demo never buys: the paywall's purchase and restore keys do nothing under autoplay.
        if autoplay != nil, isPageKey, action == .buy || action == .restore {
            // Paused, the key reached the paywall and would seem broken without a word.
            celebrationNote = Self.purchasesOffNote
            return []
        }
        var action = action
        // Cards run from the right under a right-to-left language: ← goes to the next one.
        if settings.layoutDirection == .rightToLeft, action == .previousCard || action == .nextCard {
            action = action == .previousCard ? .nextCard : .previousCard
        }
        let blocking = paywall.isBlockingNavigation
        // Enter buys only a package the customer can see, never one scrolled out of the list.
        if action == .buy, !blocking, !isSelectedPackageOnScreen { return [] }
        if let events = self.paywall!.perform(action, on: page) { return perform(events) }
        // While a purchase runs, Not now, Back and paging wait too.
        if blocking { return [] }
        if action == .notNow {
            if carousel.isLast { return leaving(.quit(.skipped)) }
            select(carousel.position + 1)
            return []
        }
        return nil
    }

    /// Carries out an action of the tour's keys.
    mutating func perform(_ action: KeyAction, key: Key) -> [Effect] {
        switch action {
        case .nextPage:
            select(carousel.position + 1)
        case .advance:
            if carousel.isLast { return finish(.completed) }
            select(carousel.position + 1)
        case .previousPage:
            select(carousel.position - 1)
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
            return leaving(.quit(.skipped))
        case .showHelp:
            isShowingHelp = true
        case .celebrate:
            fire(deck.confetti.onCelebrate, reducedMotionNote: OnboardingApp.noConfettiNote)
        case .quit:
            return leaving(.quit(.dismissed))
        case .interrupt:
            return [.quit(.interrupted)]
        default:
            break
        }
        return []
    }
}
