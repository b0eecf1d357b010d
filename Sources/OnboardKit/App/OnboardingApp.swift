/// The whole app as a value: `update` takes a message and returns effects for the shell,
/// `render` draws the current state. Nothing here touches a terminal, a clock or a file.
public struct OnboardingApp: Sendable {
    public let deck: Deck
    public private(set) var theme: Theme
    public private(set) var carousel: Carousel
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var isShowingHelp = false

    public init(deck: Deck, colorMode: ColorMode, width: Int, height: Int) {
        self.deck = deck
        self.theme = Theme(accent: deck.accent, colorMode: colorMode)
        self.carousel = Carousel(pageCount: deck.pages.count)
        self.width = width
        self.height = height
    }

    public var layout: CarouselLayout {
        CarouselLayout(
            width: width, height: height, pageIndex: carousel.currentIndex, pageCount: carousel.pageCount,
            labels: deck.labels)
    }

    /// True while something moves; the shell then wakes for frames, otherwise it sleeps on input.
    public var isAnimating: Bool { false }

    public mutating func update(_ message: Message) -> [Effect] {
        switch message {
        case .key(let key):
            return handle(key)
        case .mouse(let event):
            return handle(event)
        case .resize(let newWidth, let newHeight):
            width = max(0, newWidth)
            height = max(0, newHeight)
            return []
        case .tick:
            return []
        case .interrupt(let outcome):
            return [.quit(outcome)]
        }
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        if key == .control("c") { return [.quit(.interrupted)] }
        if isShowingHelp {
            // Any key closes the help; q still quits straight away.
            isShowingHelp = false
            return key == .character("q") ? [.quit(.dismissed)] : []
        }
        switch key {
        case .right, .character("l"), .pageDown:
            carousel.advance()
        case .enter, .character(" "):
            if carousel.isLast { return [.quit(.completed)] }
            carousel.advance()
        case .left, .character("h"), .backspace, .pageUp:
            carousel.retreat()
        case .home, .character("g"):
            carousel.selectFirst()
        case .end, .character("G"):
            carousel.selectLast()
        case .character(let digit) where digit.isASCII && digit.isWholeNumber && digit != "0":
            carousel.select(Int(String(digit))! - 1)
        case .character("s"):
            return [.quit(.skipped)]
        case .character("?"):
            isShowingHelp = true
        case .character("q"), .escape:
            return [.quit(.dismissed)]
        default:
            break
        }
        return []
    }

    private mutating func handle(_ event: MouseEvent) -> [Effect] {
        let layout = self.layout
        guard !layout.isTooSmall else { return [] }
        switch event.kind {
        case .click, .release:
            if isShowingHelp {
                isShowingHelp = false
                return []
            }
            if layout.backButton?.contains(x: event.x, y: event.y) == true {
                carousel.retreat()
            } else if layout.nextButton?.contains(x: event.x, y: event.y) == true {
                carousel.advance()
            } else if layout.doneButton?.contains(x: event.x, y: event.y) == true {
                return [.quit(.completed)]
            } else if layout.skipButton?.contains(x: event.x, y: event.y) == true {
                return [.quit(.skipped)]
            } else if event.y == layout.dotsRow, let page = layout.page(atDotColumn: event.x) {
                carousel.select(page)
            }
        case .wheelDown:
            carousel.advance()
        case .wheelUp:
            carousel.retreat()
        case .press, .drag:
            break
        }
        return []
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
        let content = layout.content
        PageView(page: deck.pages[carousel.currentIndex], theme: theme)
            .draw(into: &canvas, in: content, clip: content)
        ProgressDotsView.draw(into: &canvas, layout: layout, theme: theme)
        ControlsView.draw(into: &canvas, layout: layout, appName: deck.app.name, theme: theme)
        if isShowingHelp { HelpOverlay.draw(into: &canvas, theme: theme) }
    }
}
