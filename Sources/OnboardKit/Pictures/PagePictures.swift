/// Every page of a deck as the app draws it at rest, off-screen: the real `OnboardingApp`
/// frame, each page put on screen as it first looks, once nothing moves any more. For `dump`,
/// the README's pictures and store listings.
public enum PagePictures {
    /// One page's frame.
    public struct Picture: Sendable {
        /// The page's position on the path drawn (every page the conditions show), from 0.
        public var index: Int
        /// The pages on that path.
        public var pageCount: Int
        /// The page's index in the deck.
        public var deckIndex: Int
        /// The page's title, made safe to print.
        public var title: String
        public var canvas: Canvas

        /// The line that introduces the page in `dump`'s text: `--- page 2/8: Title ---`.
        public var header: String {
            BidiText.line(
                [.text("--- page \(index + 1)/\(pageCount): "), .value(title), .text(" ---")], rightToLeft: false)
        }
    }

    /// Ticks after which a page that still moves is drawn as it is (a spring never settles
    /// only through a bug; the picture is then still a real frame).
    static let settleTickLimit = 60 * 60

    /// Draws each page of `deck` at `width` x `height`. Reduced motion: pages cut in, symbols
    /// stand in place and no confetti flies, so each frame is the page at rest. The seed is
    /// fixed, so the same deck always gives the same pictures. `layoutDirection` mirrors the
    /// pages as a right-to-left reader's screen shows them; `appearance` picks the theme, and
    /// question pages show `answers` (by question id) as a tour given them would. Only the
    /// pages on the path `answers`, the defaults and `entitled` take are drawn
    /// (`Deck.pathTakingDefaults`). With `keepsPNGPictures` (for SVG) PNG pictures are left
    /// out of the cells and recorded on each canvas (`Canvas.pictures`); otherwise they are
    /// drawn in half blocks.
    ///
    /// Each page is cut to, not paged to: a required question no one answered would stop a
    /// user there, and every later picture would be of it.
    public static func render(
        _ deck: Deck, width: Int, height: Int, colorMode: ColorMode = .indexed256, paywall: PaywallSetup? = nil,
        layoutDirection: LayoutDirection = .leftToRight, appearance: Appearance = .dark,
        answers: [String: Answer] = [:], entitled: Set<String> = [], keepsPNGPictures: Bool = false
    ) -> [Picture] {
        guard !deck.pages.isEmpty else { return [] }
        var settings = AppSettings(
            reducesMotion: true, seed: 0, appearance: appearance, layoutDirection: layoutDirection)
        // A deck without conditions draws its questions as they first look, defaults unsent.
        settings.answers =
            deck.hasConditions
            ? deck.pathTakingDefaults(ConditionContext(answers: answers, entitled: entitled)).answers : answers
        settings.entitled = entitled
        settings.drawsPicturesWithProtocol = keepsPNGPictures
        var app = OnboardingApp(
            deck: deck, colorMode: colorMode, width: width, height: height, settings: settings, paywall: paywall)
        _ = app.update(.resize(width: width, height: height))
        var pictures: [Picture] = []
        let path = app.carousel.path
        for position in path.indices {
            app.cut(to: position)
            settle(&app)
            var canvas = Canvas(width: width, height: height)
            app.render(into: &canvas)
            let index = path[position]
            pictures.append(
                Picture(
                    index: position, pageCount: path.count, deckIndex: index,
                    title: SafeText.sanitize(deck.pages[index].title), canvas: canvas))
        }
        return pictures
    }

    /// Ticks at 60 Hz until nothing moves.
    static func settle(_ app: inout OnboardingApp) {
        var ticks = 0
        while app.isAnimating && ticks < settleTickLimit {
            _ = app.update(.tick(seconds: app.settings.timeStep))
            ticks += 1
        }
    }

    /// The pages as text: each page's header line, then its rows (trailing blanks trimmed),
    /// every row of the terminal included so that the pages line up.
    public static func text(_ pictures: [Picture]) -> String {
        var lines: [String] = []
        for picture in pictures {
            lines.append(picture.header)
            // Belt and braces: the canvas shows controls as symbols already, and this goes to a terminal.
            lines += picture.canvas.lines.map { SafeText.sanitize($0) }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
