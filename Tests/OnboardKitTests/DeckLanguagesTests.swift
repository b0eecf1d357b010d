import Testing

@testable import OnboardKit

/// A deck in several languages: every text a reader sees follows the reader's language, and
/// `validate` names the texts that miss a language the others have.
@Suite struct DeckLanguagesTests {
    static let german = LanguagePreference(tags: ["de_DE", "de"])

    static func validate(_ json: String, language: LanguagePreference = LanguagePreference(tags: [])) -> DeckLoadResult
    {
        DeckLoader.decode(
            Array(json.utf8), file: "deck.json", reader: .memory([:]), language: language, checksLayout: true)
    }

    /// `count` step pages whose headings have German except those at `withoutGerman`.
    static func headings(_ count: Int, withoutGerman: Set<Int>) -> String {
        let pages = (0..<count).map { index in
            let heading =
                withoutGerman.contains(index)
                ? #"{"default": "Page \#(index)"}"# : #"{"default": "Page \#(index)", "de": "Seite \#(index)"}"#
            return #"    {"kind": "step", "heading": \#(heading)}"#
        }
        return """
            {
              "app": {"id": "a.b", "name": "App"},
              "pages": [
            \(pages.joined(separator: ",\n"))
              ]
            }
            """
    }

    @Test("every text of every kind of page follows the reader's language")
    func everyTextIsChosen() throws {
        let json = """
            {
              "app": {"id": "a.b", "name": "App"},
              "labels": {"next": {"default": "Next", "de": "Weiter"}, "back": {"default": "Back", "de": "Zurück"},
                         "skip": {"default": "Skip", "de": "Überspringen"}, "done": {"default": "Done", "de": "Fertig"}},
              "review": {"prompt": {"default": "Enjoying it?", "de": "Gefällt es dir?"}},
              "pages": [
                {"kind": "step", "heading": {"default": "Welcome", "de": "Willkommen"},
                 "text": {"default": "One\\r\\ntwo", "de": "Eins\\r\\nzwei"}},
                {"kind": "hero", "symbol": "star", "title": {"default": "Stars", "de": "Sterne"},
                 "subtitle": {"default": "Many", "de": "Viele"}},
                {"kind": "paywall", "title": {"default": "Go Pro", "de": "Pro werden"},
                 "subtitle": {"default": "All of it", "de": "Alles"},
                 "features": [{"default": "Themes", "de": "Themen"}, "Decks"],
                 "callToAction": {"default": "Buy for {{ price }}", "de": "Kaufen für {{ price }}"},
                 "callToActionWithIntroOffer": {"default": "Try", "de": "Testen"}}
              ]
            }
            """
        let result = DeckLoader.decode(Array(json.utf8), file: "deck.json", reader: .memory([:]), language: Self.german)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let deck = try #require(result.deck)
        #expect(deck.labels == ButtonLabels(next: "Weiter", back: "Zurück", skip: "Überspringen", done: "Fertig"))
        #expect(deck.review?.prompt == "Gefällt es dir?")
        guard case .step(let step) = deck.pages[0], case .hero(let hero) = deck.pages[1],
            case .paywall(let paywall) = deck.pages[2]
        else {
            Issue.record("wrong page kinds")
            return
        }
        #expect(step.heading == "Willkommen")
        #expect(step.text == "Eins\nzwei")
        #expect(hero.title == "Sterne" && hero.subtitle == "Viele")
        #expect(
            paywall
                == PaywallPage(
                    title: "Pro werden", subtitle: "Alles", features: ["Themen", "Decks"],
                    callToAction: "Kaufen für {{ price }}", callToActionWithIntroOffer: "Testen"))
    }

    @Test("de on five headings and not on the sixth: one warning, at the sixth")
    func aMissingLanguageIsNamedOnce() {
        let result = Self.validate(Self.headings(6, withoutGerman: [5]))
        #expect(result.deck != nil)
        #expect(
            result.warnings.map(\.description) == [
                #"deck.json:9:33: warning: pages[5].heading: no "de" text, which other texts of this deck have (its languages: de); readers of de see the "default" one"#
            ])
    }

    @Test("a plain string among texts in languages misses each of them")
    func aPlainStringMissesEveryLanguage() {
        let json = """
            {
              "app": {"id": "a.b", "name": "App"},
              "pages": [
                {"kind": "step", "heading": {"default": "Hi", "de": "Hallo", "ar": "مرحبا"}, "text": "Plain", "art": "x"},
                {"kind": "hero", "symbol": "star", "title": {"default": "Hi", "de": "Hallo", "ar": "مرحبا"}, "subtitle": ""}
              ]
            }
            """
        let result = Self.validate(json)
        // The empty subtitle is no text to translate.
        #expect(result.warnings.map(\.path) == ["pages[0].text", "pages[0].text"])
        #expect(result.warnings.map(\.location) == [SourceLocation(line: 4, column: 90), .init(line: 4, column: 90)])
        #expect(
            result.warnings.first?.message
                == #"no "de" text, which other texts of this deck have (its languages: de, ar); give it as {"default": "…", "de": "…"}, or readers of de see this string"#
        )
        #expect(result.warnings.last?.message.hasPrefix(#"no "ar" text"#) == true)
    }

    @Test("a less specific language serves a more specific one; en is served by default")
    func fallbacksCountAsTheLanguage() {
        let json = """
            {
              "app": {"id": "a.b", "name": "App"},
              "pages": [
                {"kind": "step", "heading": {"default": "Hi", "pt-BR": "Oi", "en": "Hello"}},
                {"kind": "step", "heading": {"default": "Hi", "pt": "Olá"}}
              ]
            }
            """
        // pt-BR readers get "Olá" on the second page, and en readers "Hi"; only pt is missing.
        #expect(
            Self.validate(json).warnings.map(\.description) == [
                #"deck.json:4:33: warning: pages[0].heading: no "pt" text, which other texts of this deck have (its languages: pt-BR, en, pt); readers of pt see the "default" one"#
            ])
    }

    @Test("only validate looks for missing languages")
    func runsDoNotLookForMissingLanguages() {
        let json = Self.headings(3, withoutGerman: [2])
        let run = DeckLoader.decode(Array(json.utf8), file: "deck.json", reader: .memory([:]))
        #expect(run.diagnostics.isEmpty)
        #expect(Self.validate(json).warnings.count == 1)
    }

    @Test("a big deck is told how many more texts miss a language, not buried")
    func missingLanguagesAreCapped() {
        let result = Self.validate(Self.headings(80, withoutGerman: Set(1..<80)))
        let missing = result.warnings.filter { $0.message.hasPrefix(#"no "de" text"#) }
        #expect(missing.count == TextLanguages.listedMissingLimit)
        #expect(missing.first?.path == "pages[1].heading")
        #expect(
            result.warnings.last?.message == "29 more missing translations like these are not listed (the first 50 are)"
        )
        #expect(result.warnings.count == TextLanguages.listedMissingLimit + 1)
    }

    @Test("the layout is checked in every language: a German text that overflows is named")
    func layoutInEveryLanguage() {
        let long = Array(repeating: "Ein sehr langer Satz, der nicht auf die Seite passt.", count: 60)
            .joined(separator: " ")
        let json = """
            {
              "app": {"id": "a.b", "name": "App"},
              "pages": [
                {"kind": "step", "heading": {"default": "Hi", "de": "Hallo", "fr": "Salut"},
                 "text": {"default": "Short.", "de": "\(long)", "fr": "\(long)"}}
              ]
            }
            """
        let warnings = Self.validate(json).warnings
        #expect(warnings.count == 1, "\(warnings.map(\.description))")
        #expect(warnings.first?.path == "pages[0]")
        #expect(warnings.first?.message.hasPrefix(#"in "de", "fr": at 80x24 the text needs "#) == true)
        // A German reader's own validate says it without naming the language: it is theirs.
        let inGerman = Self.validate(json, language: Self.german).warnings.map(\.message)
        #expect(inGerman.first?.hasPrefix("at 80x24 the text needs ") == true, "\(inGerman)")
        #expect(inGerman.count == 2)
        #expect(inGerman.last?.hasPrefix(#"in "fr": at 80x24"#) == true, "\(inGerman)")
    }
}

