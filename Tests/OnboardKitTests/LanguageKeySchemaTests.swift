import Testing

@testable import OnboardKit

/// The schemas' pattern for a text's language keys takes exactly the keys the decoder takes.
@Suite struct LanguageKeySchemaTests {
    @Test(arguments: ["deck", "catalog"])
    func theKeyPatternAgreesWithTheDecoder(schemaName: String) throws {
        let schema = try SchemaAgreementTests.schema(schemaName)
        for name in ["localizedText", "localizedTextMayBeEmpty"] {
            let patterns = schema["$defs"]?[name]?["patternProperties"]?.members?.map(\.key) ?? []
            #expect(patterns.count == 1, "\(schemaName) \(name)")
            let pattern = try Regex(try #require(patterns.first))
            let keys = [
                "default", "de", "DE", "gsw", "pt-BR", "pt_br", "zh-Hans", "zh_hant_TW", "sr-Latn-RS", "es-419",
                "Default", "", "d", "deutsch", "de-", "de--DE", "de-DE-1996", "en-US-x-twain", "en_US.UTF-8", "1de",
                "de-Latn-", "pt-BRA",
            ]
            for key in keys {
                let decoderTakes = key == LocalizedText.defaultKey || LanguageTag(key) != nil
                #expect((key.firstMatch(of: pattern) != nil) == decoderTakes, "\(schemaName) \(name): \"\(key)\"")
            }
        }
    }
}
