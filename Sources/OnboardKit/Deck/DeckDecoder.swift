import FoundationEssentials

/// Turns a parsed deck document into a `Deck`, logging each problem where it stands.
struct DeckDecoder {
    let log: DiagnosticLog
    let baseDirectory: String
    let reader: FileReader
    /// Chooses every text's language for the reader and keeps what each text has.
    let texts: TextLanguages
    /// `validate`'s stricter checks: pages whose `since` is newer than the app are warned
    /// about (in a run, where a host may ship a deck ahead of its version, that would be noise
    /// on every start), unknown paywall variables are errors in every language, and texts that
    /// miss a language the others have are named.
    var validates = false
    /// Chooses the reader's variant of each experiment once the deck's app and experiments are
    /// read, before any text is (`DeckLoader.load`); nil: every reader sees the default texts.
    var assign: ExperimentAssigner?

    /// The deck's experiments' variant ids by experiment id, once `decode` has read them:
    /// what `"when"` conditions on a variant are checked against.
    var experimentVariantIDs: [String: [String]] { texts.experiments }

    func decode(_ root: JSONNode) -> Deck? {
        guard let object = JSONObjectReader(root, path: .root, log: log) else { return nil }
        object.warnUnknownKeys(DeckLoader.topLevelKeys)
        let app = decodeApp(object)
        let experiments = decodeExperiments(object)
        texts.experiments = Dictionary(experiments.map { ($0.id, $0.variantIDs) }, uniquingKeysWith: { $1 })
        if let app, let assign { texts.assignments = assign(app.id, experiments) }
        let accent = object.member("accent").flatMap {
            ColorName.decode($0, path: JSONPath.root.appending("accent"), log: log)
        }
        let labels = decodeLabels(object)
        var pages: [Page] = []
        var pageSince: [String?] = []
        var pageBackgrounds: [Background?] = []
        var pageConditions: [PageCondition?] = []
        if let items = object.array("pages", required: true) {
            if items.isEmpty {
                log.error(
                    JSONPath.root.appending("pages"), at: object.member("pages")?.location,
                    "a deck needs at least one page")
            } else if items.count > DeckLoader.maximumPages {
                log.error(
                    JSONPath.root.appending("pages"), at: object.member("pages")?.location,
                    "\(items.count) pages is over the limit of \(DeckLoader.maximumPages)")
            } else {
                // Pages that failed to decode leave gaps: ids are checked against the decoded ones.
                var decodedItems: [(node: JSONNode, path: JSONPath)] = []
                defer {
                    checkQuestionIDs(pages, items: decodedItems)
                    pageConditions = decodeConditions(
                        pages, items: decodedItems, experiments: experiments.isEmpty ? nil : texts.experiments)
                }
                for item in items {
                    guard let page = decodePage(item.node, path: item.path) else { continue }
                    decodedItems.append(item)
                    pages.append(page)
                    pageSince.append(decodeSince(item.node, path: item.path, appVersion: app?.version))
                    pageBackgrounds.append(
                        JSONObjectReader(item.node, path: item.path, log: log).flatMap(decodeBackground(in:)))
                }
            }
        }
        let review = object.object("review").flatMap(decodeReview)
        let catalog = object.string("catalog", nonEmpty: true).map { PathText.resolve($0, in: baseDirectory) }
        let confetti = object.object("confetti").map(ConfettiTriggers.decode) ?? .default
        let background = decodeBackground(in: object)
        guard let app else { return nil }
        var deck = Deck(
            app: app, accent: accent, labels: labels, pages: pages, catalogPath: catalog, confetti: confetti,
            pageSince: pageSince, review: review)
        deck.background = background
        deck.pageBackgrounds = pageBackgrounds
        deck.pageConditions = pageConditions
        deck.experiments = experiments
        deck.assignments = texts.assignments
        texts.checkExperimentTexts(in: log, document: "deck")
        if validates { texts.warnAboutMissingLanguages(in: log, document: "deck") }
        return deck
    }

    /// A member shown to the reader: a string, or an object of languages of which the reader's
    /// is chosen here; made safe for the screen.
    func text(
        _ key: String, in object: JSONObjectReader, required: Bool = false, nonEmpty: Bool = false,
        keepingNewlines: Bool = false
    ) -> String? {
        guard let text = object.localizedText(key, required: required, nonEmpty: nonEmpty) else { return nil }
        return Self.displayText(texts.choose(text).text, keepingNewlines: keepingNewlines)
    }

