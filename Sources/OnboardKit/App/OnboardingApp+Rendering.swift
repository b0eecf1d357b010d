import FoundationEssentials

/// What the app draws: the pages, their scrolling, the paywall on screen and the boxes over them.
extension OnboardingApp {
    /// The view of the page at `index`, as it is drawn now.
    func pageView(at index: Int) -> PageView {
        let lift = index == carousel.currentIndex ? Int(symbolDrop.position.rounded()) : 0
        var view = PageView(page: deck.pages[index], theme: theme, symbolLift: lift, scroll: scrolls[index] ?? 0)
        view.cellSize = settings.cellPixelSize
        view.pictureDisplay = pictureDisplay
        return view
    }

    /// How pictures are drawn now: their alt text without colours, else half blocks while a
    /// page moves or where the shell has no graphics protocol, else left to the protocol.
    var pictureDisplay: PictureDisplay {
        if theme.colorMode == .monochrome || !settings.showsPictures { return .altText }
        return settings.drawsPicturesWithProtocol && !slide.isMoving && symbolDrop.isSettled ? .reserved : .halfBlocks
    }

    /// How far the current page can scroll at this size; 0 when it fits (or is a paywall).
    public var scrollLimit: Int {
        guard !layout.isTooSmall, currentPaywallPage == nil, questions[carousel.currentIndex] == nil else { return 0 }
        let content = layout.content
        if let kept = scrollLimits[carousel.currentIndex], kept.content == content, kept.theme == theme {
            return kept.limit
        }
        return freshScrollLimit
    }

    /// `scrollLimit` laid out now, from nothing kept: what the kept limits must always equal.
    var freshScrollLimit: Int {
        guard !layout.isTooSmall, currentPaywallPage == nil, questions[carousel.currentIndex] == nil else { return 0 }
        return pageView(at: carousel.currentIndex).scrollLimit(in: layout.content)
    }