/// Art may be given per language, a file or inline, as a text is: the reader's is drawn,
/// `validate` reads every language's file, and no language is "missing" from a picture.
@Suite struct DeckArtLanguagesTests {
    static let files = [
        "./art/keys.txt": "< back\n", "./art/keys.de.txt": "< zurück\n", "./art/keys.ar.txt": "< التالي\n",
    ]
    static let deck = """
        {"app": {"id": "a.b", "name": "App"},
         "pages": [{"kind": "step", "heading": {"default": "Keys", "de": "Tasten", "ar": "مفاتيح", "fr": "Touches"},
           "image": {"default": "art/keys.txt", "de": "art/keys.de.txt", "ar": "art/keys.ar.txt"}},
          {"kind": "step", "heading": "Inline", "art": {"default": "[ok]", "de": "[gut]"}}]}
        """

    static func load(_ tags: [String], files: [String: String] = files, validates: Bool = false) -> DeckLoadResult {
        var all = files
        all["deck.json"] = Self.deck
        return DeckLoader.load(
            path: "deck.json", reader: .memory(all), language: LanguagePreference(tags: tags), checksLayout: validates)
    }

    @Test(arguments: [
        ([String](), "< back", "[ok]"), (["de"], "< zurück", "[gut]"), (["ar"], "< التالي", "[ok]"),
        (["fr"], "< back", "[ok]"),
    ])
    func theReadersArtIsDrawn(tags: [String], image: String, inline: String) throws {
        let deck = try #require(Self.load(tags).deck)
        guard case .step(let keys) = deck.pages[0], case .step(let inlineArt) = deck.pages[1] else {
            Issue.record("wrong page kinds")
            return
        }
        #expect(keys.art == [image])
        #expect(inlineArt.art == [inline])
    }

