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
