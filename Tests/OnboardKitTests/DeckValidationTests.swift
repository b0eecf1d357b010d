import Testing

@testable import OnboardKit

@Suite struct DeckValidationTests {
    static func load(_ json: String, files: [String: String] = [:]) -> DeckLoadResult {
        var all = files
        all["decks/deck.json"] = json
        return DeckLoader.load(path: "decks/deck.json", reader: .memory(all))
    }

    static let app = #""app": {"id": "a.b", "name": "App", "version": "1.0.0"}"#

    @Test func theIssueExampleLoads() throws {
        let result = Self.load(
            """
            {
              "app": { "id": "com.example.thaidrive", "name": "Thai Drive", "version": "1.4.0" },
              "pages": [
                { "kind": "step", "image": "art/welcome.txt", "heading": "Welcome to the App",
                  "text": "The following steps explain how to use the app most effectively." },
                { "kind": "hero", "symbol": "star", "title": "Walking",
                  "subtitle": "Take your first step toward a healthier lifestyle.", "bounceOnAppear": true }
              ]
            }
            """, files: ["decks/art/welcome.txt": "\n  /\\\n /  \\\n\t|\n\n"])
        #expect(result.diagnostics.isEmpty)
        let deck = try #require(result.deck)
        #expect(deck.app.name == "Thai Drive")
        guard case .step(let step) = deck.pages[0], case .hero(let hero) = deck.pages[1] else {
            Issue.record("wrong page kinds")
            return
        }
        // Blank edges trimmed, tabs expanded.
        #expect(step.art == ["  /\\", " /  \\", "    |"])
        #expect(hero.bounceOnAppear)
    }

    /// Each error class with its exact message and location.
    @Test(arguments: [
        (
            #"{"app": {"id": "a"}, "pages": []"#,
            "decks/deck.json:1:33: error: invalid JSON: unexpected end of file inside an object"
        ),
        (
            "{\n  \(app),\n  \"pages\": [ {\"kind\": \"step\", \"heading\": 7} ]\n}",
            "decks/deck.json:3:42: error: pages[0].heading: expected a string or an object of languages, found a number"
        ),
        (
            "{\n  \(app),\n  \"pages\": [ {\"kind\": \"step\"} ]\n}",
            "decks/deck.json:3:14: error: pages[0].heading: missing required member \"heading\""
        ),
        (
            "{\n  \(app),\n  \"pages\": [ {\"kind\": \"stpe\", \"heading\": \"x\"} ]\n}",
            #"decks/deck.json:3:23: error: pages[0].kind: unknown page kind "stpe"; expected one of "step", "hero", "paywall", "question" (did you mean "step"?)"#
        ),
        (
            "{\n  \(app),\n  \"pages\": []\n}",
            "decks/deck.json:3:12: error: pages: a deck needs at least one page"
        ),
        (
            #"{"pages": [{"kind": "step", "heading": "x"}]}"#,
            #"decks/deck.json:1:1: error: app: missing required member "app""#
        ),
        (
            "{\n  \(app),\n  \"pages\": [ {\"kind\": \"step\", \"heading\": \"x\", \"image\": \"art/none.txt\"} ]\n}",
            #"decks/deck.json:3:56: error: pages[0].image: art file "decks/art/none.txt": no such file"#
        ),
        (
            "{\n  \(app),\n  \"accent\": \"purpel\",\n  \"pages\": [ {\"kind\": \"step\", \"heading\": \"x\"} ]\n}",
            ##"decks/deck.json:3:13: error: accent: unknown colour "purpel"; use "#rrggbb", 0-255, or a name (did you mean "purple"?)"##
        ),
        (
            "{\n  \(app),\n  \"pages\": [ {\"kind\": \"step\", \"heading\": \"  \"} ]\n}",
            "decks/deck.json:3:42: error: pages[0].heading: must not be empty"
        ),
    ])
    func errorsNameTheFilePathAndPosition(json: String, expected: String) {
        let result = Self.load(json)
        #expect(result.deck == nil)
        #expect(result.errors.map(\.description).contains(expected), "got \(result.errors.map(\.description))")
    }

    @Test func everyProblemIsReportedNotJustTheFirst() {
        let result = Self.load(
            """
            {"app": {"id": "", "name": 3},
             "pages": [{"kind": "step"}, {"kind": "hero", "symbol": "nope", "title": "t"}, 5]}
            """)
        let paths = Set(result.errors.map(\.path))
        #expect(paths == ["app.id", "app.name", "pages[0].heading", "pages[1].symbol", "pages[2]"])
    }

