import Foundation
import OnboardDisk
import OnboardKit
import Testing

/// The translations under `po/`: complete, faithful to the English's `{{ }}` variables, plural
/// forms chosen as CLDR says, and a template that matches the sources. gettext's language is
/// the process's, so these run one at a time.
@Suite(.serialized) struct MessageCatalogTests {
    typealias Entry = TranslatedCatalogs.Entry

    @Test func everyRequiredLanguageHasACatalogThatMsgfmtAccepts() throws {
        #expect(Set(TranslatedCatalogs.required).isSubset(of: Set(TranslatedCatalogs.languages)))
        _ = try TranslatedCatalogs.compiled.get()
    }

    @Test(arguments: TranslatedCatalogs.required)
    func everyMessageIsTranslatedAndNoneIsExtra(language: String) throws {
        let path = "\(TranslatedCatalogs.poDirectory)/\(language).po"
        // msgcmp: each message of the template must be in the catalog, translated and not fuzzy…
        let missing = try TranslatedCatalogs.run(["msgcmp", path, TranslatedCatalogs.template])
        #expect(missing.status == 0, "po/\(language).po lacks messages:\n\(missing.output)")
        // …and each message of the catalog must be in the template.
        let extra = try TranslatedCatalogs.run(["msgcmp", "--use-untranslated", TranslatedCatalogs.template, path])
        #expect(extra.status == 0, "po/\(language).po has messages the English does not:\n\(extra.output)")
    }

