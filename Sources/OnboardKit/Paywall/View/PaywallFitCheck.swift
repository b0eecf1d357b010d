/// Whether each paywall page shows its own words at 80x24, for `validate`: the paywall fits
/// itself to any window by leaving out its features, subtitle, package descriptions and title,
/// in that order, which a deck's author should hear about rather than find out on a laptop.
public enum PaywallFitCheck {
    /// The size checked, the one most terminals open at.
    static let size = (width: 80, height: 24)
    /// The tallest window tried when saying where everything shows.
    static let tallest = 100

    /// A warning for each paywall page of `deck` that leaves out any of its words at 80x24,
    /// naming what and from how many rows all of it shows.
    /// With `readers`, the 80x24 check again for a reader of each of their languages, whose
    /// warnings follow, naming the languages (`languageWarnings`).
    public static func diagnostics(_ deck: Deck, paywall: PaywallSetup, file: String, readers: [Reader] = [])
        -> [Diagnostic]
    {
        let shown = shortfalls(deck, paywall: paywall)
        return (shown.map { warning($0, file: file) } + smallWindowNotes(deck, paywall: paywall, file: file))
            .sorted { ($0.path, $0.message) < ($1.path, $1.message) }
            + languageWarnings(readers, besides: shown, file: file)
    }

    /// What a paywall page leaves out at 80x24, and from how many rows all of it shows (nil:
    /// not even at the tallest tried).
    struct Shortfall: Equatable {
        var page: Int
        var parts: [String]
        var rows: Int?

        /// Whether this one is no worse than `other`: it needs no more rows.
        func isCovered(by other: Shortfall) -> Bool {
            guard page == other.page else { return false }
            guard let rows else { return other.rows == nil }
            return other.rows.map { rows <= $0 } ?? true
        }
    }

    /// The paywall pages that leave out words at 80x24, for a reader of `layoutDirection` in
    /// the task's `Messages`.
    static func shortfalls(_ deck: Deck, paywall: PaywallSetup, layoutDirection: LayoutDirection = .leftToRight)
        -> [Shortfall]
    {
        func leftOut(rows: Int) -> [Int: [String]] {
            leftOutWords(deck, paywall: paywall, width: size.width, height: rows, layoutDirection: layoutDirection)
        }
        return leftOut(rows: size.height).sorted { $0.key < $1.key }.compactMap { index, parts in
            guard !parts.isEmpty else { return nil }
            let rows = (size.height + 1...tallest).first { leftOut(rows: $0)[index]?.isEmpty ?? true }
            return Shortfall(page: index, parts: parts, rows: rows)
        }
    }

    /// The warning that says `shortfall`.
    static func warning(_ shortfall: Shortfall, file: String) -> Diagnostic {
        let whole =
            shortfall.rows.map { "all of it shows from 80x\($0)" } ?? "not all of it shows even at 80x\(tallest)"
        return Diagnostic(
            severity: .warning, file: file, path: "pages[\(shortfall.page)]", location: nil,
            message:
                "at 80x24 the paywall leaves out its \(list(shortfall.parts)) to show its packages (\(whole)); "
                + "fewer packages, or shorter copy, fit")
    }

    /// The smallest window a designed paywall is made to fit.
    static let smallest = (width: 40, height: 12)

    /// For each designed paywall page (any layout but the list), what it leaves out at 40x12
    /// and from which size of the 80-column window everything shows: the cards, the table and
    /// the tabs need width the list does not, so their authors hear of both sizes.
    static func smallWindowNotes(_ deck: Deck, paywall: PaywallSetup, file: String) -> [Diagnostic] {
        let designed = deck.pages.indices.filter { index in
            guard case .paywall(let page) = deck.pages[index] else { return false }
            return page.design.overriding(paywall.catalog.paywall).resolvedLayout != .list
        }
        guard !designed.isEmpty else { return [] }
        let small = leftOutWords(deck, paywall: paywall, width: smallest.width, height: smallest.height)
        return designed.compactMap { index in
            guard let parts = small[index], !parts.isEmpty else { return nil }
            let whole =
                (smallest.height...tallest).first { height in
                    leftOutWords(deck, paywall: paywall, width: size.width, height: height)[index]?.isEmpty ?? true
                }.map { "all of it shows from 80x\($0)" } ?? "not all of it shows even at 80x\(tallest)"
            return Diagnostic(
                severity: .warning, file: file, path: "pages[\(index)]", location: nil,
                message: "at 40x12 the paywall leaves out its \(list(parts)) (\(whole))")
        }
    }

    /// For each paywall page, by index, the deck's words it leaves out at this size.
    static func leftOutWords(
        _ deck: Deck, paywall: PaywallSetup, width: Int, height: Int, layoutDirection: LayoutDirection = .leftToRight
    ) -> [Int: [String]] {
        // No exit offer or survey: each Page Down must reach the next page, as `dump` draws them.
        var settings = AppSettings(reducesMotion: true, seed: 0, layoutDirection: layoutDirection)
        settings.offersOnDecline = false
        var app = OnboardingApp(
            deck: deck, colorMode: .indexed256, width: width, height: height, settings: settings, paywall: paywall)
        _ = app.update(.resize(width: width, height: height))
        var found: [Int: [String]] = [:]
        for index in deck.pages.indices {
            // Page Down turns the page on any paywall; → chooses a card on a `cards` one.
            if index > 0 { _ = app.update(.key(.pageDown)) }
            PagePictures.settle(&app)
            guard case .paywall = deck.pages[index], let parts = app.paywallLeftOut else { continue }
            // The list scrolling and the lines below it are the paywall's own business.
            found[index] = parts.filter { part in
                [
                    "title", "subtitle", "feature", "features", "package descriptions", "comparison table",
                    "(shown as rows)",
                ]
                .contains { part.hasSuffix($0) }
            }
        }
        return found
    }

    /// "a, b and c".
    static func list(_ parts: [String]) -> String {
        parts.count < 2 ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}
