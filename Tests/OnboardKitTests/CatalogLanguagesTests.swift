import Testing

@testable import OnboardKit

/// A catalog's words in several languages: the copy, product names and descriptions and
/// entitlement names follow the reader, and every language's `{{ variables }}` are checked.
@Suite struct CatalogLanguagesTests {
    static let german = LanguagePreference(tags: ["de_DE", "de"])

    static let catalog = """
        {
          "currency": "USD",
          "currentOffering": "main",
          "links": { "privacyPolicy": "https://example.com/privacy", "termsOfUse": "https://example.com/terms" },
          "products": [
            { "id": "pro_annual", "type": "autoRenewable", "price": "39.99", "period": "P1Y",
              "title": {"default": "Pro Annual", "de": "Pro jährlich"},
              "description": {"default": "Billed yearly", "de": "Jährlich abgerechnet"} }
          ],
          "entitlements": [
            { "id": "pro", "displayName": {"default": "Pro", "de": "Pro-Zugang"}, "products": ["pro_annual"] }
          ],
          "offerings": [
            { "id": "main", "packages": [ { "id": "$rc_annual", "product": "pro_annual" } ],
              "copy": {
                "title": {"default": "Go Pro", "de": "Pro werden"},
                "subtitle": {"default": "{{ price_per_period }}", "de": "{{ price_per_period }}"},
                "features": [{"default": "No ads", "de": "Keine Werbung"}],
                "callToAction": {"default": "Continue for {{ price_per_period }}",
                                 "de": "Weiter für {{ price_per_perod }}"},
                "callToActionWithIntroOffer": {"default": "Try it", "de": "Ausprobieren"}
              } }
          ]
        }
        """

    static func decode(_ text: String, language: LanguagePreference = LanguagePreference(tags: []), validates: Bool)
        -> CatalogLoadResult
    {
        CatalogDecoder.decode(
            Array(text.utf8), path: "catalog.json", fileReader: CatalogFixtures.memoryReader([:]), language: language,
            validates: validates)
    }

    @Test("a misspelt variable in the German call to action is a validate error at the German string")
    func aMisspeltVariableInOneLanguageIsAnError() {
        let result = Self.decode(Self.catalog, validates: true)
        #expect(result.catalog == nil)
        #expect(
            result.errors.map(\.description) == [
                "catalog.json:20:32: error: offerings[0].copy.callToAction.de: unknown variable {{ price_per_perod }} (did you mean {{ price_per_period }}?); the paywall would show it as written"
            ])
    }

    @Test("in a run it is a warning, and the paywall shows the variable as written")
    func inARunTheVariableShowsAsWritten() throws {
        let result = Self.decode(Self.catalog, language: Self.german, validates: false)
        #expect(result.errors.isEmpty)
        #expect(
            result.warnings.map(\.description) == [
                "catalog.json:20:32: warning: offerings[0].copy.callToAction.de: unknown variable {{ price_per_perod }} is shown as written (did you mean {{ price_per_period }}?)"
            ])
        let copy = try #require(result.catalog?.offering(id: "main")?.copy)
        #expect(copy.callToAction == "Weiter für {{ price_per_perod }}")
    }

    @Test("every text of the catalog follows the reader's language")
    func everyTextIsChosen() throws {
        let fixed = Self.catalog.replacingOccurrences(of: "price_per_perod", with: "price_per_period")
        let german = Self.decode(fixed, language: Self.german, validates: true)
        #expect(german.diagnostics.isEmpty, "\(german.diagnostics.map(\.description))")
        let catalog = try #require(german.catalog)
        #expect(catalog.products["pro_annual"]?.localizedTitle == "Pro jährlich")
        #expect(catalog.products["pro_annual"]?.localizedDescription == "Jährlich abgerechnet")
        #expect(catalog.entitlements.map(\.displayName) == ["Pro-Zugang"])
        #expect(
            catalog.offering(id: "main")?.copy
                == PaywallCopy(
                    title: "Pro werden", subtitle: "{{ price_per_period }}", features: ["Keine Werbung"],
                    callToAction: "Weiter für {{ price_per_period }}", callToActionWithIntroOffer: "Ausprobieren"))
        let english = try #require(Self.decode(fixed, validates: false).catalog)
        #expect(english.offering(id: "main")?.copy.title == "Go Pro")
        #expect(english.products["pro_annual"]?.localizedTitle == "Pro Annual")
    }

    @Test("validate names the catalog's texts that miss a language the others have")
    func missingLanguagesInACatalog() {
        let partial = Self.catalog.replacingOccurrences(of: "price_per_perod", with: "price_per_period")
            .replacingOccurrences(of: #"{"default": "Try it", "de": "Ausprobieren"}"#, with: #""Try it""#)
        let result = Self.decode(partial, validates: true)
        #expect(
            result.warnings.map(\.description) == [
                #"catalog.json:21:39: warning: offerings[0].copy.callToActionWithIntroOffer: no "de" text, which other texts of this catalog have (its languages: de); give it as {"default": "…", "de": "…"}, or readers of de see this string"#
            ])
    }

    @Test("a bad language key in the copy is an error at the key")
    func aBadKeyInTheCopy() {
        let broken = Self.catalog.replacingOccurrences(of: #""de": "Pro werden""#, with: #""deu-DE-x": "Pro werden""#)
        let result = Self.decode(broken, validates: false)
        #expect(result.catalog == nil)
        #expect(
            result.errors.map(\.description).first
                == #"catalog.json:16:40: error: offerings[0].copy.title["deu-DE-x"]: "deu-DE-x" is not a language tag; write "default" or a tag such as "de", "pt-BR" or "zh-Hans" (did you mean "deu-DE"?)"#
        )
    }
}