    @Test(arguments: TranslatedCatalogs.required)
    func everyTranslationKeepsTheVariablesOfItsEnglish(language: String) throws {
        let entries = try TranslatedCatalogs.entries(of: "\(TranslatedCatalogs.poDirectory)/\(language).po")
        #expect(!entries.isEmpty)
        let singleNumberForms = Self.formsCoveringOneNumber(language)
        for entry in entries where !entry.msgstr.isEmpty {
            var wanted = Set(Messages.variableNames(of: entry.msgid))
            if let plural = entry.msgidPlural { wanted.formUnion(Messages.variableNames(of: plural)) }
            let found = Set(Messages.variableNames(of: entry.msgstr))
            var missing = wanted.subtracting(found)
            // "1 شهر" may be "شهر واحد": a form for one number alone may leave the number out.
            if let form = entry.form, singleNumberForms.contains(form) { missing.remove("count") }
            #expect(
                missing.isEmpty && found.isSubset(of: wanted),
                "po/\(language).po: \(entry.msgid.debugDescription)\(entry.form.map { " form \($0)" } ?? ""): \(entry.msgstr.debugDescription) needs \(wanted.sorted()), has \(found.sorted())"
            )
        }
    }

    /// A number's form by the catalog's `Plural-Forms`, as gettext picks it, is the form of its
    /// CLDR category, for every number to 200 and some large ones.
    @Test(arguments: TranslatedCatalogs.required)
    func pluralFormsFollowCLDR(language: String) throws {
        let entries = try TranslatedCatalogs.entries(of: "\(TranslatedCatalogs.poDirectory)/\(language).po")
        let english = "{{ count }} month"
        let forms = entries.filter { $0.msgid == english }.sorted { ($0.form ?? 0) < ($1.form ?? 0) }.map(\.msgstr)
        try #require(!forms.isEmpty, "po/\(language).po has no \(english.debugDescription)")
        let rules = try #require(PluralRules(language: language))
        let order = try #require(Self.formOrder[language])
        #expect(forms.count == Set(order.values).count, "po/\(language).po: \(forms.count) forms")
        let messages = try TranslatedCatalogs.messages(language)
        for count in Array(0...200) + [1_000, 1_001, 1_000_000] {
            let category = rules.category(for: count)
            let index = try #require(order[category], "\(language): no form for CLDR's \(category) (\(count))")
            // The form as gettext chose it, before the number is filled in.
            let chosen = messages.text(english, plural: "{{ count }} months", count: count, ["count": "{{ count }}"])
                .filter { $0 != "\u{2068}" && $0 != "\u{2069}" }
            #expect(chosen == forms[index], "\(language) \(count): \(category) is form \(index)")
        }
    }

    /// The table tests of the issue: 0, 1, 2, 3, 5, 11, 21, 22 and 101 months in each language
    /// with more than two forms, as the app says them.
    @Test func monthsInTheLanguagesWithManyForms() throws {
        let expected: [String: [String]] = [
            "ru": [
                "0 месяцев", "1 месяц", "2 месяца", "3 месяца", "5 месяцев", "11 месяцев", "21 месяц", "22 месяца",
                "101 месяц",
            ],
            "pl": [
                "0 miesięcy", "1 miesiąc", "2 miesiące", "3 miesiące", "5 miesięcy", "11 miesięcy", "21 miesięcy",
                "22 miesiące", "101 miesięcy",
            ],
        ]
        for (language, words) in expected {
            let messages = try TranslatedCatalogs.messages(language)
            let said = [0, 1, 2, 3, 5, 11, 21, 22, 101].map { count in
                Messages.$current.withValue(messages) { SubscriptionPeriod(value: count, unit: .month).description }
            }
            #expect(said == words, "\(language)")
        }
        // Arabic and Hebrew: each number's form differs where CLDR's category does.
        for language in ["ar", "he"] {
            let messages = try TranslatedCatalogs.messages(language)
            let rules = try #require(PluralRules(language: language))
            let numbers = [0, 1, 2, 3, 5, 11, 21, 22, 101]
            let said = numbers.map { count in
                Messages.$current.withValue(messages) { SubscriptionPeriod(value: count, unit: .month).description }
            }
            for (i, a) in numbers.enumerated() {
                for (j, b) in numbers.enumerated() where i < j {
                    let sameCategory = rules.category(for: a) == rules.category(for: b)
                    let sameWords =
                        said[i].replacing(String(a), with: "#") == said[j].replacing(String(b), with: "#")
                    #expect(sameCategory == sameWords, "\(language): \(said[i]) / \(said[j])")
                }
            }
        }
    }

    @Test func theTemplateHasEveryMessageOfTheSourcesAndNoOther() throws {
        let extracted = NSTemporaryDirectory() + "tui-onboard-\(getpid())-extracted.pot"
        defer { try? FileManager.default.removeItem(atPath: extracted) }
        let extraction = try TranslatedCatalogs.run([
            "make", "--no-print-directory", "-s", "messages-pot", "POT_OUTPUT=\(extracted)",
        ])
        try #require(extraction.status == 0, "\(extraction.output)")
        let committed = Set(try TranslatedCatalogs.entries(of: TranslatedCatalogs.template).map(\.msgid))
        let current = Set(try TranslatedCatalogs.entries(of: extracted).map(\.msgid))
        #expect(
            current == committed,
            "run `make messages-template`: new \(current.subtracting(committed).sorted()), gone \(committed.subtracting(current).sorted())"
        )
        // Swift's interpolation is not gettext's: a message must name its values as variables.
        #expect(current.filter { $0.contains("\\(") }.isEmpty)
    }

    /// xgettext reads Swift as C, so it never sees a message inside an interpolation,
    /// `" \\(Messages.tr("Keys")) "`: that message would stay English in every language.
    @Test func noMessageHidesInsideAnInterpolation() throws {
        let found = try TranslatedCatalogs.run(["grep", "-rnE", #"\\\(Messages\.(tr|trn|trNoop)\("#, "Sources"])
        #expect(found.status == 1, "write `\" \" + Messages.tr(…)` instead:\n\(found.output)")
    }

    /// gettext's form index of each CLDR category, per language (CLDR's order, the categories
    /// a language uses for whole numbers; French, Spanish, Italian and Portuguese "many", for
    /// millions, shares the form of "other", as gettext's two-form rule has it).
    static let formOrder: [String: [PluralRules.Category: Int]] = {
        let oneOther: [PluralRules.Category: Int] = [.one: 0, .other: 1, .many: 1]
        let single: [PluralRules.Category: Int] = [.other: 0]
        return [
            "de": oneOther, "es": oneOther, "fr": oneOther, "it": oneOther, "pt_BR": oneOther,
            "ja": single, "ko": single, "zh_Hans": single,
            "ru": [.one: 0, .few: 1, .many: 2, .other: 2], "pl": [.one: 0, .few: 1, .many: 2, .other: 2],
            "ar": [.zero: 0, .one: 1, .two: 2, .few: 3, .many: 4, .other: 5],
            "he": [.one: 0, .two: 1, .other: 2, .many: 2],
        ]
    }()

    /// The forms whose CLDR category holds a single whole number up to 1,000.
    static func formsCoveringOneNumber(_ language: String) -> Set<Int> {
        guard let rules = PluralRules(language: language), let order = formOrder[language] else { return [] }
        var numbers: [Int: Int] = [:]
        for count in 0...1_000 { if let form = order[rules.category(for: count)] { numbers[form, default: 0] += 1 } }
        return Set(numbers.filter { $0.value == 1 }.keys)
    }
}
