import Testing

@testable import OnboardKit

/// CLDR's plural categories through ICU, at the numbers where languages with more than two
/// forms differ. The expected rows are CLDR's published examples, written out here.
@Suite struct PluralRulesTests {
    static let numbers = [0, 1, 2, 3, 5, 11, 21, 22, 101]

    static let expected: [(String, [PluralRules.Category])] = [
        // ru: one 1, 21, 101; few 2-4, 22; many 0, 5-20, 11.
        ("ru", [.many, .one, .few, .few, .many, .many, .one, .few, .one]),
        // pl: one only 1; few 2-4, 22; many 0, 5, 11, 21, 101.
        ("pl", [.many, .one, .few, .few, .many, .many, .many, .few, .many]),
        // ar: zero 0, one 1, two 2, few 3-10 (and 103...), many 11-99, other 100-102.
        ("ar", [.zero, .one, .two, .few, .few, .many, .many, .many, .other]),
        // he: one 1, two 2, other otherwise (CLDR 42 folded "many" into other).
        ("he", [.other, .one, .two, .other, .other, .other, .other, .other, .other]),
        ("en", [.other, .one, .other, .other, .other, .other, .other, .other, .other]),
        ("de", [.other, .one, .other, .other, .other, .other, .other, .other, .other]),
        // fr: one is 0 and 1.
        ("fr", [.one, .one, .other, .other, .other, .other, .other, .other, .other]),
        ("ja", Array(repeating: .other, count: 9)),
        ("ko", Array(repeating: .other, count: 9)),
        ("zh_Hans", Array(repeating: .other, count: 9)),
        // pt_BR: one is 0 and 1, as in French.
        ("pt_BR", [.one, .one, .other, .other, .other, .other, .other, .other, .other]),
    ]

    @Test(arguments: expected)
    func eachLanguageHasCLDRsCategories(language: String, categories: [PluralRules.Category]) throws {
        let rules = try #require(PluralRules(language: language))
        #expect(Self.numbers.map(rules.category(for:)) == categories)
    }
}
