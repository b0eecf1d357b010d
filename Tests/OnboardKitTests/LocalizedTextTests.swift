import Testing

@testable import OnboardKit

/// Texts in several languages: which one a reader gets, and what a bad key or value says.
@Suite struct LocalizedTextTests {
    static func deck(heading: String, extraPages: String = "") -> String {
        """
        {
          "app": {"id": "a.b", "name": "App"},
          "pages": [
            {"kind": "step", "heading": \(heading)}\(extraPages)
          ]
        }
        """
    }

    static func load(_ json: String, language: LanguagePreference, validating: Bool = false) -> DeckLoadResult {
        DeckLoader.decode(
            Array(json.utf8), file: "deck.json", reader: .memory([:]), language: language, checksLayout: validating)
    }

    static func heading(_ json: String, environment: [String: String], option: String? = nil) -> String? {
        let result = load(json, language: LanguagePreference.resolve(option: option, environment: environment))
        guard case .step(let step) = result.deck?.pages.first else { return nil }
        return step.heading
    }

    static let everyLanguage = """
        {"default": "Welcome", "en": "Hello", "de": "Willkommen", "pt": "Olá", "PT_br": "Oi", "zh-hans": "欢迎",
         "zh-Hant": "歡迎"}
        """

    @Test(
        "the reader's first language the text has, then its fallbacks, then default",
        arguments: [
            (["LANG": "pt_BR.UTF-8"], nil, "Oi"),
            (["LANG": "pt_PT.UTF-8"], nil, "Olá"),
            (["LANG": "zh_Hans_CN.UTF-8"], nil, "欢迎"),
            (["LANG": "zh_CN.UTF-8"], nil, "欢迎"),
            (["LANG": "zh_TW.UTF-8"], nil, "歡迎"),
            (["LANG": "de_AT.UTF-8"], nil, "Willkommen"),
            (["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"], nil, "Willkommen"),
            (["LANG": "de_DE.UTF-8"], "pt_BR", "Oi"),
            (["LANG": "en_GB.UTF-8"], nil, "Hello"),
            (["LANG": "fr_FR.UTF-8"], nil, "Welcome"),
            (["LANG": "C"], nil, "Welcome"),
            ([:], nil, "Welcome"),
        ] as [([String: String], String?, String)])
    func choosesForTheReader(environment: [String: String], option: String?, expected: String) {
        #expect(
            Self.heading(Self.deck(heading: Self.everyLanguage), environment: environment, option: option) == expected)
    }

    @Test("without default, English; without either, the first written")
    func fallsBackToEnglishThenTheFirst() {
        let french = ["LANG": "fr_FR.UTF-8"]
        #expect(Self.heading(Self.deck(heading: #"{"de": "Hallo", "en": "Hello"}"#), environment: french) == "Hello")
        #expect(Self.heading(Self.deck(heading: #"{"ja": "ようこそ", "de": "Hallo"}"#), environment: french) == "ようこそ")
        #expect(Self.heading(Self.deck(heading: #""Plain""#), environment: ["LANG": "de_DE.UTF-8"]) == "Plain")
    }

    @Test("a key names only its own region: pt-BR is not chosen for a pt_PT reader")
    func aRegionalKeyIsNotTakenForAnotherRegion() {
        let json = Self.deck(heading: #"{"default": "Welcome", "pt-BR": "Oi"}"#)
        #expect(Self.heading(json, environment: ["LANG": "pt_PT.UTF-8"]) == "Welcome")
        #expect(Self.heading(json, environment: ["LANGUAGE": "pt"]) == "Welcome")
    }

    @Test("the chosen text is made safe for the screen, as a plain one is")
    func theChosenTextIsSanitized() {
        let json = Self.deck(heading: #"{"default": "x", "de": "Hallo\u001b[2J\tWelt"}"#)
        #expect(Self.heading(json, environment: ["LANG": "de_DE.UTF-8"]) == "Hallo␛[2J    Welt")
    }

    /// Each bad text with its exact message, file, line and column.
    @Test(arguments: [
        (
            "{\"default\": \"Welcome\",\n  \"pt-BRA\": \"Oi\"}",
            #"deck.json:5:3: error: pages[0].heading["pt-BRA"]: "pt-BRA" is not a language tag; write "default" or a tag such as "de", "pt-BR" or "zh-Hans""#
        ),
        (
            "{\"default\": \"Welcome\", \"de-DE-1996\": \"Willkommen\"}",
            #"deck.json:4:56: error: pages[0].heading["de-DE-1996"]: "de-DE-1996" is not a language tag; write "default" or a tag such as "de", "pt-BR" or "zh-Hans" (did you mean "de-DE"?)"#
        ),
        (
            "{\"Default\": \"Welcome\"}",
            #"deck.json:4:34: error: pages[0].heading.Default: "Default" is not a language tag; write "default" or a tag such as "de", "pt-BR" or "zh-Hans" (did you mean "default"?)"#
        ),
        (
            "{\"default\": \"Welcome\", \"en_US.UTF-8\": \"Hi\"}",
            #"deck.json:4:56: error: pages[0].heading["en_US.UTF-8"]: "en_US.UTF-8" is not a language tag; write "default" or a tag such as "de", "pt-BR" or "zh-Hans" (did you mean "en-US"?)"#
        ),
        (
            "{\"default\": \"Welcome\", \"de\": 5}",
            "deck.json:4:62: error: pages[0].heading.de: expected a string, found a number"
        ),
        (
            "{\"default\": \"Welcome\", \"de\": \" \"}",
            "deck.json:4:62: error: pages[0].heading.de: must not be empty"
        ),
        (
            "{}",
            #"deck.json:4:33: error: pages[0].heading: an object of languages needs at least one, such as {"default": "…", "de": "…"}"#
        ),
        (
            "{\"default\": \"Welcome\", \"pt-BR\": \"Oi\", \"pt_br\": \"Olá\"}",
            #"deck.json:4:71: error: pages[0].heading.pt_br: "pt_br" names the same language as "pt-BR" at 4:56; keep one"#
        ),
        (
            "[\"Welcome\"]",
            "deck.json:4:33: error: pages[0].heading: expected a string or an object of languages, found an array"
        ),
    ])
    func badTextsNameTheirPosition(heading: String, expected: String) {
        let result = Self.load(Self.deck(heading: heading), language: LanguagePreference(tags: []))
        #expect(result.deck == nil)
        #expect(result.errors.map(\.description) == [expected])
    }

    @Test("well-formed keys of every shape are taken; variants and extensions are not")
    func languageTags() {
        for key in ["de", "DE", "gsw", "pt-BR", "pt_br", "zh-Hans", "sr-Latn-RS", "es-419"] {
            #expect(LanguageTag(key) != nil, "\(key)")
        }
        #expect(LanguageTag("sr-latn-rs")?.identifier == "sr_Latn_RS")
        #expect(LanguageTag("ES_419")?.identifier == "es_419")
        for key in ["", "d", "deutsch", "de-", "-de", "de--DE", "de-DE-1996", "en-US-x-twain", "zh-Hans-CN-x", "1de"] {
            #expect(LanguageTag(key) == nil, "\(key)")
        }
    }

    @Test("an object with neither default nor en warns which language everyone else gets")
    func noFallbackIsAWarning() {
        let result = Self.load(
            Self.deck(heading: #"{"de": "Hallo", "fr": "Salut"}"#), language: LanguagePreference(tags: []))
        #expect(result.deck != nil)
        #expect(
            result.warnings.map(\.description) == [
                #"deck.json:4:33: warning: pages[0].heading: no "default" or "en" text: readers of any other language see the "de" one; add "default""#
            ])
    }
}