    /// Editors find the deck's JSON Schema through `"$schema"`; the decoder takes it silently.
    @Test func aSchemaReferenceIsAcceptedWithoutAWarning() {
        let result = Self.load(
            "{\"$schema\": \"schemas/deck.schema.json\", \(Self.app), \"pages\": [{\"kind\": \"step\", \"heading\": \"x\"}]}"
        )
        #expect(result.deck != nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func unknownKeysAreWarningsWithASuggestion() throws {
        let result = Self.load(
            "{\(Self.app), \"pages\": [{\"kind\": \"step\", \"heading\": \"x\", \"txt\": \"y\"}], \"theme\": 1}")
        #expect(result.deck != nil)
        #expect(result.errors.isEmpty)
        let messages = result.warnings.map(\.description)
        #expect(
            messages.contains {
                $0.contains("pages[0].txt: unknown member \"txt\" is ignored (did you mean \"text\"?)")
            })
        #expect(messages.contains { $0.contains("theme: unknown member") })
    }

    @Test func unknownSymbolsNameTheClosestKnownOnes() {
        let result = Self.load(
            "{\(Self.app), \"pages\": [{\"kind\": \"hero\", \"symbol\": \"stra\", \"title\": \"t\"}]}")
        let message = result.errors.first?.message ?? ""
        #expect(message.hasPrefix("unknown symbol \"stra\"; closest known: star"))
    }

    @Test func controlCharactersInDeckTextBecomeVisible() throws {
        let result = Self.load(
            "{\(Self.app), \"pages\": [{\"kind\": \"step\", \"heading\": \"a\\u001b[2Jb\", \"text\": \"x\\u0007\\ny\"}]}"
        )
        let deck = try #require(result.deck)
        guard case .step(let step) = deck.pages[0] else { return }
        #expect(step.heading == "a␛[2Jb")
        #expect(step.text == "x␇\ny")
    }

    @Test func oversizedDecksAreRefusedBeforeParsing() {
        let huge = String(repeating: " ", count: DeckLoader.maximumDeckSize + 1)
        let result = Self.load(huge)
        #expect(
            result.fileError
                == .tooLarge(path: "decks/deck.json", size: huge.utf8.count, limit: DeckLoader.maximumDeckSize))
        #expect(result.errors.first?.description.contains("over the limit of 10 MiB") == true)
        // Just over the limit, the sizes would read the same in MiB: the bytes tell them apart.
        #expect(
            result.errors.first?.description.contains(
                "file is \(huge.utf8.count) bytes, over the limit of 10 MiB (\(DeckLoader.maximumDeckSize) bytes)")
                == true,
            "\(result.errors)")
    }

    @Test func missingFileIsAFileError() {
        let result = DeckLoader.load(path: "nowhere.json", reader: .memory([:]))
        #expect(result.fileError == .missing(path: "nowhere.json"))
        #expect(result.errors.first?.description == "nowhere.json: error: no such file")
    }

    @Test func labelsOverrideTheDefaults() throws {
        let result = Self.load(
            "{\(Self.app), \"labels\": {\"next\": \"Weiter\", \"done\": \"Los\"}, \"pages\": [{\"kind\": \"step\", \"heading\": \"x\"}]}"
        )
        let deck = try #require(result.deck)
        let labels = deck.labels
        #expect([labels.next, labels.back, labels.skip, labels.done] == ["Weiter", "Back", "Skip", "Los"])
        // The deck's words stay as written in every language; the built-in ones follow it.
        #expect(deck.labels == ButtonLabels(next: "Weiter", done: "Los"))
    }
}

extension DeckValidationTests {
    static let tallArt = Array(repeating: "#####", count: 20).joined(separator: "\\n")
    static let longText = String(repeating: "A sentence that takes some room. ", count: 60)

    /// `validate` asks for the layout check: pages that do not fit at 80x24 are warned about
    /// at their path, whether the art is left out or the text scrolls; a paywall is its own.
    @Test func pagesThatDoNotFitAt80x24AreWarnedAboutAtTheirPath() {
        let json = """
            {
              \(Self.app),
              "pages": [
                {"kind": "step", "heading": "Fits", "text": "Short."},
                {"kind": "step", "heading": "Tall art", "art": "\(Self.tallArt)", "text": "Some text."},
                {"kind": "step", "heading": "Long", "text": "\(Self.longText)"},
                {"kind": "paywall"}
              ]
            }
            """
        let result = DeckLoader.decode(Array(json.utf8), file: "deck.json", reader: .memory([:]), checksLayout: true)
        #expect(result.errors.isEmpty)
        #expect(
            result.warnings.map(\.description) == [
                "deck.json:5:5: warning: pages[1]: at 80x24 the page needs 24 rows of the 21 there are: its art is left out",
                "deck.json:6:5: warning: pages[2]: at 80x24 the text needs 35 rows of the 21 there are: the page scrolls (shorten or split it)",
            ])
        // Running the tour does not ask: the pages cope on their own.
        let plain = DeckLoader.decode(Array(json.utf8), file: "deck.json", reader: .memory([:]))
        #expect(plain.diagnostics.isEmpty)
    }
}
