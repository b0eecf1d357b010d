import FoundationEssentials

/// The mouse: clicks, drags and the wheel, on the pages and the paywall.
extension OnboardingApp {
    mutating func handle(_ event: MouseEvent) -> [Effect] {
        // A drag shows part of a neighbouring page.
        if event.kind == .press { preparePaywall(between: carousel.position, and: carousel.position) }
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
                slide.cancelDrag(index: carousel.position)
                guard isPress else { return [] }
                reviewBox?.click(x: event.x, y: event.y, in: (width, height))
                return isShowingReview ? [] : finish(.completed)
            case .help:
                slide.cancelDrag(index: carousel.position)
                if isPress { isShowingHelp = false }
                return []
            case .autoplay(isPaused: false):
                // A click or the wheel takes over from autoplay, as a key does, and only that:
                // the press of a click is swallowed too, so its release cannot act once paused.
                if event.kind != .press && event.kind != .drag { autoplay?.pause() }
                return []
            case .storeNotice:
                return dismissPaywallBox(isPress: isPress)
            case .paywall:
                if let effects = handlePaywallBox(event, isPress: isPress) { return effects }
                continue
            case .survey:
                slide.cancelDrag(index: carousel.position)
                return isPress ? clickSurvey(x: event.x, y: event.y) : []
            case .autoplay, .question, .carousel:
                continue
            }
        }
        switch event.kind {
        case .press:
            pressPoint = (event.x, event.y)
            if layout.content.contains(x: event.x, y: event.y) { slide.beginDrag(x: event.x, time: event.time) }
        case .drag:
            slide.drag(to: event.x, pageCount: carousel.pageCount, time: event.time)
        case .release where slide.isDragging:
            return releaseDrag(event)
        case .click, .release:
            pressPoint = nil
            if let effects = clickPaywall(x: event.x, y: event.y) ?? clickQuestion(x: event.x, y: event.y) {
                return effects
            }
            if layout.backButton?.contains(x: event.x, y: event.y) == true {
                select(carousel.position - 1)
            } else if layout.nextButton?.contains(x: event.x, y: event.y) == true {
                select(carousel.position + 1)
            } else if layout.doneButton?.contains(x: event.x, y: event.y) == true {
                return finish(.completed)
            } else if layout.skipButton?.contains(x: event.x, y: event.y) == true {
                return leaving(.quit(.skipped))
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

    /// The end of a press on the page: a swipe to the page it earned, or a click where it began.
    mutating func releaseDrag(_ event: MouseEvent) -> [Effect] {
        slide.drag(to: event.x, pageCount: carousel.pageCount, time: event.time)
        let index = slide.endDrag(currentIndex: carousel.position, pageCount: carousel.pageCount, time: event.time)
        if terminalIsSlow { slide.settle() }
        defer { pressPoint = nil }
        if index > carousel.position, holdsBack(.forward(to: index)) {
            slide.show(carousel.position)
            return []
        }
        if carousel.select(reachablePage(toward: index)) {
            pageDidAppear()
        } else if let press = pressPoint, press.y == event.y, abs(press.x - event.x) <= 1,
            let effects = clickPaywall(x: event.x, y: event.y) ?? clickQuestion(x: event.x, y: event.y)
        {
            // A press and release in one place is a click on the paywall, not a swipe.
            return effects
        }
        return []
    }

    /// A wheel event scrolls a page whose text overflows, and pages at the text's ends; a
    /// flick's burst of events is one step (`WheelGesture`). Paywall pages only page.
    mutating func turnWheel(_ direction: Int) {
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
        if select(carousel.position + direction) { wheel.record(.paged, direction: direction) }
    }

    /// A click on the paywall: a package selects it (the selected one buys it), the button buys,
    /// the markers scroll, and the key line's parts do what their keys do. Nil when the click
    /// is on nothing of the paywall's.
    mutating func clickPaywall(x: Int, y: Int) -> [Effect]? {
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
        case .tab(let index): paywall?.selectTier(index, on: page)
        case .period(let side): paywall?.selectPeriod(side, on: page)
        }
        return []
    }

    /// A click on one of the paywall's targets: its action, as the key would carry it out.
    mutating func clickAction(_ action: KeyAction) -> [Effect] {
        celebrationNote = nil
        return handlePaywallPage(action) ?? []
    }

    /// A click while a box of the paywall's is up closes it, as Escape does there (the test
    /// store's sheet is cancelled); a purchase under way goes on. The pages never move under it.
    mutating func dismissPaywallBox(isPress: Bool) -> [Effect] {
        slide.cancelDrag(index: carousel.position)
        guard isPress, paywall != nil else { return [] }
        return perform(paywall!.dismissBox(on: currentPaywallPage))
    }

    /// The mouse on a paywall page goes to the box on top (`PaywallController.top`), the same
    /// box that is drawn last and takes the next key: the transaction manager takes clicks and
    /// the wheel, every other box closes at a click, as Escape closes it. Nil when no box is
    /// up and no purchase runs: the page has the mouse.
    mutating func handlePaywallBox(_ event: MouseEvent, isPress: Bool) -> [Effect]? {
        guard let paywall else { return nil }
        switch paywall.top {
        case .transactionManager(let manager):
            return clickTransactionManager(event, manager: manager)
        case .checkoutSheet, .offerCode, .confirmation, .link, .testStoreSheet, .notice:
            return dismissPaywallBox(isPress: isPress)
        case nil:
            // A purchase under way: the pages wait, as for keys.
            return paywall.isBlockingNavigation ? dismissPaywallBox(isPress: isPress) : nil
        }
    }

    /// The mouse on the transaction manager: a click on a transaction chooses it, the wheel
    /// moves the choice, a click beside the box closes it.
    mutating func clickTransactionManager(_ event: MouseEvent, manager: TransactionManagerBox) -> [Effect] {
        slide.cancelDrag(index: carousel.position)
        switch event.kind {
        case .wheelUp, .wheelDown:
            paywall?.scrollManager(by: event.kind == .wheelUp ? -1 : 1, box: manager)
            return []
        case .click, .release:
            let box = TransactionManagerView.geometry(width: width, height: height).box
            guard box.contains(x: event.x, y: event.y) else { return dismissPaywallBox(isPress: true) }
            let count = paywall?.managerRows.count ?? 0
            if let index = TransactionManagerView.row(
                atY: event.y, manager: manager, rowCount: count, width: width, height: height)
            {
                paywall?.selectManagerRow(index, box: manager)
            }
            return []
        case .press, .drag:
            return []
        }
    }
}