    @Test func validateFindsAnotherLanguagesMissingFileAndMissesNoLanguageInArt() {
        var files = Self.files
        files["./art/keys.de.txt"] = nil
        let run = Self.load([], files: files)
        #expect(run.errors.isEmpty, "a reader of English never reads the German file: \(run.errors)")
        let validated = Self.load([], files: files, validates: true)
        #expect(validated.errors.contains { $0.path == "pages[0].image.de" && $0.message.contains("keys.de.txt") })
        let complete = Self.load([], validates: true)
        #expect(!complete.diagnostics.contains { $0.path.contains("image") || $0.path.contains("art") })
    }

    /// Art is a picture of columns: drawn left to right, each word in another script reads in
    /// its own place, so an Arabic label stays under its key.
    @Test func artIsDrawnLeftToRightWithItsWordsInPlace() throws {
        let page = Page.step(StepPage(art: ["[<-] [->]", " التالي  رجوع"], heading: "مفاتيح", text: ""))
        var canvas = Canvas(width: 40, height: 10)
        PageView(page: page, theme: Theme(colorMode: .indexed256)).draw(
            into: &canvas, in: canvas.bounds, clip: canvas.bounds)
        let labels = try #require(canvas.lines.first { $0.contains(BidiText.visualLine("رجوع")) })
        let boxes = try #require(canvas.lines.first { $0.contains("[<-]") })
        let next = try #require(labels.range(of: BidiText.visualLine("التالي")))
        let back = try #require(labels.range(of: BidiText.visualLine("رجوع")))
        #expect(next.lowerBound < back.lowerBound, "the label under [<-] moved:\n\(labels)")
        #expect(
            labels.distance(from: labels.startIndex, to: next.lowerBound)
                < boxes.distance(from: boxes.startIndex, to: try #require(boxes.range(of: "[->]")).lowerBound))
    }
}
