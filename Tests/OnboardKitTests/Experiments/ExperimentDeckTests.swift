import Testing

@testable import OnboardKit

/// A deck's `"experiments"` and texts that vary by variant: decoding, errors where they stand,
/// and the reader's variant chosen.
@Suite struct ExperimentDeckTests {
    static func deck(experiments: String, title: String = #""Go Pro""#, heading: String = #""Hi""#) -> String {
        """
        {
          "app": {"id": "a.b", "name": "App"},
          "experiments": \(experiments),
          "pages": [
            {"kind": "step", "heading": \(heading)},
            {"kind": "hero", "symbol": "star", "title": \(title)}
          ]
        }
        """
    }

    static let paywallTitle =
        #"[{"id": "paywall-title", "seed": "2026-12", "variants": [{"id": "a", "weight": 50}, {"id": "b", "weight": 50}], "holdout": 10}]"#

    static func load(_ json: String, assignments: [String: String]? = nil, language: [String] = []) -> DeckLoadResult {
        DeckLoader.decode(
            Array(json.utf8), file: "deck.json", reader: .memory([:]),
            language: LanguagePreference(tags: language), checksLayout: true,
            assign: assignments.map { fixed in { _, _ in fixed } })
    }

    static func title(_ deck: Deck?) -> String? {
        guard case .hero(let hero)? = deck?.pages.last else { return nil }
        return hero.title
    }

    @Test("the experiments are read with their seeds, weights and holdout, and their ids listed")
    func decodesExperiments() throws {
        let result = Self.load(Self.deck(experiments: Self.paywallTitle))
        let deck = try #require(result.deck, "\(result.diagnostics)")
        #expect(
            deck.experiments == [
                Experiment(
                    id: "paywall-title", seed: "2026-12",
                    variants: [.init(id: "a", weight: 50), .init(id: "b", weight: 50)], holdout: 10)
            ])
        #expect(deck.experimentVariantIDs == ["paywall-title": ["a", "b"]])
    }

    @Test(
        "a bad experiment is an error at its path, line and column",
        arguments: [
            (#"[{"id": "x", "variants": []}]"#, "experiments[0].variants", "at least one variant"),
            (
                #"[{"id": "x", "variants": [{"id": "a", "weight": -1}]}]"#, "experiments[0].variants[0].weight",
                "out of range"
            ),
            (#"[{"id": "x", "variants": [{"id": "a"}, {"id": "a"}]}]"#, "experiments[0].variants[1].id", "unique"),
            (
                #"[{"id": "x", "variants": [{"id": "a"}]}, {"id": "x", "variants": [{"id": "a"}]}]"#,
                "experiments[1].id", "unique"
            ),
            (#"[{"id": "x", "variants": [{"id": "a", "weight": 0}]}]"#, "experiments[0].variants", "every weight is 0"),
            (#"[{"id": "x", "variants": [{"id": "a"}], "holdout": 101}]"#, "experiments[0].holdout", "out of range"),
            (#"[{"id": "a=b", "variants": [{"id": "a"}]}]"#, "experiments[0].id", "not an id"),
            (#"[{"variants": [{"id": "a"}]}]"#, "experiments[0].id", "missing required member \"id\""),
        ])
    func badExperiment(experiments: String, path: String, words: String) throws {
        let json = Self.deck(experiments: experiments)
        let result = Self.load(json)
        #expect(result.deck == nil)
        let error = try #require(result.diagnostics.first { $0.severity == .error }, "no error for \(experiments)")
        #expect(error.path == path)
        #expect(error.message.contains(words), "\(error.message)")
        #expect(error.location != nil)
        #expect(error.file == "deck.json")
    }

    @Test("a text shows the reader's variant, the default in the holdout, and each may be localized")
    func variantTexts() throws {
        let title =
            #"{"default": "Go Pro", "de": "Pro holen", "variants": {"b": {"default": "Unlock all", "de": "Alles freischalten"}}}"#
        let json = Self.deck(experiments: Self.paywallTitle, title: title)
        #expect(Self.title(Self.load(json, assignments: ["paywall-title": "b"]).deck) == "Unlock all")
        #expect(
            Self.title(Self.load(json, assignments: ["paywall-title": "b"], language: ["de"]).deck)
                == "Alles freischalten")
        #expect(Self.title(Self.load(json, assignments: ["paywall-title": "a"]).deck) == "Go Pro")
        #expect(Self.title(Self.load(json, assignments: [:], language: ["de"]).deck) == "Pro holen")
        #expect(Self.load(json, assignments: ["paywall-title": "b"]).deck?.assignments == ["paywall-title": "b"])
    }

    @Test(
        "variant texts that name no experiment or variant of the deck are errors where they stand",
        arguments: [
            (
                Self.paywallTitle, #"{"default": "T", "variants": {"c": "C"}}"#, "pages[1].title.variants.c",
                "no variant \"c\""
            ),
            (
                Self.paywallTitle, #"{"default": "T", "experiment": "paywall", "variants": {"b": "B"}}"#,
                "pages[1].title.experiment", "did you mean \"paywall-title\""
            ),
            ("[]", #"{"default": "T", "variants": {"b": "B"}}"#, "pages[1].title.variants", "no \"experiments\""),
            (Self.paywallTitle, #"{"variants": {"a": "A", "b": "B"}}"#, "pages[1].title", "default text"),
            (
                Self.paywallTitle, #"{"default": "T", "variants": {"b": {"default": "B", "variants": {"a": "A"}}}}"#,
                "pages[1].title.variants.b.variants", "cannot have variants"
            ),
        ])
    func badVariantTexts(experiments: String, title: String, path: String, words: String) throws {
        let result = Self.load(Self.deck(experiments: experiments, title: title))
        #expect(result.deck == nil)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.path == path)
        #expect(error.message.contains(words), "\(error.message)")
        #expect(error.location != nil)
    }

    @Test("with two experiments a text names its own, and each text follows it")
    func twoExperiments() throws {
        let experiments =
            #"[{"id": "one", "variants": [{"id": "a"}, {"id": "b"}]}, {"id": "two", "variants": [{"id": "x"}, {"id": "y"}]}]"#
        let json = Self.deck(
            experiments: experiments, title: #"{"default": "T", "experiment": "two", "variants": {"y": "Y"}}"#,
            heading: #"{"default": "H", "experiment": "one", "variants": {"b": "B"}}"#)
        let deck = try #require(Self.load(json, assignments: ["one": "b", "two": "x"]).deck)
        #expect(Self.title(deck) == "T")
        guard case .step(let step)? = deck.pages.first else {
            Issue.record("the first page is no step")
            return
        }
        #expect(step.heading == "B")
        let unnamed = Self.load(
            Self.deck(experiments: experiments, title: #"{"default": "T", "variants": {"y": "Y"}}"#))
        #expect(unnamed.diagnostics.contains { $0.severity == .error && $0.message.contains("name the experiment") })
    }
}