    /// `scrollLimit`, kept for the page at this size: keys then lay out no text.
    mutating func keptScrollLimit() -> Int {
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
    mutating func scrollPage(by rows: Int) -> Bool {
        let limit = keptScrollLimit()
        let current = min(scrolls[carousel.currentIndex] ?? 0, limit)
        let next = min(max(0, current + rows), limit)
        scrolls[carousel.currentIndex] = next
        return next != current
    }

    // MARK: The paywall on screen

    /// Where the current page's paywall is drawn now (the slide may have it part-way in), or
    /// once the slide has come to rest.
    func paywallPlacement(atRest: Bool = false) -> PaywallView.Placement? {
        guard let page = currentPaywallPage, let presentation = paywall?.presentation(for: page) else { return nil }
        let content = layout.content
        let left =
            atRest
            ? 0 : pageLeft(carousel.position, pageWidth: max(1, content.width), offset: Int(slide.offset.rounded()))
        return PaywallView(presentation: presentation, theme: theme, layoutDirection: settings.layoutDirection)
            .placement(
                in: content.offsetBy(dx: left), clip: content)
    }

    /// What the current page's paywall leaves out to fit the window at rest (`PaywallView.leftOut`);
    /// nil on a page that is not a paywall.
    public var paywallLeftOut: [String]? {
        guard let page = currentPaywallPage, let presentation = paywall?.presentation(for: page) else { return nil }
        return PaywallView(presentation: presentation, theme: theme).leftOut(in: layout.content)
    }

    /// The next second of the countdown on the paywall shown, if one runs: the shell wakes once a
    /// second for it, and not at all on any other page.
    var countdownTick: Date? {
        guard let page = currentPaywallPage, let paywall else { return nil }
        return [paywall.nextCountdownTick(on: page), paywall.nextTestimonialTurn(on: page)].compactMap { $0 }.min()
    }

    /// True when the selected package's row is wholly on screen, or will be when the page
    /// sliding in comes to rest (the list, not the slide, is what can hide a package).
    var isSelectedPackageOnScreen: Bool {
        guard let page = currentPaywallPage, let selected = paywall?.selectedIndex(on: page) else { return false }
        return paywallPlacement(atRest: true)?.visiblePackages.contains(selected) == true
    }

    /// Keeps the list scrolled where it was drawn, so it moves only as far as the selection needs.
    mutating func revealPaywallSelection() {
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
        // The layers over the pages, bottom first, so the one that takes the keys is on top.
        for layer in focusStack.reversed() {
            switch layer {
            case .storeNotice, .paywall:
                if let paywall { PaywallOverlay.draw(paywall, into: &canvas, theme: theme) }
            case .help:
                HelpOverlay.draw(into: &canvas, theme: theme, maps: helpMaps)
            case .review:
                if let reviewBox { ReviewBoxView(box: reviewBox).draw(into: &canvas, theme: theme) }
            case .finishing, .autoplay, .question, .survey, .carousel:
                // The pages are drawn above; autoplay's hint goes on the top bar, below.
                break
            }
        }
        if autoplay?.isPaused == true { drawPausedHint(into: &canvas, layout: layout) }
        canvas.coverPictures(colorMode: theme.colorMode)
    }

    /// What a purchase or restore key under autoplay says.
    static var purchasesOffNote: String { Messages.tr("purchases are off during autoplay") }

    /// "paused · p resumes", centred on the top bar between the app's name and Skip.
    func drawPausedHint(into canvas: inout Canvas, layout: CarouselLayout) {
        let hint = " \(Autoplay.pausedHint) "
        let hintWidth = DisplayWidth.of(hint)
        guard hintWidth + 4 <= width else { return }
        canvas.draw(hint, x: (width - hintWidth) / 2, y: layout.topBarRow, style: theme.muted)
    }

    /// The keys the help lists: the tour's, and a paywall's when the tour has one.
    var helpMaps: [KeyMap] {
        (survey.map { [KeyBindings.map(for: $0.state.keyContext), KeyBindings.survey] }
            ?? questions[carousel.currentIndex].map { [KeyBindings.map(for: $0.keyContext)] } ?? [])
            + ((paywall != nil || pendingPaywall != nil) && deck.hasPaywall
                ? [carouselKeys, KeyBindings.paywall] : [carouselKeys])
            + (autoplay == nil ? [] : [KeyBindings.autoplayPaused]) + [KeyBindings.anywhere]
    }

    /// Where the page at `position` on the path starts, relative to the content, at a slide
    /// offset: pages lie left to right, or right to left under a right-to-left language (the
    /// next page comes in from the left, as a mirrored iOS app's does).
    func pageLeft(_ position: Int, pageWidth: Int, offset: Int) -> Int {
        let left = position * pageWidth - offset
        return settings.layoutDirection == .rightToLeft ? -left : left
    }

    /// Draws every page the slide offset brings into view, each clipped to the content rows.
    func drawPages(into canvas: inout Canvas, content: Rect) {
        let pageWidth = max(1, content.width)
        let offset = Int(slide.offset.rounded())
        // Only pages that exist, whatever the offset (a spring may swing past the ends).
        let first = min(carousel.pageCount - 1, max(0, Int((Double(offset) / Double(pageWidth)).rounded(.down))))
        for position in first...min(carousel.pageCount - 1, first + 1) {
            let index = carousel.path[position]
            let left = pageLeft(position, pageWidth: pageWidth, offset: offset)
            guard left < content.maxX, left + pageWidth > content.x else { continue }
            let rect = content.offsetBy(dx: left)
            if let survey, survey.pageIndex == index {
                QuestionView(
                    state: survey.state, theme: theme, layoutDirection: settings.layoutDirection,
                    keysHint: survey.keysHint
                ).draw(into: &canvas, in: rect, clip: content)
                continue
            }
            if let page = shownPaywallPage(at: index), let presentation = paywall?.presentation(for: page) {
                PaywallView(presentation: presentation, theme: theme, layoutDirection: settings.layoutDirection).draw(
                    into: &canvas, in: rect, clip: content)
                continue
            }
            if let question = questions[index] {
                QuestionView(state: question, theme: theme, layoutDirection: settings.layoutDirection).draw(
                    into: &canvas, in: rect, clip: content)
                continue
            }
            pageView(at: index).draw(into: &canvas, in: rect, clip: content)
        }
        // Backgrounds go in once every page is drawn, so none is drawn beside a neighbour's text.
        guard let style = theme.pattern else { return }
        // Scrolls with the slide (half as fast with parallax); still under reduced motion.
        let travel = settings.reducesMotion ? 0 : offset
        let page = canvas
        for position in first...min(carousel.pageCount - 1, first + 1) {
            guard let background = deck.background(ofPage: carousel.path[position]) else { continue }
            let area = content.offsetBy(dx: pageLeft(position, pageWidth: pageWidth, offset: offset)).intersection(
                content)
            guard !area.isEmpty else { continue }
            let shift = background.isParallax ? travel / 2 : travel
            BackgroundView(background: background, style: style).draw(
                into: &canvas, area: area, origin: (content.x - shift, content.y), over: page)
        }
    }
}