    /// A page's `"since"`: a version such as "1.2.0". One newer than the app's own version is
    /// a warning: that page will not show as new until the app reaches it.
    private func decodeSince(_ node: JSONNode, path: JSONPath, appVersion: String?) -> String? {
        guard let page = JSONObjectReader(node, path: path, log: log),
            let text = page.string("since", nonEmpty: true)
        else { return nil }
        let location = page.member("since")?.location
        guard let since = SemanticVersion(text) else {
            log.error(
                path.appending("since"), at: location,
                "\"\(SafeText.excerpt(text))\" is not a version; write it as in app.version, such as \"1.2.0\"")
            return nil
        }
        if validates, let appVersion, let current = SemanticVersion(appVersion), current < since {
            log.warning(
                path.appending("since"), at: location,
                "this page is new in \(since), after the app's version \(current); it will not show as new until then")
        }
        return SafeText.sanitize(text)
    }

    private func decodeReview(_ review: JSONObjectReader) -> ReviewPrompt? {
        review.warnUnknownKeys(["prompt", "url"])
        let prompt = text("prompt", in: review, required: true, nonEmpty: true)
        let url = review.string("url", nonEmpty: true)
        if let url, !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
            log.error(
                review.path.appending("url"), at: review.member("url")?.location,
                "the review address must start with https:// or http://")
            return nil
        }
        guard let prompt else { return nil }
        return ReviewPrompt(prompt: prompt, url: url.map { SafeText.sanitize($0) })
    }

    private func decodeApp(_ object: JSONObjectReader) -> AppInfo? {
        guard let app = object.object("app", required: true) else { return nil }
        app.warnUnknownKeys(["id", "name", "version"])
        let id = app.string("id", required: true, nonEmpty: true)
        let name = app.string("name", required: true, nonEmpty: true)
        let version = app.string("version", nonEmpty: true) ?? "1.0.0"
        guard let id, let name else { return nil }
        return AppInfo(id: SafeText.sanitize(id), name: SafeText.sanitize(name), version: SafeText.sanitize(version))
    }

    private func decodeLabels(_ object: JSONObjectReader) -> ButtonLabels {
        var labels = ButtonLabels()
        guard let reader = object.object("labels") else { return labels }
        reader.warnUnknownKeys(["next", "back", "skip", "done"])
        if let text = text("next", in: reader, nonEmpty: true) { labels.next = text }
        if let text = text("back", in: reader, nonEmpty: true) { labels.back = text }
        if let text = text("skip", in: reader, nonEmpty: true) { labels.skip = text }
        if let text = text("done", in: reader, nonEmpty: true) { labels.done = text }
        return labels
    }

    private func decodePage(_ node: JSONNode, path: JSONPath) -> Page? {
        guard let page = JSONObjectReader(node, path: path, log: log) else { return nil }
        guard let kind = page.string("kind", required: true) else { return nil }
        switch kind {
        case "step":
            page.warnUnknownKeys(["kind", "image", "alt", "art", "heading", "text", "since", "background", "when"])
            return decodeStep(page).map(Page.step)
        case "hero":
            page.warnUnknownKeys([
                "kind", "symbol", "image", "alt", "title", "subtitle", "bounceOnAppear", "since", "background", "when",
            ])
            return decodeHero(page).map(Page.hero)
        case "paywall":
            page.warnUnknownKeys(
                CatalogDecoder.copyKeys.union([
                    "kind", "offering", "since", "background", "when", "exitOffer", "survey",
                ])
                .union(PaywallDesign.memberNames))
            return decodePaywall(page).map { designed($0, from: page) }
        case "question":
            return decodeQuestion(page).map(Page.question)
        default:
            var message =
                "unknown page kind \"\(SafeText.excerpt(kind))\"; expected one of "
                + DeckLoader.pageKinds.map { "\"\($0)\"" }.joined(separator: ", ")
            if let suggestion = Suggestions.closest(to: kind, in: DeckLoader.pageKinds).first {
                message += " (did you mean \"\(suggestion)\"?)"
            }
            log.error(path.appending("kind"), at: page.member("kind")?.location, message)
            return nil
        }
    }

    private func decodeStep(_ page: JSONObjectReader) -> StepPage? {
        let heading = text("heading", in: page, required: true, nonEmpty: true)
        let body = page.localizedText("text").map { texts.choose($0).text } ?? ""
        var art = ANSIArt(lines: [], styles: [], strayEscapes: [])
        // Art may be drawn for each language, as its words are (the built-in key art labels its
        // keys in the reader's language): a picture per reader, not a text every language needs.
        let image = page.localizedText("image", nonEmpty: true)
        let inlineArt = page.localizedText("art")
        var picture: PagePicture?
        if image != nil && inlineArt != nil {
            log.error(
                page.path.appending("art"), at: page.member("art")?.location,
                "give either \"image\" or \"art\", not both")
        } else if let image, image.variants.contains(where: { Self.isPicturePath($0.text) }) {
            guard let decoded = decodePicture(image, in: page) else { return nil }
            picture = decoded
        } else if let image {
            let shown = texts.pick(image)
            // `validate` reads every language's file, so a missing one is found before a reader is.
            for variant in image.variants where validates && variant.key != shown.key {
                _ = loadArt(variant.text, path: image.path(of: variant), location: variant.location)
            }
            art = loadArt(shown.text, path: image.path(of: shown), location: shown.location)
        } else if let inlineArt {
            let shown = texts.pick(inlineArt)
            for variant in inlineArt.variants where validates && variant.key != shown.key {
                _ = checkedArt(variant.text, path: inlineArt.path(of: variant), location: variant.location)
            }
            art = checkedArt(shown.text, path: inlineArt.path(of: shown), location: shown.location)
        }
        guard let heading else { return nil }
        // Only text with a CR pays for the replacing.
        let lineFeeds = body.utf8.contains(UInt8(ascii: "\r")) ? body.replacing("\r\n", with: "\n") : body
        return StepPage(
            art: art.lines, artStyles: art.styles, heading: heading,
            text: Self.displayText(lineFeeds, keepingNewlines: true), picture: picture)
    }

    private func decodeHero(_ page: JSONObjectReader) -> HeroPage? {
        if let image = page.localizedText("image", nonEmpty: true) { return decodeHero(page, image: image) }
        let symbol = page.string("symbol", required: true, nonEmpty: true)
        let title = text("title", in: page, required: true, nonEmpty: true)
        let subtitle = text("subtitle", in: page, keepingNewlines: true) ?? ""
        let bounce = page.bool("bounceOnAppear") ?? false
        if let symbol, SymbolLibrary.symbol(named: symbol) == nil {
            var message = "unknown symbol \"\(SafeText.excerpt(symbol))\""
            let suggestions = SymbolLibrary.suggestions(for: symbol)
            if !suggestions.isEmpty {
                message += "; closest known: " + suggestions.joined(separator: ", ")
            }
            message += " (`tui-onboard symbols` lists them all)"
            log.error(page.path.appending("symbol"), at: page.member("symbol")?.location, message)
            return nil
        }
        guard let symbol, let title else { return nil }
        return HeroPage(symbolName: symbol, title: title, subtitle: subtitle, bounceOnAppear: bounce)
    }

    /// A hero page with a PNG picture in place of its symbol.
    private func decodeHero(_ page: JSONObjectReader, image: LocalizedText) -> HeroPage? {
        if page.has("symbol") {
            log.error(
                page.path.appending("symbol"), at: page.member("symbol")?.location,
                "give either \"symbol\" or \"image\", not both")
        }
        if let variant = image.variants.first(where: { !Self.isPicturePath($0.text) }) {
            log.error(
                image.path(of: variant), at: variant.location,
                "a hero page's image is a PNG picture (a name ending in .png); text art goes on a step page")
            return nil
        }
        let title = text("title", in: page, required: true, nonEmpty: true)
        let subtitle = text("subtitle", in: page, keepingNewlines: true) ?? ""
        let bounce = page.bool("bounceOnAppear") ?? false
        guard let picture = decodePicture(image, in: page), let title else { return nil }
        return HeroPage(symbolName: "", title: title, subtitle: subtitle, bounceOnAppear: bounce, picture: picture)
    }

    /// Text a page shows: tabs as four spaces (as in art; a tab has no width of its own in a
    /// cell), then made safe.
    static func displayText(_ text: String, keepingNewlines: Bool = false) -> String {
        let expanded = text.utf8.contains(UInt8(ascii: "\t")) ? text.replacing("\t", with: "    ") : text
        return SafeText.sanitize(expanded, keepingNewlines: keepingNewlines)
    }

    /// The art, with a warning for each escape in it that is not a colour: it is left out. In
    /// an art file the warning names the file's own line and column; inline, the art's.
    func checkedArt(_ text: String, path: JSONPath, location: SourceLocation?, file: String? = nil) -> ANSIArt {
        let art = DeckDecoder.art(text)
        for escape in art.strayEscapes.prefix(20) {
            let message = "escape \(escape.shown) is not a colour (SGR) and is left out"
            if let file {
                log.append(
                    Diagnostic(
                        severity: .warning, file: file, path: path.description,
                        location: SourceLocation(line: escape.line, column: escape.column), message: message))
            } else {
                log.warning(path, at: location, "line \(escape.line), column \(escape.column) of the art: " + message)
            }
        }
        return art
    }

    private func decodePaywall(_ page: JSONObjectReader) -> Page? {
        var paywall = decodePaywallWords(page)
        paywall.exitOffer = page.object("exitOffer").flatMap(decodeExitOffer)
        paywall.survey = page.object("survey").flatMap(decodeSurvey)
        return .paywall(paywall)
    }

    /// The offering and the words of a paywall page, or of its exit offer.
    func decodePaywallWords(_ page: JSONObjectReader) -> PaywallPage {
        func words(_ text: LocalizedText) -> String {
            log.reportUnknownVariables(in: text, asError: validates)
            return Self.displayText(texts.choose(text).text)
        }
        func text(_ key: String, nonEmpty: Bool = true) -> String? {
            page.localizedText(key, nonEmpty: nonEmpty).map(words)
        }
        var features: [String]?
        if let items = page.array("features") {
            features = items.compactMap { node, itemPath in
                LocalizedText.decode(node, path: itemPath, log: log, nonEmpty: false).map(words)
            }
        }
        return PaywallPage(
            offeringID: page.string("offering", nonEmpty: true), title: text("title"),
            subtitle: text("subtitle", nonEmpty: false), features: features, callToAction: text("callToAction"),
            callToActionWithIntroOffer: text("callToActionWithIntroOffer"))
    }

    func loadArt(_ relativePath: String, path: JSONPath, location: SourceLocation?) -> ANSIArt {
        let resolved = PathText.resolve(relativePath, in: baseDirectory)
        do {
            let bytes = try reader.read(resolved, DeckLoader.maximumArtSize)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                log.error(path, at: location, "art file \"\(SafeText.sanitize(resolved))\" is not valid UTF-8")
                return ANSIArt(lines: [], styles: [], strayEscapes: [])
            }
            return checkedArt(text, path: path, location: location, file: resolved)
        } catch {
            log.error(path, at: location, "art file \"\(SafeText.sanitize(resolved))\": \(error.reason)")
            return ANSIArt(lines: [], styles: [], strayEscapes: [])
        }
    }

    /// Splits art into safe lines: tabs expanded, leading and trailing blank lines dropped.
    static func artLines(_ text: String) -> [String] { art(text).lines }

    /// Art as lines and, where it carries SGR escapes (`lolcat`, `chafa`), their colours. The
    /// blank ends are found first and sliced off once, so a file of a million newlines costs
    /// one pass, not a removal per line.
    static func art(_ text: String) -> ANSIArt {
        let normalized =
            text.utf8.contains(UInt8(ascii: "\r")) ? text.replacing("\r\n", with: "\n") : text
        if normalized.utf8.contains(0x1B) {
            var parsed = ANSIArt.parse(normalized)
            guard let first = parsed.lines.firstIndex(where: { !$0.allSatisfy { $0 == " " } }),
                let last = parsed.lines.lastIndex(where: { !$0.allSatisfy { $0 == " " } })
            else { return ANSIArt(lines: [], styles: [], strayEscapes: parsed.strayEscapes) }
            parsed.lines = Array(parsed.lines[first...last])
            if !parsed.styles.isEmpty { parsed.styles = Array(parsed.styles[first...last]) }
            return parsed
        }
        // Line feeds are graphemes of their own once CR LF is gone: the bytes split where the
        // characters would.
        let lines = normalized.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        func isBlank(_ line: Substring.UTF8View) -> Bool {
            line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }
        guard let first = lines.firstIndex(where: { !isBlank($0) }),
            let last = lines.lastIndex(where: { !isBlank($0) })
        else { return ANSIArt(lines: [], styles: [], strayEscapes: []) }
        let plain = lines[first...last].map { Self.displayText(String(Substring($0))) }
        return ANSIArt(lines: plain, styles: [], strayEscapes: [])
    }
}
